import { ident, type Queryable } from '../db.ts';

/**
 * Stock movements (query spec §3 stock queries): the goods lines of each warehouse order as they
 * move stock, kept apart from the order so that a tally can stop an inbound's lines counting
 * without rewriting them (processors/src/enterprise-data/reducer.ts decides, this writes).
 */

/** Query spec §3 stockType. */
export type StockType = '0' | '1';

/** A goods line of a warehouse order as it moves stock (processors/src/enterprise-data/reducer.ts). */
export interface Movement {
  goodsId: string;
  goodsName: string | null;
  barCode: string | null;
  batchCode: string;
  stockType: StockType;
  /** Signed: positive into the warehouse, negative out. */
  qty: number;
  /**
   * Signed like qty; null for a line that states no price (no declared total or unit price):
   * the warehouse summary counts such lines instead of adding 0 (projections/README.md).
   */
  amount: number | null;
  productionTime: string | null;
  expireTime: string | null;
}

/** A movement as the stock_movements table holds it: its line of the order, and the order's warehouse. */
export interface MovementRow extends Movement {
  lineNo: number;
  warehouseId: string;
}

/** An order's movements as a batch leaves them: its lines replaced (a new or corrected document), or only whether they count. */
export interface MovementUpdate {
  orderKey: string;
  enterprise: string;
  occurredAt: string | null;
  /** Whether the lines count (an inbound stops counting once tallied). */
  effective: boolean;
  /** The order's new lines; absent when only `effective` changed. */
  lines?: readonly MovementRow[];
}

/** Applies a batch's movement updates: three statements whatever the number of orders. */
export async function updateMovements(
  db: Queryable,
  schema: string,
  updates: readonly MovementUpdate[],
): Promise<void> {
  const s = ident(schema);
  const replaced = updates.filter((u) => u.lines !== undefined);
  const flagged = updates.filter((u) => u.lines === undefined);
  if (replaced.length > 0) {
    // The new lines are made before the old ones are deleted: Postgres deletes while they are
    // serialised, and the insert follows at once.
    const deleted = db.query(`DELETE FROM ${s}.stock_movements WHERE order_key = ANY($1)`, [
      replaced.map((u) => u.orderKey),
    ]);
    // Awaited below; marked handled now (a failed delete fails the insert after it too).
    deleted.catch(() => {});
    const lines = replaced.flatMap((u) =>
      (u.lines ?? []).map((m) => ({
        order_key: u.orderKey,
        line_no: m.lineNo,
        enterprise: u.enterprise,
        warehouse_id: m.warehouseId,
        goods_id: m.goodsId,
        goods_name: m.goodsName,
        bar_code: m.barCode,
        batch_code: m.batchCode,
        stock_type: m.stockType,
        qty: m.qty,
        amount: m.amount,
        occurred_at: u.occurredAt,
        production_time: m.productionTime,
        expire_time: m.expireTime,
        effective: u.effective,
      })),
    );
    const serialised = lines.length > 0 ? JSON.stringify(lines) : undefined;
    await deleted;
    if (serialised !== undefined)
      await db.query(
        `INSERT INTO ${s}.stock_movements (order_key, line_no, enterprise, warehouse_id, goods_id, goods_name, bar_code, batch_code,
           stock_type, qty, amount, occurred_at, production_time, expire_time, effective)
         SELECT order_key, line_no, enterprise, warehouse_id, goods_id, goods_name, bar_code, batch_code, stock_type, qty, amount,
           occurred_at, production_time, expire_time, effective
         FROM jsonb_to_recordset($1::jsonb) AS m(order_key text, line_no integer, enterprise text, warehouse_id text, goods_id text,
           goods_name text, bar_code text, batch_code text, stock_type text, qty numeric, amount numeric, occurred_at text,
           production_time text, expire_time text, effective boolean)`,
        [serialised],
      );
  }
  // `order_key = ANY($1)` as well as the join: through the key's index even before the table has
  // planner statistics (applyChainMerges, projections/src/link-node/tables.ts).
  if (flagged.length > 0)
    await db.query(
      `UPDATE ${s}.stock_movements m SET effective = u.effective
       FROM unnest($1::text[], $2::boolean[]) AS u(order_key, effective)
       WHERE m.order_key = ANY($1) AND m.order_key = u.order_key`,
      [flagged.map((u) => u.orderKey), flagged.map((u) => u.effective)],
    );
}
