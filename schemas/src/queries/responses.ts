/**
 * The link-node answer's shape (query spec §3 "Link node"): besides flag, code and message, it
 * holds eleven blocks, each a list of documents. The block names are part of the query
 * contract, so the projection that files nodes into blocks, query-api that answers with them and
 * the console that draws them all take them from here.
 */

/** The eleven blocks of the link-node answer, in answer order. */
export const linkNodeBlocks = [
  'arrivalInfo',
  'intoDeclareInfo',
  'intoTransportInfo',
  'intoStorageInfo',
  'transfersInfo',
  'outStorageInfo',
  'outDeclareInfo',
  'outTransportInfo',
  'financingInfo',
  'purchaseInfo',
  'salesInfo',
] as const;

export type LinkNodeBlock = (typeof linkNodeBlocks)[number];
