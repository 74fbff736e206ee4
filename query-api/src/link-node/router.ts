import { linkNodeChainAsOf } from '@tradelog/processors/link-node/asOf';
import { findFirstReceived } from '@tradelog/projections/document-index/tables';
import {
  documentsTypeKeyClasses,
  findChainByKey,
  type NodeRow,
} from '@tradelog/projections/link-node/tables';
import { localizedError } from '@tradelog/schemas';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { declaredFieldsOf, rowSchemaOf } from '@tradelog/schemas/documents/declared';
import {
  type LinkNodeAnswer,
  type LinkNodeBlock,
  type LinkNodeDocument,
  type LinkNodePaging,
  linkNodeBlocks,
} from '@tradelog/schemas/queries/responses';
import { Router } from 'express';
import type pg from 'pg';
import {
  asOfMember,
  asOfOf,
  asOfRecordCap,
  assertWithinAsOfCap,
  beforeTheData,
  documentsOfNodes,
  type RecordSource,
  recordSourceOf,
  replayedRecords,
} from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, queryPath, validateQuery } from '../reads/requests.ts';
import { handle, readLive, readOptionsOf, sendReadWithPartners } from '../reads/respond.ts';

/**
 * A node's document as the blocks show it: the fields its schema declares, never a key a partner
 * added (README "What lenders are answered").
 */
const documentOf = (node: NodeRow): LinkNodeDocument => ({
  documentType: node.type,
  businessKey: node.businessKey,
  versions: node.versions,
  fields: declaredFieldsOfType(node.type, node.fields),
  provenance: node.provenance,
});

const knownTypes = new Set<string>(documentTypes.map((type) => type.id));
const declaredFieldsOfType = (type: string, fields: Record<string, unknown>) =>
  knownTypes.has(type) ? declaredFieldsOf(rowSchemaOf(type as DocumentTypeId), fields) : {};

/**
 * The answer's eleven blocks. No submission is a financing document, so `financingInfo` lists
 * the financing orders the chain's purchases name (processors/README.md "Link-node rules").
 */
export function linkNodeBlocksOf(nodes: readonly NodeRow[]): Record<LinkNodeBlock, LinkNodeDocument[]> {
  const blocks: Record<string, LinkNodeDocument[]> = Object.fromEntries(
    linkNodeBlocks.map((block) => [block, []]),
  );
  for (const node of nodes) {
    blocks[node.block]?.push(documentOf(node));
    const financingOrderNo = node.type === 'purchase' ? node.fields.financingOrderNo : undefined;
    if (typeof financingOrderNo === 'string' && financingOrderNo !== '') {
      blocks.financingInfo!.push({
        documentType: 'financing',
        businessKey: financingOrderNo,
        fields: {
          financingOrderNo,
          purchaseOrderNo: node.businessKey,
          purchaseAmount: node.fields.purchaseAmount,
          currency: node.fields.currency,
          poOrderNo: node.fields.poOrderNo,
        },
        provenance: node.provenance,
      });
    }
  }
  // Every block is a key: the map is made from linkNodeBlocks.
  return blocks as Record<LinkNodeBlock, LinkNodeDocument[]>;
}

type LinkNodeRequest = ReturnType<typeof validateQuery<'linkNode'>>;

const notFound = (request: LinkNodeRequest, details: Record<string, unknown>) =>
  localizedError(
    'LINK_NODE_NOT_FOUND',
    404,
    {
      cn: `未找到该企业类型为 ${request.documentsType} 的单据 ${request.documentsNo}`,
      en: `No document ${request.documentsNo} of type ${request.documentsType} for this enterprise`,
    },
    details,
  );

export function createLinkNodeRouter(deps: { pool: pg.Pool; records?: Partial<RecordSource> }): Router {
  const router = Router();
  const source = recordSourceOf(deps.records);
  router.post(
    queryPath('linkNode'),
    handle(async (req, res) => {
      const request = validateQuery('linkNode', req.body);
      assertEnterprise(callerOf(res), request.customerCode);
      const asOf = asOfOf(req, Date.now());
      // Its defaults filled by the validation: page 1 of 1,000 (README "Chains in pages").
      const page = pageOf(request);
      const key = {
        enterprise: request.customerCode,
        classes: documentsTypeKeyClasses[request.documentsType],
        value: request.documentsNo,
      };
      // As of a moment the chain is replayed from at most the cap's records: read one more to know.
      const read = asOf === undefined ? page : { limit: asOfRecordCap + 1, offset: 0 };
      const live = await readLive(
        deps.pool,
        'link-node',
        (schema, db) => findChainByKey(db, schema, key, read),
        readOptionsOf(req),
      );
      if (live.result.total === 0) throw notFound(request, { freshness: live.freshness });
      if (asOf === undefined) {
        await sendReadWithPartners(res, deps.pool, live, ({ chainId, total, nodes }) => ({
          ...chainAnswerOf(chainId!, nodes),
          ...pagingOf(page, total),
        }));
        return;
      }
      // As of a moment (README "As of a moment"): the chain has only grown since, so its records
      // received by then, folded by the projection's reducer, are the chain as it stood.
      // Every document has a record at least: more documents than the cap, more records.
      assertWithinAsOfCap(live.result.nodes, asOf);
      const documents = documentsOfNodes(live.result.nodes);
      const { records, freshness } = await replayedRecords(deps.pool, source, documents, asOf);
      const nodes = linkNodeChainAsOf(records, key);
      if (nodes.length === 0) {
        const first = await readLive(deps.pool, 'document-index', (schema, db) =>
          findFirstReceived(db, schema, documents),
        );
        throw beforeTheData(
          asOf,
          {
            cn: `类型为 ${request.documentsType} 的单据 ${request.documentsNo}`,
            en: `document ${request.documentsNo} of type ${request.documentsType}`,
          },
          first.result,
        );
      }
      const shown = nodes.slice(page.offset, page.offset + page.limit);
      await sendReadWithPartners(res, deps.pool, { result: shown, freshness }, (chain) => ({
        ...chainAnswerOf(nodes[0]!.chainId, chain),
        ...pagingOf(page, nodes.length),
        asOf: asOfMember(asOf, records),
      }));
    }),
  );
  return router;
}

const chainAnswerOf = (chainId: string, nodes: readonly NodeRow[]): LinkNodeAnswer => ({
  chainId,
  ...linkNodeBlocksOf(nodes),
});

const pagingOf = (page: { page: number; pageSize: number }, totalCount: number): LinkNodePaging => ({
  page: page.page,
  pageSize: page.pageSize,
  totalCount,
});
