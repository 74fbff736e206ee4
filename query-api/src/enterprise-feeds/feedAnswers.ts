import type { FeedRowRecord } from '@tradelog/projections/enterprise-feeds/tables';
import { declaredFieldsOf } from '@tradelog/schemas/documents/declared';
import type { JsonSchema } from '@tradelog/schemas/documents/json-schema';

/** The enterprise-feed answers' fields and shapes (query spec §3), pure. */

export type Content = Record<string, unknown>;

export const pick = (fields: Content, names: readonly string[]): Content =>
  Object.fromEntries(names.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]));

export const inWarehouseFields = [
  'countDate',
  'cooperationTime',
  'valueOfTotal',
  'inventoryOfSix',
  'deliveryOfSix',
  'turnoverRate',
  'mainBrand',
  'categoryL1',
  'categoryL2',
  'categoryL3',
  'brandValueRate',
  'deliveryOfThree',
  'deliveryOfPast',
  'deliveryYoY',
  'warehouseId',
  'categoryValueList',
] as const;

export const indicatorFields = [
  'warehouseId',
  'snapshotTime',
  'inventoryQty',
  'inventoryAmount',
  'inputNum',
  'inputQty',
  'inputAmount',
  'outputNum',
  'outputQty',
  'outputAmount',
] as const;

export const accountFields = [
  'platform',
  'accountName',
  'bankName',
  'bankAccount',
  'changeTime',
  'changeInfo',
] as const;

export const rankingFieldOf = {
  '0': ['sumUpRanking'],
  '1': ['highEndRanking'],
  '2': ['popularRanking'],
} as const;
export const allRankings = ['sumUpRanking', 'highEndRanking', 'popularRanking'] as const;

/** Channel rows (period '') and their period rows, grouped by scope in scope order. */
export function channels(rows: readonly FeedRowRecord[]): { channel: Content; periods: Content[] }[] {
  const byScope = new Map<string, { channel: Content; periods: Content[] }>();
  for (const row of rows) {
    const entry = byScope.get(row.scope) ?? { channel: {}, periods: [] };
    if (row.period === '') entry.channel = row.content;
    else entry.periods.push(row.content);
    byScope.set(row.scope, entry);
  }
  return [...byScope.values()];
}

/** One part of each period, cut down to the fields its schema declares (README "What lenders are answered"). */
export const parts = (periods: readonly Content[], part: string, schema: JsonSchema): Content[] =>
  periods
    .map((period) => period[part])
    .filter((value): value is Content => typeof value === 'object' && value !== null)
    .map((value) => declaredFieldsOf(schema, value));
