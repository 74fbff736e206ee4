import { writePledges } from '@tradelog/projections/collateral/pledgeWrites';
import {
  insertPairings,
  markSharedPieces,
  moveFinancings,
  upsertFinancings,
  writeChainPieces,
} from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import { finalMerges } from '../link-node/projection.ts';
import type { Projection } from '../runtime/projection.ts';
import type { FoldedBatch } from './batchFold.ts';
import { byKey } from './keyOrder.ts';
import type { PledgeMaps } from './pledgeState.ts';
import { centsOf, receiptOfId, stockKeysOf } from './receiptStock.ts';
import type { CollateralState } from './state.ts';

/**
 * What a collateral batch writes after its fold (projection.ts): what changed, one statement per
 * table, rows in key order (processors/README.md "Collateral rules", "Release and coverage
 * alerts"). The rows are built by the pure functions here; the statements are the tables' own.
 */

type FoldedState = FoldedBatch['state'];

/** Pieces: what the steps changed on the chains link-node named (absorbed ones emptied). */
const changedPieces = (named: readonly string[], before: CollateralState, state: FoldedState) =>
  named.flatMap((chainId) =>
    [...(state.chains.get(chainId) ?? [])]
      .filter(([pieceKey, piece]) => before.chains.get(chainId)?.get(pieceKey) !== piece)
      .sort(([a], [b]) => byKey(a, b))
      .map(([pieceKey, piece]) => ({ chainId, pieceKey, ...piece, provenance: { ...piece.provenance } })),
  );

/** The financings the batch changed, each where its chain finally is (`mergedInto`). */
const changedFinancings = (
  before: CollateralState,
  state: FoldedState,
  mergedInto: ReadonlyMap<string, string>,
) =>
  [...state.financings.values()]
    .filter((financing) => before.financings.get(financing.key) !== financing)
    .sort((a, b) => byKey(a.key, b.key))
    .map((f) => {
      // Only the purchases the batch changed: they are added to those recorded.
      const recorded = before.financings.get(f.key)?.purchases;
      const purchases: Record<string, boolean> = {};
      for (const [nodeId, final] of Object.entries(f.purchases))
        if (recorded?.[nodeId] !== final) purchases[nodeId] = final;
      return {
        financingKey: f.key,
        chainId: mergedInto.get(f.chainId) ?? f.chainId,
        enterprise: f.enterprise,
        financingNo: f.financingNo,
        purchases,
        unsettled: f.unsettled,
        open: f.open,
        firstSeen: f.firstSeen,
        provenance: { ...f.provenance },
      };
    });

/**
 * Writes what a folded batch changed, one statement per table; answers the change events. The
 * release and coverage rules' tables first, then the chains' pieces, which pieces are shared,
 * the financings (moved with their chains, then those changed) and the new pairings.
 */
export async function writeFoldedBatch(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  batch: { linked: readonly ChangeEvent[]; named: readonly string[]; absorbed: readonly string[] },
  before: CollateralState,
  folded: FoldedBatch,
): Promise<ChangeEvent[]> {
  const { named, absorbed } = batch;
  const { state, applied } = folded;
  await writePledgeChanges(db, schema, folded.pledges, folded.written);
  const pieces = changedPieces(named, before, state);
  await writeChainPieces(db, schema, {
    // Absorbed chains only: a chain loaded in part may hold no loaded piece, and keeps its rows.
    emptied: absorbed,
    pieces,
  });
  // Which holdings are shared changes only for the pieces written and those an absorbed chain
  // (loaded whole) held.
  await markSharedPieces(
    db,
    schema,
    [
      ...new Set([
        ...pieces.map((piece) => piece.pieceKey),
        ...absorbed.flatMap((chainId) => [...(before.chains.get(chainId)?.keys() ?? [])]),
      ]),
    ].sort(byKey),
  );
  // The financings of absorbed chains move with them (the batch loaded only the open ones);
  // those the batch changed are then written where their chain finally is.
  const merges = finalMerges(batch.linked);
  await moveFinancings(db, schema, merges);
  const mergedInto = new Map(merges.map((merge) => [merge.absorbed, merge.into]));
  await upsertFinancings(db, schema, changedFinancings(before, state, mergedInto));
  await insertPairings(
    db,
    schema,
    [...state.pairings.values()]
      .filter((pairing) => !before.pairings.has(pairing.key))
      .sort((a, b) => byKey(a.key, b.key))
      .map((p) => ({ ...p, provenance: { ...p.provenance } })),
  );
  return applied.result.changes;
}

/** Writes what the release and coverage rules changed in a batch, one statement per table, rows in key order. */
async function writePledgeChanges(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  after: PledgeMaps,
  written: ReadonlyMap<keyof PledgeMaps, ReadonlySet<string>>,
): Promise<void> {
  if (written.size === 0) return;
  const rows = <T>(name: keyof PledgeMaps, map: ReadonlyMap<string, T>): [string, T][] =>
    [...(written.get(name) ?? [])].sort(byKey).map((key) => [key, map.get(key) as T]);
  await writePledges(db, schema, {
    orders: rows('orders', after.orders).map(([, o]) => ({
      orderKey: o.key,
      direction: o.direction,
      enterprise: o.enterprise,
      orderNo: o.orderNo,
      warehouseId: o.warehouseId,
      receipt: o.receipt,
      tallied: o.tallied,
      movements: [...o.movements],
      stockKeys: stockKeysOf(o),
      provenance: { ...o.provenance },
    })),
    balances: rows('balances', after.balances),
    reports: rows('reports', after.reports),
    keyLines: rows('keyLines', after.keyLines).map(([stockKey, lines]) => ({ stockKey, ...lines })),
    receiptValues: rows('receiptValues', after.receiptValues).map(([id, value]) => {
      const [enterprise, pieceKey] = receiptOfId(id);
      return {
        enterprise,
        pieceKey,
        qty: value.qty,
        value: value.value,
        cents: centsOf(value),
        unpricedLines: value.unpricedLines,
      };
    }),
    amountTotals: rows('amountTotals', after.amountTotals).map(([financingKey, total]) => ({
      financingKey,
      ...total,
    })),
    coverage: rows('coverage', after.coverage).map(([, row]) => ({
      ...row,
      provenance: { ...row.provenance },
    })),
    releases: rows('releases', after.releases).map(([, r]) => ({ ...r, provenance: { ...r.provenance } })),
    crossings: rows('crossings', after.crossings).map(([, c]) => ({ ...c, provenance: { ...c.provenance } })),
  });
}
