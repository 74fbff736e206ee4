import type { Movement, StockType } from '@tradelog/projections/enterprise-data/movements';
import type {
  DeclarationRow,
  Direction,
  WarehouseOrderRow,
} from '@tradelog/projections/enterprise-data/tables';
import { enterpriseInRoles, nestedEnterpriseOf } from '@tradelog/schemas/documents/enterpriseFields';
import type { Reduction } from '../changes.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import {
  type Document,
  type DocumentEvent,
  type DocumentOf,
  documentTime,
  type FieldOf,
  type ItemsOf,
  listOf,
  logPosition,
  numberOf,
  type Provenance,
  text,
  untyped,
} from '../documents/event.ts';
import { olderThan } from '../documents/logOrder.ts';

/**
 * Enterprise data derivable from submissions (query spec §3): customs declarations, goods,
 * and warehouse orders with their stock movements (from which inventory, the warehouse summary
 * and the inbound/outbound details are read). Purchase and sales orders are served from the
 * order-status projection, which already holds each order's current fields.
 *
 * Every entity is replaced by the latest document in log order; a redelivered record changes
 * nothing, and neither does a document older in log order than the one the entity reflects (an
 * operator's retry of an old dead letter: superseded when that holds for every entity it names;
 * documents/logOrder.ts). This projection emits no change events: pushes follow orders and
 * chains.
 */
/** A declaration as the reducer keeps it: its row, keyed, with its document's fields. */
export interface Declaration extends Omit<DeclarationRow, 'declarationKey' | 'fields' | 'provenance'> {
  key: string;
  fields: Document;
  provenance: Provenance;
}

export interface GoodsItem {
  key: string;
  enterprise: string;
  goodsNo: string;
  fields: Readonly<Record<string, unknown>>;
  provenance: Provenance;
}

// A movement's, an order's and a direction's shape are declared once with their rows.
export type { Direction, Movement, StockType };

/** A goods line of a warehouse document. */
type WarehouseLine = ItemsOf<DocumentOf<Direction>, 'goodsList'>;

export interface WarehouseOrder extends Omit<WarehouseOrderRow, 'orderKey' | 'fields'> {
  key: string;
  movements: readonly Movement[];
  fields: Document;
}

export interface EnterpriseDataState {
  declarations: ReadonlyMap<string, Declaration>;
  goods: ReadonlyMap<string, GoodsItem>;
  warehouseOrders: ReadonlyMap<string, WarehouseOrder>;
}

export const emptyEnterpriseData = (): EnterpriseDataState => ({
  declarations: new Map(),
  goods: new Map(),
  warehouseOrders: new Map(),
});

export const declarationKey = (source: string, enterprise: string, orderNo: string) =>
  `${source}|${enterprise}|${orderNo}`;
export const goodsKey = (enterprise: string, goodsNo: string) => `${enterprise}|${goodsNo}`;
export const warehouseOrderKey = (direction: Direction, enterprise: string, orderNo: string) =>
  `${direction}|${enterprise}|${orderNo}`;

const same = (a: Provenance | undefined, b: Provenance) =>
  a !== undefined && logPosition(a) === logPosition(b);

function declarationOf(event: DocumentEvent): Declaration | undefined {
  if (event.type !== 'clearance' && event.type !== 'check') return undefined;
  const doc = event.document;
  const enterprise = enterpriseOfEvent(event);
  const orderNo = text(doc, 'entOrderNo');
  if (enterprise === undefined || orderNo === undefined) return undefined;
  const entryNo =
    text(doc, 'entryNo') ??
    listOf(doc, 'orderList')
      .map((item) => text(item, 'entryNo'))
      .find(Boolean) ??
    null;
  return {
    key: declarationKey(event.type, enterprise, orderNo),
    dataSource: event.type === 'check' ? '10' : '20',
    // The declared owner and declaring firm (schemas/src/documents/enterpriseFields.ts), the fields
    // ingest granted and the customs views filter on.
    ownerCode: enterpriseInRoles(event.type, doc, ['owner', 'consumingUnit']) ?? null,
    declareCode: enterpriseInRoles(event.type, doc, ['declaringFirm']) ?? null,
    orderNo,
    entryNo,
    ieFlag: text(doc, 'ieFlag') ?? null,
    declareTime:
      documentTime(doc, 'declareTime') ??
      documentTime(doc, 'releaseTime') ??
      documentTime(doc, 'orderCreateTime') ??
      null,
    fields: doc,
    provenance: event.provenance,
  };
}

/** Goods fields as the goods query answers them (query spec §3 "Goods"), from either source. */
function goodsFields(
  item: ItemsOf<DocumentOf<'goods'>, 'goodsList'> | DocumentOf<'synchronizeGoods'>,
  recordInfo: DocumentOf<'synchronizeGoods'>['recordInfo'],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    goodsName: text(item, 'goodsName') ?? text(item, 'entGoodsName'),
    barCode: text(item, 'barCode'),
    brand: text(item, 'brand'),
    // Not a goods-query field: the inbound and outbound details' categoryLevel1 (§3).
    firstCategory: text(item, 'firstCategory'),
    goodsSpec: text(item, 'specification') ?? text(item, 'specDescription'),
    recordPrice: numberOf(recordInfo, 'recordPrice') ?? numberOf(item, 'price'),
    // Not the declared or legal unit: what these name is not shown (query spec §3), so only
    // a document's own contractsUnit and qtpUnit answer them.
    contractsUnit: text(item, 'contractsUnit'),
    qtpUnit: text(item, 'qtpUnit'),
    goodsQualityDays: numberOf(item, 'goodsQualityDays'),
    goodsHsCode: text(item, 'hsCode'),
    produceComp: text(item, 'produceCompany'),
    kgs: numberOf(item, 'grossWeight'),
    net: numberOf(item, 'netWeight'),
    custassemCountry: text(item, 'orgCountry'),
    capital: text(item, 'capital'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

function goodsOf(
  event: DocumentEvent,
): { enterprise: string; goodsNo: string; fields: Record<string, unknown> }[] {
  if (event.type === 'goods') {
    // A line's own declared code wins for that line; the others are the document's.
    const header = enterpriseOfEvent(event);
    return listOf(event.document, 'goodsList').flatMap((item) => {
      const enterprise = nestedEnterpriseOf('goods', 'goodsList', 'customerCode', item) ?? header;
      const goodsNo = text(item, 'entGoodsNo') ?? text(item, 'goodsNo');
      return enterprise === undefined || goodsNo === undefined
        ? []
        : [{ enterprise, goodsNo, fields: goodsFields(item, undefined) }];
    });
  }
  if (event.type === 'synchronizeGoods') {
    const enterprise = enterpriseOfEvent(event);
    const recordInfo = event.document.recordInfo;
    const goodsNo = text(recordInfo, 'entGoodsNo') ?? text(event.document, 'barCode');
    return enterprise === undefined || goodsNo === undefined
      ? []
      : [{ enterprise, goodsNo, fields: goodsFields(event.document, recordInfo) }];
  }
  return [];
}

/**
 * A line's value for `qty` of its goods: the declared unit price times qty, else the declared
 * total in proportion of qty to the quantity it was declared for (`basis`: an outbound's actual
 * quantity may differ from its declared one, a tally splits a line into good and damaged
 * stock); null when the line states neither, so that no unpriced line adds 0.
 */
function lineValue(line: WarehouseLine, qty: number, basis: number | undefined): number | null {
  const unitPrice = numberOf(line, 'declareUnitPrice');
  if (unitPrice !== undefined) return unitPrice * qty;
  const total = numberOf(line, 'declareTotalPrice') ?? numberOf(line, 'totalDeclarePrice');
  if (total === undefined) return null;
  return basis === undefined || basis === 0 || basis === qty ? total : (total * qty) / basis;
}

function movementOf(
  line: WarehouseLine,
  sign: 1 | -1,
  qty: number | undefined,
  stockType: StockType,
  basis: number | undefined = qty,
): Movement | undefined {
  const goodsId = text(line, 'entGoodsNo') ?? text(line, 'goodsNo') ?? text(line, 'barCode');
  if (goodsId === undefined || qty === undefined || qty === 0) return undefined;
  const total = lineValue(line, qty, basis);
  return {
    goodsId,
    goodsName: text(line, 'goodsName') ?? text(line, 'entGoodsName') ?? null,
    barCode: text(line, 'barCode') ?? null,
    batchCode: text(line, 'lotNo') ?? '',
    stockType,
    qty: sign * qty,
    amount: total === null ? null : sign * total,
    // productionTime and expDate are the bonded e-commerce lines' names, which the warehouse
    // schemas do not declare but allow (unknown properties are accepted): read by name.
    productionTime:
      documentTime(line, 'productDate') ?? documentTime(untyped(line), 'productionTime') ?? null,
    expireTime: documentTime(line, 'expiryDate') ?? documentTime(untyped(line), 'expDate') ?? null,
  };
}

/**
 * Stock movements of a warehouse document (processors/README.md, "Inventory"): inbound lines
 * add their declared quantity, tally lines add what was counted (good and damaged stock
 * separately), outbound lines remove the actual quantity (else the declared one).
 */
function movementsOf(direction: Direction, doc: DocumentOf<Direction>): Movement[] {
  const lines = listOf(doc, 'goodsList');
  const out: (Movement | undefined)[] = [];
  for (const line of lines) {
    if (direction === 'inbound')
      out.push(movementOf(line, 1, numberOf(line, 'declareQty') ?? numberOf(line, 'enterpriseQty'), '0'));
    if (direction === 'outbound') {
      const declared = numberOf(line, 'declareQty');
      out.push(movementOf(line, -1, numberOf(line, 'actualQty') ?? declared, '0', declared));
    }
    if (direction === 'tally') {
      const good = numberOf(line, 'goodQty');
      const damaged = numberOf(line, 'damageQty');
      const counted =
        good === undefined && damaged === undefined
          ? numberOf(line, 'actReceiveQty')
          : (good ?? 0) + (damaged ?? 0);
      // A tally's declared total is for the quantity expected, else for what was counted.
      const basis = numberOf(line, 'expectReceiveQty') ?? counted;
      out.push(
        movementOf(
          line,
          1,
          good ?? (damaged === undefined ? numberOf(line, 'actReceiveQty') : undefined),
          '0',
          basis,
        ),
      );
      out.push(movementOf(line, 1, damaged, '1', basis));
    }
  }
  return out.filter((m): m is Movement => m !== undefined);
}

export function warehouseOrderOf(event: DocumentEvent): WarehouseOrder | undefined {
  if (event.type !== 'inbound' && event.type !== 'outbound' && event.type !== 'tally') return undefined;
  const direction: Direction = event.type;
  const doc = event.document;
  const enterprise = enterpriseOfEvent(event);
  const orderNo = direction === 'tally' ? text(doc, 'orderNo') : text(doc, 'entOrderNo');
  if (enterprise === undefined || orderNo === undefined) return undefined;
  const timeFields: readonly FieldOf<typeof doc>[] =
    direction === 'inbound'
      ? ['commitTime', 'orderCreateTime']
      : direction === 'outbound'
        ? ['deliverTime', 'commitTime', 'orderCreateTime']
        : ['tallyCompletedTime', 'tallyTime', 'arrivalTime'];
  return {
    key: warehouseOrderKey(direction, enterprise, orderNo),
    direction,
    enterprise,
    orderNo,
    warehouseId: text(doc, 'warehouseId') ?? null,
    warehouseName: text(doc, 'warehouseName') ?? null,
    occurredAt: timeFields.map((field) => documentTime(doc, field)).find(Boolean) ?? null,
    inboundOrderNo: direction === 'tally' ? (text(doc, 'inboundOrderNo') ?? null) : null,
    tallied: false,
    movements: movementsOf(direction, doc),
    fields: doc,
    provenance: event.provenance,
  };
}

/** The keys a step's slice must hold, for the consumer to load. */
export function lookupOf(event: DocumentEvent): {
  declarations: string[];
  goods: string[];
  warehouseOrders: string[];
  talliesOf: { enterprise: string; inboundOrderNo: string }[];
} {
  const declaration = declarationOf(event);
  const order = warehouseOrderOf(event);
  const warehouseOrders = order ? [order.key] : [];
  if (order?.direction === 'tally' && order.inboundOrderNo)
    warehouseOrders.push(warehouseOrderKey('inbound', order.enterprise, order.inboundOrderNo));
  return {
    declarations: declaration ? [declaration.key] : [],
    goods: goodsOf(event).map((g) => goodsKey(g.enterprise, g.goodsNo)),
    warehouseOrders,
    talliesOf:
      order?.direction === 'inbound' ? [{ enterprise: order.enterprise, inboundOrderNo: order.orderNo }] : [],
  };
}

export function reduceEnterpriseData(
  state: EnterpriseDataState,
  event: DocumentEvent,
): Reduction<EnterpriseDataState> {
  let changed = false;
  let older = false;
  const declarations = new Map(state.declarations);
  const goods = new Map(state.goods);
  const warehouseOrders = new Map(state.warehouseOrders);
  /** Whether the entity takes this event: not the record it reflects, nor older than it. */
  const takes = (current: Provenance | undefined) => {
    if (same(current, event.provenance)) return false;
    if (!olderThan(event.provenance, current)) return true;
    older = true;
    return false;
  };

  const declaration = declarationOf(event);
  if (declaration && takes(declarations.get(declaration.key)?.provenance)) {
    declarations.set(declaration.key, declaration);
    changed = true;
  }

  for (const item of goodsOf(event)) {
    const key = goodsKey(item.enterprise, item.goodsNo);
    const current = goods.get(key);
    if (!takes(current?.provenance)) continue;
    // Goods import and goods sync describe the same article; the later document's fields win,
    // fields it does not carry are kept.
    goods.set(key, {
      key,
      enterprise: item.enterprise,
      goodsNo: item.goodsNo,
      fields: { ...current?.fields, ...item.fields },
      provenance: event.provenance,
    });
    changed = true;
  }

  const order = warehouseOrderOf(event);
  if (order && takes(warehouseOrders.get(order.key)?.provenance)) {
    if (order.direction === 'inbound') {
      const tallied = [...warehouseOrders.values()].some(
        (other) =>
          other.direction === 'tally' &&
          other.enterprise === order.enterprise &&
          other.inboundOrderNo === order.orderNo,
      );
      warehouseOrders.set(order.key, { ...order, tallied });
    } else {
      warehouseOrders.set(order.key, order);
    }
    if (order.direction === 'tally' && order.inboundOrderNo) {
      const inboundKey = warehouseOrderKey('inbound', order.enterprise, order.inboundOrderNo);
      const inbound = warehouseOrders.get(inboundKey);
      if (inbound && !inbound.tallied) warehouseOrders.set(inboundKey, { ...inbound, tallied: true });
    }
    changed = true;
  }

  if (!changed) return { state, changes: [], ...(older ? { superseded: true } : {}) };
  return { state: { declarations, goods, warehouseOrders }, changes: [] };
}
