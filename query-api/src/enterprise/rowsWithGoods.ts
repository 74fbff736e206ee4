import { type EnterpriseDataAsOf, goodsOfAsOf } from '@tradelog/processors/enterprise-data/asOf';
import type { Queryable } from '@tradelog/projections';
import { findGoodsOf } from '@tradelog/projections/enterprise-data/queries';
import { type GoodsRow, mergedGoodsFields } from '@tradelog/projections/enterprise-data/tables';
import type { Request } from 'express';
import { liveOrAsOf } from '../reads/asOf.ts';
import { readLive, readOptionsOf } from '../reads/respond.ts';
import { type EnterpriseReads, goodsTypes, warehouseTypes } from './enterpriseReads.ts';

/**
 * A page of warehouse rows read with the goods articles they name, live or as of a moment: the
 * inventory (stock rows, for their capital) and the inbound and outbound details (lines, for
 * what a line does not carry). Live, the articles are read in the same read as the rows; as of a
 * moment, both fold from one replay of the enterprise's warehouse and goods records.
 */
export interface RowsWithGoods<T> {
  listed: T;
  /** Each article's fields, merged over its goods documents, by goods number. */
  goods: ReadonlyMap<string, Record<string, unknown>>;
}

const withGoods = <T>(listed: T, goods: readonly GoodsRow[]): RowsWithGoods<T> => ({
  listed,
  goods: new Map(goods.map((row) => [row.goodsNo, mergedGoodsFields(row)])),
});

export function readRowsWithGoods<T>(
  reads: EnterpriseReads,
  req: Request,
  asked: {
    enterprise: string;
    asOf: Date | undefined;
    /** The rows from the live projection. */
    live: (db: Queryable, schema: string) => Promise<T>;
    /** The same rows from the enterprise's data as of a moment. */
    replayed: (data: EnterpriseDataAsOf) => T;
    /** The goods numbers the rows name. */
    goodsNumbersOf: (listed: T) => string[];
  },
) {
  const { enterprise } = asked;
  return liveOrAsOf(
    asked.asOf,
    () =>
      readLive(
        reads.pool,
        'enterprise-data',
        async (s, db) => {
          const listed = await asked.live(db, s);
          return withGoods(listed, await findGoodsOf(db, s, enterprise, asked.goodsNumbersOf(listed)));
        },
        readOptionsOf(req),
      ),
    async (asOf) => {
      const replayed = await reads.dataAsOf(enterprise, [...warehouseTypes, ...goodsTypes], asOf);
      const listed = asked.replayed(replayed.data);
      return {
        ...replayed,
        result: withGoods(listed, goodsOfAsOf(replayed.data, enterprise, asked.goodsNumbersOf(listed))),
      };
    },
  );
}
