import type { CollateralKind } from '@tradelog/projections/collateral/tables';
import { rememberedPerObject } from '@tradelog/schemas/kit/runtime/remembered';
import { text } from '../documents/event.ts';
import type { NodeStatement } from '../link-node/rules.ts';
import { statusOf, terminalStatuses } from '../order-status/reducer.ts';

/**
 * What a node of a chain pledges, and which financing it names (processors/README.md
 * "Collateral rules"). The nodes are link-node's own statements (link-node/rules.ts): a bill of
 * lading is whatever link-node files as a `billNo` key (a clearance's transportBlno and blno
 * included), a contract a `contractNo` key, a warehouse receipt an inbound node.
 */
export interface Piece {
  /** Identity of the piece across chains and enterprises: kind, warehouse scope, normalised number. */
  key: string;
  kind: CollateralKind;
  number: string;
  /** The warehouse a receipt is scoped to; null for bills and contracts. */
  warehouse: string | null;
}

/**
 * Numbers are compared normalised: full-width forms folded (NFKC), upper case, without blanks
 * and the separators partners write inconsistently (`-`, `_`, `.`, `/`, `\`).
 */
export function normalisedNumber(value: string): string | undefined {
  const normalised = value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-_./\\]/g, '');
  return normalised === '' ? undefined : normalised;
}

export const pieceKeyOf = (kind: CollateralKind, warehouse: string | null, number: string) =>
  JSON.stringify([kind, warehouse ?? '', number]);

const keyClassKinds: readonly [cls: string, kind: CollateralKind][] = [
  ['billNo', 'billOfLading'],
  ['contractNo', 'contract'],
];

/**
 * What a node statement pledges. Asked of each statement by the batch shell, the slice and the
 * step, so remembered per statement object: a statement is never changed (link-node's `nodesOf`
 * keeps one per event).
 */
export const piecesOf: (statement: NodeStatement) => readonly Piece[] = rememberedPerObject(statementPieces);

function statementPieces(statement: NodeStatement): Piece[] {
  const pieces = new Map<string, Piece>();
  const add = (kind: CollateralKind, warehouse: string | null, raw: string) => {
    const number = normalisedNumber(raw);
    if (number === undefined) return;
    const key = pieceKeyOf(kind, warehouse, number);
    pieces.set(key, { key, kind, number, warehouse });
  };
  for (const key of statement.keys)
    for (const [cls, kind] of keyClassKinds) if (key.cls === cls) add(kind, null, key.value);
  // A warehouse receipt is an inbound order in its warehouse: the same number in two
  // warehouses is two receipts (the inbound schema requires warehouseId).
  if (statement.type === 'inbound') {
    const warehouse = text(statement.fields, 'warehouseId');
    const scope = warehouse === undefined ? undefined : normalisedNumber(warehouse);
    if (scope !== undefined) add('warehouseReceipt', scope, statement.businessKey);
  }
  return [...pieces.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The financing a purchase names (link-node's financingInfo: `financingOrderNo` of a purchase),
 * and whether the purchase reached a final status (order-status rule 2: 20 and 30 are terminal).
 */
export function financingOf(statement: NodeStatement): { financingNo: string; final: boolean } | undefined {
  if (statement.type !== 'purchase') return undefined;
  const financingNo = text(statement.fields, 'financingOrderNo');
  if (financingNo === undefined) return undefined;
  return { financingNo, final: terminalStatuses.includes(statusOf(statement.fields)) };
}
