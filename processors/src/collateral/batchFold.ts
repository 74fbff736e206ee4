import type { ChangeEvent } from '../changes.ts';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { batchResult, type Projection } from '../runtime/projection.ts';
import { type LoadedCollateral, loadState, type PledgeContext } from './batchLoads.ts';
import { byKey } from './keyOrder.ts';
import { applyPledgeChanges, copyPledgeMaps, type PledgeMaps } from './pledgeState.ts';
import { reducePledges } from './pledges.ts';
import { receiptIdOf, receiptValueOf } from './receiptStock.ts';
import { reduceCollateral } from './reducer.ts';
import { workingCollateral } from './working.ts';

/**
 * The fold of a collateral batch (projection.ts): its documents in log order through the
 * collateral rules and then the release and coverage rules, on the state the batch loaded, pure;
 * and the reload of chains it read whole when the load guessed short (processors/README.md
 * "Collateral rules", a batch loads what its documents touch).
 */

/**
 * The chains the batch's steps read every piece of (reducer.ts `readEvery`) that can be known
 * before the fold: each chain absorbed. A chain two open financings come to hold is rare (the
 * double pledge the projection reports): the fold finds it and the batch is loaded and folded
 * again (`foldBatch`). Chains started in the batch hold nothing yet, so they are whole as they are.
 */
export function likelyReadEvery(changes: readonly ChangeEvent[]): Set<string> {
  const whole = new Set<string>();
  for (const step of changes) {
    if (step.projection !== 'link-node') continue;
    if (step.kind === 'chain.started') whole.add(step.subject);
    for (const chainId of (step.data.absorbed as readonly string[] | undefined) ?? []) whole.add(chainId);
  }
  return whole;
}

/**
 * Steps folded between two turns of the event loop. The batch's client sends its next statement
 * only when the loop turns (node-postgres sends one at a time): a fold that never yields would
 * leave Postgres idle once the statement in flight is done, instead of writing the batch's chains
 * beside it (projection.ts `collateralBatch`). About 4 ms of steps a turn at the rates measured.
 */
const stepsPerTurn = 128;

/**
 * The collateral steps of a batch folded on `before`, each on its slice (working.ts), and after
 * each document the release and coverage rules on what the collateral rules then hold
 * (pledges.ts): so a release or a crossing depends on the log, never on where a batch ended.
 */
export async function foldBatch(
  loaded: LoadedCollateral,
  events: readonly DocumentEvent[],
  stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>,
  pledgeContext: PledgeContext,
) {
  // The batch's own pledge maps, updated by each step's changes; the keys changed, for the writes.
  // A receipt whose orders the batch loaded is valued from them (indexOrders); the others as kept.
  const pledges = copyPledgeMaps(pledgeContext.before);
  for (const row of loaded.receiptValues) {
    const id = receiptIdOf(row.enterprise, row.pieceKey);
    if (!pledges.receiptValues.has(id))
      pledges.receiptValues.set(id, { qty: row.qty, value: row.value, unpricedLines: row.unpricedLines });
  }
  const state = workingCollateral(
    loaded.state,
    (enterprise, pieceKey) => receiptValueOf(pledges, enterprise, pieceKey),
    loaded.receiptTotals,
  );
  const applied = batchResult();
  const readEvery = new Set<string>();
  let changed = false;
  const written = new Map<keyof PledgeMaps, Set<string>>();
  let folded = 0;
  for (const event of events) {
    const steps = stepsOf.get(logPosition(event.provenance));
    if (++folded % stepsPerTurn === 0) await new Promise(setImmediate);
    if (steps !== undefined) {
      const slice = state.slice(event, steps);
      const reduced = reduceCollateral(slice, event, steps);
      applied.add(event, reduced);
      for (const chainId of reduced.readEvery) readEvery.add(chainId);
      if (reduced.state !== slice) {
        state.absorb(slice, reduced.state);
        changed = true;
      }
    }
    const pledged = reducePledges(pledges, event, state.holdings, pledgeContext.thresholdsOf);
    applied.add(event, { changes: pledged.changes });
    if (pledged.changed !== undefined) {
      state.revalue(pledged.changed.receiptValues);
      applyPledgeChanges(pledges, pledged.changed);
      for (const [name, entries] of Object.entries(pledged.changed) as [
        keyof PledgeMaps,
        Map<string, unknown>,
      ][]) {
        if (entries.size === 0) continue;
        const keys = written.get(name) ?? new Set<string>();
        for (const key of entries.keys()) keys.add(key);
        written.set(name, keys);
      }
      changed = true;
    }
  }
  return { state, applied, changed, readEvery, pledges, written };
}

/** What a batch's fold answers: its state after, the change events, what changed and was written. */
export type FoldedBatch = Awaited<ReturnType<typeof foldBatch>>;

/**
 * Folds a batch, and again on a state loaded with more chains whole while the fold read every
 * piece of a chain loaded in part (processors/README.md "Collateral rules": the guess costs time,
 * never correctness; the fold is pure, so the result is the same). Chains only grow in `whole`, so
 * this ends, in practice at once. Answers the state the last fold started from with its result.
 */
export async function foldReadingWhole(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  batch: {
    events: readonly DocumentEvent[];
    stepsOf: ReadonlyMap<string, readonly ChangeEvent[]>;
    query: Omit<Parameters<typeof loadState>[2], 'whole'>;
    financed: Parameters<typeof loadState>[3];
    whole: Set<string>;
    before: LoadedCollateral;
    pledgeContext: PledgeContext;
  },
): Promise<{ loaded: LoadedCollateral; folded: FoldedBatch }> {
  const { events, stepsOf, query, financed, whole, pledgeContext } = batch;
  let loaded = batch.before;
  let folded = await foldBatch(loaded, events, stepsOf, pledgeContext);
  for (;;) {
    const missing = [...folded.readEvery].filter((chainId) => !whole.has(chainId));
    if (missing.length === 0) break;
    for (const chainId of missing) whole.add(chainId);
    loaded = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
    folded = await foldBatch(loaded, events, stepsOf, pledgeContext);
  }
  return { loaded, folded };
}
