import type {
  MonthlyStockRow,
  ReceiptLine,
  StockRow,
  WarehouseLineRow,
  WarehouseSummaryRow,
} from '@tradelog/projections/enterprise-data/queries';
import type { DeclarationRow, GoodsRow } from '@tradelog/projections/enterprise-data/tables';
import { eventsInLogOrder, type RecordAsOf } from '../documents/asOf.ts';
import { type DatedMovement, movementsOf } from './movements.ts';
import {
  type EnterpriseDataState,
  emptyEnterpriseData,
  type GoodsItem,
  reduceEnterpriseData,
  type WarehouseOrder,
} from './reducer.ts';
import { declarationRow } from './rows.ts';

/**
 * An enterprise's data as it stood at a past moment (query-api/README.md "As of a moment"): the
 * projection's own reducer (reduceEnterpriseData) folded from an empty state over the
 * enterprise's records received by then, and the read queries of
 * projections/src/enterprise-data/queries.ts answered from the folded state instead of the
 * tables (their order and grouping; the integration test holds both to one answer for `asOf` =
 * now). Stock is every effective movement ever, so the fold takes all of the enterprise's
 * warehouse records, not a period's.
 */
export type { RecordAsOf };

export interface EnterpriseDataAsOf {
  /** Declarations and warehouse orders (with their movements) as the reducer holds them. */
  state: EnterpriseDataState;
  /** Articles as the goods table keeps them: each source's fields apart, merged when read. */
  goods: ReadonlyMap<string, GoodsRow>;
}

/** The state the projection held after exactly these records. */
export function enterpriseDataStateOf(records: readonly RecordAsOf[]): EnterpriseDataAsOf {
  let state = emptyEnterpriseData();
  // The shell hands the reducer an article through the event's own source (goods import or goods
  // sync; projection.ts goodsView): one goods map per source, as the table's `sources`.
  const goodsBySource = new Map<string, ReadonlyMap<string, GoodsItem>>();
  for (const event of eventsInLogOrder(records)) {
    const before: EnterpriseDataState = { ...state, goods: goodsBySource.get(event.type) ?? new Map() };
    const after = reduceEnterpriseData(before, event).state;
    if (after === before) continue;
    if (after.goods !== before.goods) goodsBySource.set(event.type, after.goods);
    state = after;
  }
  const goods = new Map<string, GoodsRow>();
  for (const [source, items] of goodsBySource) {
    for (const item of items.values()) {
      const row = goods.get(item.key) ?? {
        goodsKey: item.key,
        enterprise: item.enterprise,
        goodsNo: item.goodsNo,
        sources: {},
        updatedAt: '',
      };
      const receivedAt = String(item.provenance.receivedAt);
      goods.set(item.key, {
        ...row,
        sources: {
          ...row.sources,
          [source]: { fields: { ...item.fields }, provenance: { ...item.provenance } },
        },
        updatedAt: compareText(receivedAt, row.updatedAt) > 0 ? receivedAt : row.updatedAt,
      });
    }
  }
  return { state: { ...state, goods: new Map() }, goods };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const maxText = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : compareText(a, b) < 0 ? b : a;
const minText = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : compareText(a, b) > 0 ? b : a;

const page = <T>(rows: T[], filter: { limit: number; offset: number }) => ({
  total: rows.length,
  rows: rows.slice(filter.offset, filter.offset + filter.limit),
});

/** listStock: stock per warehouse, goods, batch and stock type. */
export function stockAsOf(
  data: EnterpriseDataAsOf,
  filter: {
    enterprise: string;
    warehouseId: string | null;
    goodsIds: readonly string[] | null;
    limit: number;
    offset: number;
  },
): { total: number; rows: StockRow[] } {
  const groups = new Map<string, StockRow>();
  for (const m of movementsOf(data, filter.enterprise)) {
    if (filter.warehouseId !== null && m.warehouseId !== filter.warehouseId) continue;
    if (filter.goodsIds !== null && !filter.goodsIds.includes(m.goodsId)) continue;
    const key = JSON.stringify([m.warehouseId, m.goodsId, m.batchCode, m.stockType]);
    const row = groups.get(key) ?? {
      warehouseId: m.warehouseId,
      goodsId: m.goodsId,
      goodsName: null,
      barCode: null,
      batchCode: m.batchCode,
      stockType: m.stockType,
      qty: 0,
      firstInAt: null,
      productionTime: null,
      expireTime: null,
    };
    groups.set(key, {
      ...row,
      goodsName: maxText(row.goodsName, m.goodsName),
      barCode: maxText(row.barCode, m.barCode),
      qty: row.qty + m.qty,
      firstInAt: m.qty > 0 ? minText(row.firstInAt, m.occurredAt) : row.firstInAt,
      productionTime: maxText(row.productionTime, m.productionTime),
      expireTime: maxText(row.expireTime, m.expireTime),
    });
  }
  const rows = [...groups.values()].sort(
    (a, b) =>
      compareText(a.warehouseId, b.warehouseId) ||
      compareText(a.goodsId, b.goodsId) ||
      compareText(a.batchCode, b.batchCode) ||
      compareText(a.stockType, b.stockType),
  );
  return page(rows, filter);
}

/** warehouseSummary: inputs and outputs within [from, to) and the stock standing at `to`. */
export function warehouseSummaryAsOf(
  data: EnterpriseDataAsOf,
  filter: { enterprise: string; from: string; to: string },
): WarehouseSummaryRow {
  const upTo = movementsOf(data, filter.enterprise).filter(
    (m) => m.occurredAt !== null && compareText(m.occurredAt, filter.to) < 0,
  );
  const within = upTo.filter((m) => compareText(m.occurredAt ?? '', filter.from) >= 0);
  const inputs = within.filter((m) => m.qty > 0);
  const outputs = within.filter((m) => m.qty < 0);
  const sum = (ms: readonly DatedMovement[], of: (m: DatedMovement) => number | null) =>
    ms.reduce((total, m) => total + (of(m) ?? 0), 0);
  const stock = new Map<string, { qty: number; amount: number; unpriced: number }>();
  for (const m of upTo) {
    const goods = stock.get(m.goodsId) ?? { qty: 0, amount: 0, unpriced: 0 };
    stock.set(m.goodsId, {
      qty: goods.qty + m.qty,
      amount: goods.amount + (m.amount ?? 0),
      unpriced: goods.unpriced + (m.amount === null ? 1 : 0),
    });
  }
  const held = [...stock.values()];
  return {
    inputQty: sum(inputs, (m) => m.qty),
    inputAmount: sum(inputs, (m) => m.amount),
    inputSkuNum: new Set(inputs.map((m) => m.goodsId)).size,
    // 0 - x, not -x: no outputs is 0, not -0.
    outputQty: 0 - sum(outputs, (m) => m.qty),
    outputAmount: 0 - sum(outputs, (m) => m.amount),
    outputSkuNum: new Set(outputs.map((m) => m.goodsId)).size,
    inventoryQty: held.reduce((total, goods) => total + goods.qty, 0),
    inventoryAmount: held.reduce((total, goods) => total + goods.amount, 0),
    inventorySkuNum: held.filter((goods) => goods.qty > 0).length,
    inputUnpricedLines: inputs.filter((m) => m.amount === null).length,
    outputUnpricedLines: outputs.filter((m) => m.amount === null).length,
    inventoryUnpricedLines: held.reduce((total, goods) => total + goods.unpriced, 0),
  };
}

/**
 * listWarehouseLines: the goods lines of the enterprise's inbound or outbound orders within
 * [from, to), orders in the order they were first received (the table numbers the orders first
 * written in one batch by key instead: README "As of a moment").
 */
export function warehouseLinesAsOf(
  data: EnterpriseDataAsOf,
  filter: {
    enterprise: string;
    direction: 'inbound' | 'outbound';
    from: string;
    to: string;
    limit: number;
    offset: number;
  },
): { total: number; rows: WarehouseLineRow[] } {
  // A map keeps the place of a key first set: orders stand in the order first folded.
  const rows = [...data.state.warehouseOrders.values()]
    .filter(
      (order) =>
        order.enterprise === filter.enterprise &&
        order.direction === filter.direction &&
        order.occurredAt !== null &&
        compareText(order.occurredAt, filter.from) >= 0 &&
        compareText(order.occurredAt, filter.to) < 0,
    )
    .flatMap((order) => {
      const lines: unknown = order.fields.goodsList;
      return (Array.isArray(lines) ? lines : []).map(
        (line, index): WarehouseLineRow => ({
          orderNo: order.orderNo,
          warehouseId: order.warehouseId,
          occurredAt: order.occurredAt,
          lineNo: index + 1,
          line: line as Record<string, unknown>,
        }),
      );
    });
  return page(rows, filter);
}

/** listGoods: an enterprise's articles by number, optionally only those updated since a time. */
export function goodsAsOf(
  data: EnterpriseDataAsOf,
  filter: { enterprise: string; since?: string; limit: number; offset: number },
): { total: number; rows: GoodsRow[] } {
  const since = filter.since === undefined ? undefined : Date.parse(filter.since);
  const rows = [...data.goods.values()]
    .filter(
      (row) =>
        row.enterprise === filter.enterprise && (since === undefined || Date.parse(row.updatedAt) >= since),
    )
    .sort((a, b) => compareText(a.goodsNo, b.goodsNo));
  return page(rows, filter);
}

/** findGoodsOf: an enterprise's articles by their numbers. */
export function goodsOfAsOf(
  data: EnterpriseDataAsOf,
  enterprise: string,
  goodsNos: readonly string[],
): GoodsRow[] {
  return [...data.goods.values()].filter(
    (row) => row.enterprise === enterprise && goodsNos.includes(row.goodsNo),
  );
}

/** The day after a 'yyyy-mm-dd' day, as 'yyyy-mm-dd' (Postgres' `date + 1`). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * listDeclarations for an owner (enterpriseType 10): its declarations from one data source
 * declared within [startDate, endDate], by declaration time and key.
 */
export function ownerDeclarationsAsOf(
  data: EnterpriseDataAsOf,
  filter: {
    enterprise: string;
    dataSource: '10' | '20';
    startDate: string;
    endDate: string;
    limit: number;
    offset: number;
  },
): { total: number; rows: DeclarationRow[] } {
  const end = dayAfter(filter.endDate);
  const rows = [...data.state.declarations.values()]
    .filter(
      (declaration) =>
        declaration.ownerCode === filter.enterprise &&
        declaration.dataSource === filter.dataSource &&
        declaration.declareTime !== null &&
        compareText(declaration.declareTime, filter.startDate) >= 0 &&
        compareText(declaration.declareTime, end) < 0,
    )
    .sort((a, b) => compareText(a.declareTime ?? '', b.declareTime ?? '') || compareText(a.key, b.key))
    .map(declarationRow);
  return page(rows, filter);
}

/**
 * findReceiptLines: the lines behind warehouse receipts (each its inbound document, by topic and
 * record key, of its enterprise) — the receipt's inbound order, or the tallies that replaced its
 * lines once tallied — with the stock of each line's goods and lot in its warehouse then.
 */
export function receiptLinesAsOf(
  data: EnterpriseDataAsOf,
  receipts: readonly { enterprise: string; topic: string; recordKey: string }[],
): ReceiptLine[] {
  const orders = [...data.state.warehouseOrders.values()];
  const effective = (order: WarehouseOrder) => !(order.direction === 'inbound' && order.tallied);
  const onHand = (enterprise: string, warehouseId: string, goodsId: string, batchCode: string) =>
    movementsOf(data, enterprise)
      .filter((m) => m.warehouseId === warehouseId && m.goodsId === goodsId && m.batchCode === batchCode)
      .reduce((total, m) => total + m.qty, 0);
  const lines = receipts.flatMap((receipt) =>
    orders
      .filter(
        (inbound) =>
          inbound.enterprise === receipt.enterprise &&
          inbound.direction === 'inbound' &&
          inbound.provenance.topic === receipt.topic &&
          inbound.provenance.recordKey === receipt.recordKey,
      )
      .flatMap((inbound) =>
        orders.filter(
          (order) =>
            order.enterprise === inbound.enterprise &&
            ((order.direction === 'inbound' &&
              order.orderNo === inbound.orderNo &&
              order.warehouseId === inbound.warehouseId) ||
              (order.direction === 'tally' && order.inboundOrderNo === inbound.orderNo)),
        ),
      )
      .filter(effective)
      .flatMap((order) =>
        order.movements
          .filter((m) => m.qty > 0)
          .map(
            (m): ReceiptLine => ({
              enterprise: receipt.enterprise,
              topic: receipt.topic,
              recordKey: receipt.recordKey,
              warehouseId: order.warehouseId ?? '',
              goodsId: m.goodsId,
              batchCode: m.batchCode,
              qty: m.qty,
              amount: m.amount,
              onHand: onHand(receipt.enterprise, order.warehouseId ?? '', m.goodsId, m.batchCode),
            }),
          ),
      ),
  );
  return lines.sort(
    (a, b) =>
      compareText(a.enterprise, b.enterprise) ||
      compareText(a.topic, b.topic) ||
      compareText(a.recordKey, b.recordKey) ||
      compareText(a.goodsId, b.goodsId) ||
      compareText(a.batchCode, b.batchCode),
  );
}

/**
 * monthlyStockMovements: an enterprise's effective movements per month through `toMonth`
 * (yyyy-MM), with the running stock at each month's end; months without movements are absent.
 */
export function monthlyStockMovementsAsOf(
  data: EnterpriseDataAsOf,
  filter: { enterprise: string; toMonth: string },
): MonthlyStockRow[] {
  const months = new Map<string, DatedMovement[]>();
  for (const m of movementsOf(data, filter.enterprise)) {
    if (m.occurredAt === null) continue;
    const month = m.occurredAt.slice(0, 7);
    if (compareText(month, filter.toMonth) > 0) continue;
    months.set(month, [...(months.get(month) ?? []), m]);
  }
  let inventoryQty = 0;
  let inventoryAmount = 0;
  let inventoryUnpricedLines = 0;
  return [...months.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([month, ms]) => {
      const inputs = ms.filter((m) => m.qty > 0);
      const outputs = ms.filter((m) => m.qty < 0);
      const sum = (of: readonly DatedMovement[], value: (m: DatedMovement) => number | null) =>
        of.reduce((total, m) => total + (value(m) ?? 0), 0);
      inventoryQty += sum(ms, (m) => m.qty);
      inventoryAmount += sum(ms, (m) => m.amount);
      inventoryUnpricedLines += ms.filter((m) => m.amount === null).length;
      return {
        month,
        inputQty: sum(inputs, (m) => m.qty),
        inputAmount: sum(inputs, (m) => m.amount),
        // 0 - x, not -x: no outputs is 0, not -0.
        outputQty: 0 - sum(outputs, (m) => m.qty),
        outputAmount: 0 - sum(outputs, (m) => m.amount),
        inventoryQty,
        inventoryAmount,
        inputUnpricedLines: inputs.filter((m) => m.amount === null).length,
        outputUnpricedLines: outputs.filter((m) => m.amount === null).length,
        inventoryUnpricedLines,
      };
    });
}
