import {
  type HistoryEntry,
  type HistoryOutcome,
  type OrderKind,
  type OrderState,
  type OrderStatus,
  orderKinds,
} from '@tradelog/projections/order-status/tables';
import type { ChangeEvent, ChangeKind } from '@tradelog/schemas/changes/contract';
import { canonicalSha256 } from '@tradelog/schemas/kit/log/headers';
import { changeEvent, type Reduction } from '../changes.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import {
  type Document,
  type DocumentEvent,
  type DocumentOf,
  type FieldOf,
  type ItemsOf,
  latestTime,
  listOf,
  logPosition,
  text,
} from '../documents/event.ts';
import { olderThan } from '../documents/logOrder.ts';

/**
 * Order status of purchase, sale-to-business and sale-to-consumer orders (submission spec §4:
 * 10 executing, 20 completed, 30 cancelled). The spec gives no transitions; these are ours,
 * chosen so that a lender can trust a status (processors/README.md, "Order status rules"):
 *
 * 1. The first document of an order sets it, whatever its status.
 * 2. Completed (20) and cancelled (30) are terminal: a later document with other content is
 *    recorded in the history as `rejected-terminal` and not applied.
 * 3. An executing order takes a later document unless the document's own time is older than
 *    the applied one (`rejected-stale`); without times, log order decides.
 * 4. A document identical to one already seen for the order (same content) changes nothing,
 *    not even the history; neither does a redelivered record.
 * 5. An order whose documents give no status is tracked all the same, with status `none` (not
 *    terminal); a later document without a status amends an order and keeps its status.
 * 6. A document older in log order than the one the order last applied (an operator's retry of
 *    an old dead letter) changes nothing, not even the history; when that holds for every order
 *    it states, it is superseded (documents/logOrder.ts).
 */
// The order's kinds, statuses and state are declared once with its row (projections/src/order-status/tables.ts).
export type { HistoryEntry, HistoryOutcome, OrderKind, OrderState, OrderStatus };
export { orderKinds };
export const terminalStatuses: readonly OrderStatus[] = ['20', '30'];

/**
 * The fields of one order: a purchase or sale-to-business document, or one order of a
 * sale-to-consumer document, which carries the document's enterprise.
 */
interface OrderFieldsOf {
  purchase: DocumentOf<'purchase'>;
  saleOrderToB: DocumentOf<'saleOrderToB'>;
  saleOrderToC: ItemsOf<DocumentOf<'saleOrderToC'>, 'orderList'> & { customerCode: string };
}
type OrderFields = OrderFieldsOf[OrderKind];

/** The time fields that say when each kind of order last moved (submission spec §3.11–3.13). */
const timeFields: { [K in OrderKind]: readonly FieldOf<OrderFieldsOf[K]>[] } = {
  purchase: ['orderTime', 'payTime', 'inboundTime'],
  saleOrderToB: ['orderTime', 'outboundTime'],
  saleOrderToC: ['orderTime', 'deliveryTime', 'declareTime', 'releaseTime'],
};

/**
 * One order as a document states it (a sale-to-consumer document states several): the order's
 * state without its provenance and history.
 */
export type OrderStatement = Omit<OrderState, 'provenance' | 'history'>;

export const orderKey = (kind: OrderKind, enterprise: string, orderNo: string) =>
  `${kind}|${enterprise}|${orderNo}`;

function isOrderKind(type: string): type is OrderKind {
  return (orderKinds as readonly string[]).includes(type);
}

export function statusOf(fields: Document): OrderStatus {
  const value = text(fields, 'orderStatus');
  return value === '10' || value === '20' || value === '30' ? value : 'none';
}

/**
 * The orders a document states. Orders without an enterprise or an order number cannot be
 * tracked and are left out (the document index still has them); an order without a status is
 * tracked with status `none` (rule 5).
 */
export function ordersOf(event: DocumentEvent): OrderStatement[] {
  if (!isOrderKind(event.type)) return [];
  const kind = event.type;
  const enterprise = enterpriseOfEvent(event);
  if (enterprise === undefined) return [];
  const candidates = orderFieldsOf(event, enterprise);
  const statements: OrderStatement[] = [];
  for (const fields of candidates) {
    const orderNo = text(fields, 'entOrderNo');
    const status = statusOf(fields);
    if (orderNo === undefined) continue;
    statements.push({
      kind,
      enterprise,
      orderNo,
      status,
      effectiveTime: latestTime(fields, timeFields[kind]) ?? null,
      contentSha256: canonicalSha256(fields),
      fields,
    });
  }
  return statements;
}

function orderFieldsOf(event: DocumentEvent, enterprise: string): readonly OrderFields[] {
  switch (event.type) {
    case 'purchase':
    case 'saleOrderToB':
      return [event.document];
    case 'saleOrderToC':
      return listOf(event.document, 'orderList').map((order) => ({ customerCode: enterprise, ...order }));
    default:
      return [];
  }
}

export type OrderStatusState = ReadonlyMap<string, OrderState>;

/** One statement's step on its order: the order after it (none: unchanged) and the change it announces. */
interface OrderStep {
  order?: OrderState;
  announced?: { kind: ChangeKind<'order-status'>; data: Record<string, unknown> };
}

/** The statement's line in its order's history, with what became of it. */
const historyEntry = (
  statement: OrderStatement,
  event: DocumentEvent,
  outcome: HistoryOutcome,
): HistoryEntry => ({
  status: statement.status,
  outcome,
  effectiveTime: statement.effectiveTime,
  contentSha256: statement.contentSha256,
  documentId: event.provenance.documentId,
  position: logPosition(event.provenance),
  receivedAt: event.provenance.receivedAt,
});

/** The order as the statement states it, its history followed by the statement's line. */
const appliedOrder = (
  statement: OrderStatement,
  event: DocumentEvent,
  outcome: HistoryOutcome,
  history: readonly HistoryEntry[],
): OrderState => ({
  kind: statement.kind,
  enterprise: statement.enterprise,
  orderNo: statement.orderNo,
  status: statement.status,
  effectiveTime: statement.effectiveTime,
  contentSha256: statement.contentSha256,
  fields: statement.fields,
  provenance: event.provenance,
  history: [...history, historyEntry(statement, event, outcome)],
});

/**
 * The rules for one statement on the order as it stands (none yet: created): a statement seen
 * before changes nothing; on a terminal or a later order it is only recorded as rejected.
 */
function orderStep(
  current: OrderState | undefined,
  statement: OrderStatement,
  event: DocumentEvent,
): OrderStep {
  if (current === undefined)
    return {
      order: appliedOrder(statement, event, 'applied', []),
      announced: { kind: 'order.created', data: { status: statement.status } },
    };
  const position = logPosition(event.provenance);
  const seen = current.history.some(
    (past) => past.position === position || past.contentSha256 === statement.contentSha256,
  );
  if (seen) return {};
  const rejected = (outcome: HistoryOutcome) => ({
    order: { ...current, history: [...current.history, historyEntry(statement, event, outcome)] },
  });
  if (terminalStatuses.includes(current.status)) return rejected('rejected-terminal');
  if (
    statement.effectiveTime !== null &&
    current.effectiveTime !== null &&
    statement.effectiveTime < current.effectiveTime
  )
    return rejected('rejected-stale');
  // Rule 5: a document without a status amends the order and keeps the status it has.
  if (statement.status === 'none' && current.status !== 'none')
    return {
      order: { ...appliedOrder(statement, event, 'amended', current.history), status: current.status },
      announced: { kind: 'order.amended', data: { status: current.status } },
    };
  if (statement.status !== current.status)
    return {
      order: appliedOrder(statement, event, 'applied', current.history),
      announced: { kind: 'order.status-changed', data: { from: current.status, to: statement.status } },
    };
  return {
    order: appliedOrder(statement, event, 'amended', current.history),
    announced: { kind: 'order.amended', data: { status: statement.status } },
  };
}

export function reduceOrderStatus(
  state: OrderStatusState,
  event: DocumentEvent,
): Reduction<OrderStatusState> {
  const next = new Map(state);
  const changes: ChangeEvent[] = [];
  let older = false;
  for (const statement of ordersOf(event)) {
    const key = orderKey(statement.kind, statement.enterprise, statement.orderNo);
    const current = next.get(key);
    if (olderThan(event.provenance, current?.provenance)) {
      older = true;
      continue;
    }
    const { order, announced } = orderStep(current, statement, event);
    if (order !== undefined) next.set(key, order);
    // The order's change event: its kind and number, then what changed.
    if (announced !== undefined)
      changes.push(
        changeEvent(
          'order-status',
          announced.kind,
          statement.enterprise,
          `${statement.kind}/${statement.orderNo}`,
          event.provenance,
          {
            kind: statement.kind,
            orderNo: statement.orderNo,
            ...announced.data,
          },
        ),
      );
  }
  if (changes.length === 0 && [...next].every(([k, v]) => state.get(k) === v))
    return { state, changes, ...(older ? { superseded: true } : {}) };
  return { state: next, changes };
}
