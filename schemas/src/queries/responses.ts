import type { AsOfReflected } from './freshness.ts';

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

/**
 * A document of a link-node block as `POST /open/info/link/node` answers it
 * (query-api/src/link-node/router.ts): the fields its schema declares, and where it came from with
 * its partner named (`partnerName`, query-api/README.md "Provenance").
 */
export type LinkNodeDocument = {
  documentType: string;
  businessKey: string;
  /** The versions of it received; absent on a financing order, which no submission is. */
  versions?: number;
  fields: Record<string, unknown>;
  provenance: Record<string, unknown>;
};

/**
 * The link-node answer's members besides the envelope and the `freshness` every lender read
 * carries: the chain's id, its eleven blocks and, asked as of a moment, what it reflects.
 */
export type LinkNodeAnswer = { chainId: string; asOf?: AsOfReflected } & Record<
  LinkNodeBlock,
  LinkNodeDocument[]
>;

/**
 * Which page of the chain's documents an answer holds (query-api README "Chains in pages"):
 * `totalCount` is the number of documents in the chain (the financing orders `financingInfo`
 * derives from purchases are not counted); a page holding fewer than `pageSize` is the last.
 */
export type LinkNodePaging = { page: number; pageSize: number; totalCount: number };

/**
 * The goods query's fields besides goodsNo (query spec §3 "Goods"), in the spec's order: every
 * one is answered, null when no goods import or sync gave it.
 */
export const goodsQueryFields = [
  'goodsName',
  'barCode',
  'brand',
  'goodsSpec',
  'recordPrice',
  'contractsUnit',
  'qtpUnit',
  'goodsHsCode',
  'goodsQualityDays',
  'produceComp',
  'kgs',
  'net',
  'custassemCountry',
] as const;
