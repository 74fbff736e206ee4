import { enterpriseDataStateOf } from '@tradelog/processors/enterprise-data/asOf';
import type pg from 'pg';
import { asOfMember, type RecordSource, recordSourceOf, replayedEnterpriseRecords } from '../reads/asOf.ts';

/**
 * What every enterprise route reads with: the pool, the log's records for answers as of a moment
 * (README "As of a moment"), and the document types each query replays.
 */
export interface EnterpriseReads {
  pool: pg.Pool;
  source: RecordSource;
  /** An enterprise's data as of a moment: its records of these types up to then, folded. */
  dataAsOf: (
    enterprise: string,
    types: readonly string[],
    asOf: Date,
  ) => ReturnType<typeof enterpriseDataAsOf>;
}

async function enterpriseDataAsOf(
  pool: pg.Pool,
  source: RecordSource,
  enterprise: string,
  types: readonly string[],
  asOf: Date,
) {
  const { records, freshness } = await replayedEnterpriseRecords(
    pool,
    source,
    { enterprises: [enterprise], types },
    asOf,
  );
  return { data: enterpriseDataStateOf(records), freshness, asOf: asOfMember(asOf, records) };
}

export function enterpriseReadsOf(deps: { pool: pg.Pool; records?: Partial<RecordSource> }): EnterpriseReads {
  const { pool } = deps;
  const source = recordSourceOf(deps.records);
  return {
    pool,
    source,
    dataAsOf: (enterprise, types, asOf) => enterpriseDataAsOf(pool, source, enterprise, types, asOf),
  };
}

/**
 * The document types each enterprise-data query replays as of a moment (README "As of a
 * moment"): what its rows derive from. Stock is every movement ever, so inventory and the
 * summary replay all of the enterprise's warehouse records, not a period's.
 */
export const goodsTypes = ['goods', 'synchronizeGoods'] as const;
export const warehouseTypes = ['inbound', 'outbound', 'tally'] as const;
export const orderKinds = ['purchase', 'saleOrderToB', 'saleOrderToC'] as const;

/** Why a query is answered live only (README "As of a moment"). */
export const liveOnly = {
  declaringFirm: {
    cn: '报关单按货主归属，日志索引无法按申报企业找到其记录',
    en: 'declarations are attributed to their owner, so the document index cannot find them by the declaring firm',
  },
  warehouseReports: {
    cn: 'dataSource 20 为仓库自报的库存快照（企业数据推送），不由单据折叠得出',
    en: 'dataSource 20 is the stock the warehouse reports (enterprise feeds), not folded from documents',
  },
} as const;
