import { portfolioAsOf } from '@tradelog/processors/collateral/asOf';
import type { RecordAsOf } from '@tradelog/processors/documents/asOf';
import { enterpriseDataStateOf, receiptLinesAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { findFirstFinancingSeen, findPortfolioNodes } from '@tradelog/projections/collateral/queries';
import type pg from 'pg';
import {
  asOfMember,
  asOfRecordCap,
  assertWithinAsOfCap,
  beforeTheData,
  documentsOfNodes,
  type RecordSource,
  replayedEnterpriseRecords,
  replayedRecords,
} from '../reads/asOf.ts';
import { readLive } from '../reads/respond.ts';
import { receiptsOf } from './receipts.ts';

/** The warehouse documents stock is folded from (processors/src/enterprise-data/reducer.ts). */
const warehouseTypes = ['inbound', 'outbound', 'tally'];

/** Once each, by log position: a record replayed for the chains and for the stock counts once. */
const uniqueRecords = (records: readonly RecordAsOf[]) => [
  ...new Map(
    records.map((record) => {
      const { topic, partition, offset } = record.event.provenance;
      return [`${topic}\u0000${partition}\u0000${offset}`, record] as const;
    }),
  ).values(),
];

/**
 * The portfolio as it stood at a moment (query-api/README.md "Portfolio", "As of a moment"), in
 * two replays of at most `asOfRecordCap` records each: the chains holding a piece of the
 * enterprises' financings seen by then, through the collateral projection's own step
 * (`portfolioAsOf`: which financings were open, their purchases, pieces, latest documents and
 * alerts); then the warehouse records of the enterprises holding a receipt among them, through
 * enterprise data's reducer (`receiptLinesAsOf`: the stock behind each receipt then). Returns
 * what the live read returns, and what each part reflects.
 */
export async function readPortfolioAsOf(
  deps: { pool: pg.Pool; source: RecordSource },
  query: { enterprises: readonly string[] | null; limit: number; granted: (enterprise: string) => boolean },
  asOf: Date,
) {
  const { pool, source } = deps;
  const nodes = await readLive(pool, 'collateral', (schema, db) =>
    findPortfolioNodes(db, schema, {
      enterprises: query.enterprises,
      seenBy: asOf,
      limit: asOfRecordCap + 1,
    }),
  );
  assertWithinAsOfCap(nodes.result, asOf);
  if (nodes.result.length === 0) {
    const first = await readLive(pool, 'collateral', (schema, db) =>
      findFirstFinancingSeen(db, schema, query.enterprises),
    );
    if (first.result !== null)
      throw beforeTheData(
        asOf,
        { cn: '所授权企业的任何融资单', en: 'any financing of the enterprises granted' },
        first.result,
      );
  }
  const chains = await replayedRecords(pool, source, documentsOfNodes(nodes.result), asOf);
  const financings = portfolioAsOf(chains.records, query);
  const receipts = receiptsOf(financings);
  const enterprises = [...new Set(receipts.map((receipt) => receipt.enterprise))];
  const stock =
    enterprises.length === 0
      ? { records: [], freshness: chains.freshness }
      : await replayedEnterpriseRecords(pool, source, { enterprises, types: warehouseTypes }, asOf, false);
  return {
    financings,
    lines: receiptLinesAsOf(enterpriseDataStateOf(stock.records), receipts),
    asOf: asOfMember(asOf, uniqueRecords([...chains.records, ...stock.records]), query.granted),
    reflected: {
      collateral: { asOf: asOfMember(asOf, chains.records, query.granted) },
      enterpriseData: { asOf: asOfMember(asOf, stock.records, query.granted) },
    },
    // Both replays found their records through the document index.
    freshness: { documentIndex: stock.freshness },
  };
}
