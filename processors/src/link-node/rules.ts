import { rememberedPerObject } from '@tradelog/schemas/kit/runtime/remembered';
import { linkNodeBlocks } from '@tradelog/schemas/queries/responses';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import {
  type DocumentEvent,
  type DocumentOf,
  type DocumentTypeId,
  type FieldOf,
  type ItemsOf,
  listOf,
  text,
} from '../documents/event.ts';

/**
 * Linking rules (processors/README.md, "Link-node rules"). A document becomes one node per
 * business document (type + business key), carries a set of link keys, and sits in exactly one
 * block of the link-node answer (query spec §3 "Link node"). Two nodes of the SAME enterprise
 * sharing any link key (same class, same value) are in one chain; nodes of different
 * enterprises never are.
 */
export const blocks = linkNodeBlocks;
export type Block = (typeof blocks)[number];

export interface LinkKey {
  /** The key class: the same number under two field names is one class (e.g. wmsOrderNo of a purchase is an inboundOrderNo). */
  cls: string;
  value: string;
}

export interface NodeStatement {
  nodeId: string;
  enterprise: string;
  type: DocumentTypeId;
  businessKey: string;
  block: Block;
  keys: LinkKey[];
  fields: NodeFields;
}

/**
 * The fields a node is made of: its document's, or for a sale-to-consumer document one of its
 * orders, which carries the document's enterprise.
 */
type NodeFieldsOf<T extends DocumentTypeId> = T extends 'saleOrderToC'
  ? ItemsOf<DocumentOf<'saleOrderToC'>, 'orderList'> & { customerCode: string }
  : DocumentOf<T>;
type NodeFields = NodeFieldsOf<DocumentTypeId>;

/** Which fields of a document are link keys, and under which class. Plain ones link as themselves. */
const plainKeys: readonly FieldOf<NodeFields>[] = [
  'entOrderNo',
  'busiOrderNo',
  'billNo',
  'contractNo',
  'poOrderNo',
  'financingOrderNo',
  'checkNo',
  'entryNo',
  'inboundOrderNo',
  'outboundOrderNo',
];

const extraKeys: { [T in DocumentTypeId]?: readonly [field: FieldOf<NodeFieldsOf<T>>, cls: string][] } = {
  // An inbound's own number is the inbound order number others quote (tally, clearance).
  inbound: [['entOrderNo', 'inboundOrderNo']],
  outbound: [['entOrderNo', 'outboundOrderNo']],
  // Purchases go into the warehouse and sales out of it under the WMS order number.
  purchase: [
    ['entOrderNo', 'purchaseOrderNo'],
    ['wmsOrderNo', 'wmsOrderNo'],
    ['wmsOrderNo', 'inboundOrderNo'],
  ],
  saleOrderToB: [
    ['wmsOrderNo', 'wmsOrderNo'],
    ['wmsOrderNo', 'outboundOrderNo'],
  ],
  saleOrderToC: [['platformOrderNo', 'platformOrderNo']],
  // Clearance names the bill of lading as transportBlno / blno.
  clearance: [
    ['entOrderNo', 'declareOrderNo'],
    ['transportBlno', 'billNo'],
    ['blno', 'billNo'],
  ],
  internalTransport: [['logisticsNo', 'logisticsNo']],
  bondedEcLogistics: [['wayBillNo', 'wayBillNo']],
  tally: [['orderNo', 'tallyOrderNo']],
};

/** Master data (goods import, goods sync) describes goods, not shipments: it joins no chain. */
const chainless: readonly DocumentTypeId[] = ['goods', 'synchronizeGoods'];

function blockOf(type: DocumentTypeId, fields: NodeFields): Block | undefined {
  switch (type) {
    case 'pod':
      return 'arrivalInfo';
    case 'clearance':
    case 'check':
      return text(fields, 'ieFlag') === 'E' ? 'outDeclareInfo' : 'intoDeclareInfo';
    case 'internalTransport':
      return 'intoTransportInfo';
    case 'bondedEcLogistics':
      return 'outTransportInfo';
    case 'inbound':
      return text(fields, 'inputType') === '20' ? 'transfersInfo' : 'intoStorageInfo';
    case 'tally':
      return 'intoStorageInfo';
    case 'outbound':
      return text(fields, 'outputType') === '20' ? 'transfersInfo' : 'outStorageInfo';
    case 'purchase':
      return 'purchaseInfo';
    case 'saleOrderToB':
    case 'saleOrderToC':
    case 'ondedEcOrder':
      return 'salesInfo';
    default:
      return undefined;
  }
}

function keysOf(type: DocumentTypeId, fields: NodeFields): LinkKey[] {
  const keys = new Map<string, LinkKey>();
  const add = (cls: string, value: string | undefined) => {
    if (value !== undefined) keys.set(`${cls}\u0000${value}`, { cls, value });
  };
  for (const field of plainKeys) add(field, text(fields, field));
  for (const [field, cls] of extraKeys[type] ?? []) add(cls, text(fields, field));
  // A check note lists the declarations (entryNo) it covers (§3.5).
  for (const item of listOf(fields, 'orderList')) add('entryNo', text(item, 'entryNo'));
  return [...keys.values()].sort((a, b) =>
    a.cls === b.cls ? a.value.localeCompare(b.value) : a.cls.localeCompare(b.cls),
  );
}

/** The business key of a node: the catalogue's key field, except the tally's own order number. */
function businessKeyOf(type: DocumentTypeId, fields: NodeFields): string | undefined {
  return type === 'tally' ? text(fields, 'orderNo') : text(fields, 'entOrderNo');
}

/**
 * The nodes a document states. Asked twice per document in a batch (what to load, then the
 * step), so remembered per event object: an event is never changed (attribution makes a new one).
 */
export const nodesOf: (event: DocumentEvent) => readonly NodeStatement[] = rememberedPerObject(statementsFor);

function statementsFor(event: DocumentEvent): NodeStatement[] {
  if (chainless.includes(event.type)) return [];
  const enterprise = enterpriseOfEvent(event);
  if (enterprise === undefined) return [];
  const parts: readonly NodeFields[] =
    event.type === 'saleOrderToC'
      ? listOf(event.document, 'orderList').map((order) => ({ customerCode: enterprise, ...order }))
      : [event.document];
  const statements: NodeStatement[] = [];
  for (const fields of parts) {
    const block = blockOf(event.type, fields);
    const businessKey = businessKeyOf(event.type, fields) ?? event.provenance.documentId;
    if (block === undefined) continue;
    statements.push({
      nodeId: `${enterprise}|${event.type}|${businessKey}`,
      enterprise,
      type: event.type,
      businessKey,
      block,
      keys: keysOf(event.type, fields),
      fields,
    });
  }
  return statements;
}
