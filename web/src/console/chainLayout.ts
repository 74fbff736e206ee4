import {
  type LinkNodeBlock,
  type LinkNodeDocument,
  type LinkNodePaging,
  linkNodeBlocks,
} from '@tradelog/schemas/queries/responses';

/**
 * The lender's link-node answer (query spec §3 "Link node": flag, code, message and eleven info
 * blocks) drawn as a graph: documents are nodes, the keys two documents share are edges. Pure:
 * the SVG component only paints what this returns, and the layout is unit-tested.
 */
export type ChainBlock = LinkNodeBlock;

/**
 * The answer's blocks in drawing order, left to right the way trade flows: the purchase, then
 * the logistics blocks in answer order, then the sale, and the financing last.
 */
const tradeEnds: readonly ChainBlock[] = ['purchaseInfo', 'salesInfo', 'financingInfo'];
export const chainBlocks: readonly ChainBlock[] = [
  'purchaseInfo',
  ...linkNodeBlocks.filter((block) => !tradeEnds.includes(block)),
  'salesInfo',
  'financingInfo',
];

export interface LinkKey {
  cls: string;
  value: string;
}

export interface DocumentProvenance {
  documentId?: string;
  topic?: string;
  partition?: number;
  offset?: string;
  partnerId?: string;
  /** The partner account's name now (query-api README "Provenance"). */
  partnerName?: string | null;
  receivedAt?: string;
  schemaId?: number;
  contentSha256?: string;
}

/**
 * One document of a block: the contract's (`LinkNodeDocument`: its type, business key, versions
 * and own fields), each member optional, with what another source may send besides (`nodeId`,
 * `type`, `keys`, the fields unnested). Only these fields are relied on; the rest are shown as they come.
 */
export type ChainDocument = Partial<Omit<LinkNodeDocument, 'provenance'>> & {
  nodeId?: string;
  type?: string;
  keys?: LinkKey[];
  provenance?: DocumentProvenance;
  [field: string]: unknown;
};

export type LinkNodeResponse = {
  flag: string;
  code: string;
  message: string;
} & Partial<Record<ChainBlock, ChainDocument[]>> &
  Partial<LinkNodePaging>;

export interface LaidNode {
  id: string;
  block: ChainBlock;
  label: string;
  x: number;
  y: number;
  document: ChainDocument;
}

export interface LaidEdge {
  from: string;
  to: string;
  keys: string[];
}

export interface ChainLayout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
  columns: { block: ChainBlock; x: number; y: number }[];
}

export const nodeSize = { width: 168, height: 56 } as const;
const gap = { x: 44, y: 28 } as const;
const margin = 24;
const header = 28;

/**
 * The keys a document offers for linking: its `keys` (class:value) when the API sends them.
 * query-api does not (its answer is `{documentType, businessKey, fields, provenance}`), and the
 * same number travels under different field names (a purchase's wmsOrderNo is the inbound's
 * inboundOrderNo), so the fallback keys are the values of number-like fields (…No, …Code, …Id),
 * at least 4 characters long, except parties' own codes, which every document of the chain
 * shares and which would join everything to everything.
 */
const partyCodes =
  /^(customerCode|enterpriseCode|operateCode|consigneeNo|shipperNo|declareCode|electricCode|cbepcomCode|warehouseId|nodeId)$/;

export function keysOf(document: ChainDocument): string[] {
  if (Array.isArray(document.keys) && document.keys.length > 0)
    return document.keys.map((key) => `${key.cls}:${key.value}`);
  const keys = new Set<string>();
  const source = document.fields && typeof document.fields === 'object' ? document.fields : document;
  for (const [field, value] of Object.entries(source)) {
    if (typeof value !== 'string' || value.length < 4) continue;
    if (/(No|Code|Id)$/.test(field) && !partyCodes.test(field)) keys.add(value);
  }
  return [...keys];
}

function labelOf(document: ChainDocument, block: ChainBlock): string {
  const own = document.fields?.entOrderNo ?? document.entOrderNo;
  return document.businessKey ?? (typeof own === 'string' ? own : undefined) ?? block;
}

/** Columns per band: a long chain wraps into bands so the diagram fits a console page. */
export const columnsPerBand = 4;

export function layoutChain(response: LinkNodeResponse, perBand = columnsPerBand): ChainLayout {
  const present = chainBlocks.filter((block) => (response[block]?.length ?? 0) > 0);
  const tallest = Math.max(0, ...present.map((block) => response[block]?.length ?? 0));
  const bandHeight = header + tallest * nodeSize.height + Math.max(0, tallest - 1) * gap.y + gap.x;
  const nodes: LaidNode[] = [];
  const columns: ChainLayout['columns'] = [];
  present.forEach((block, index) => {
    const band = Math.floor(index / perBand);
    const x = margin + (index % perBand) * (nodeSize.width + gap.x);
    const top = margin + band * bandHeight;
    columns.push({ block, x, y: top });
    (response[block] ?? []).forEach((document, row) => {
      nodes.push({
        id: document.nodeId ?? `${block}#${row}`,
        block,
        label: labelOf(document, block),
        x,
        y: top + header + row * (nodeSize.height + gap.y),
        document,
      });
    });
  });
  const edges: LaidEdge[] = [];
  for (let i = 0; i < nodes.length; i += 1) {
    const a = nodes[i]!;
    const keysA = new Set(keysOf(a.document));
    for (let j = i + 1; j < nodes.length; j += 1) {
      const b = nodes[j]!;
      const shared = keysOf(b.document).filter((key) => keysA.has(key));
      if (shared.length > 0) edges.push({ from: a.id, to: b.id, keys: shared.sort() });
    }
  }
  const across = Math.min(present.length, perBand);
  const bands = Math.ceil(present.length / perBand);
  const width = present.length === 0 ? 0 : margin * 2 + across * nodeSize.width + (across - 1) * gap.x;
  const height = present.length === 0 ? 0 : margin * 2 + bands * bandHeight - gap.x;
  return { width, height, nodes, edges, columns };
}

/** A curved connector from the right edge of one node to the left edge of the other. */
export function edgePath(from: LaidNode, to: LaidNode): string {
  const [left, right] = from.x <= to.x ? [from, to] : [to, from];
  const x1 = left.x + nodeSize.width;
  const y1 = left.y + nodeSize.height / 2;
  const x2 = right.x === left.x ? right.x + nodeSize.width : right.x;
  const y2 = right.y + nodeSize.height / 2;
  if (right.x === left.x) return `M${x1},${y1} C${x1 + 40},${y1} ${x2 + 40},${y2} ${x2},${y2}`;
  const mid = (x1 + x2) / 2;
  return `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`;
}

/** The keys two documents share as a reader reads them: each key's value without its class. */
export const sharedKeysText = (keys: readonly string[]): string =>
  keys.map((key) => key.split(':').at(-1)).join(', ');

/** A node's label cut to fit its box: at most 22 characters, the last an ellipsis. */
export const boxedLabel = (label: string): string => (label.length > 22 ? `${label.slice(0, 21)}…` : label);

/** The links of one node, in edge order, each with the node at its other end. */
export function linksOf(
  layout: Pick<ChainLayout, 'nodes' | 'edges'>,
  id: string,
): { edge: LaidEdge; other: LaidNode }[] {
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));
  return layout.edges
    .filter((edge) => edge.from === id || edge.to === id)
    .map((edge) => ({ edge, other: byId.get(edge.from === id ? edge.to : edge.from)! }));
}

/** A document's own fields for its JSON: the nested `fields` when sent, else all but its provenance and keys. */
export function ownFields(document: ChainDocument): Record<string, unknown> {
  const { provenance: _provenance, keys: _keys, fields: nested, ...rest } = document;
  return nested ?? rest;
}
