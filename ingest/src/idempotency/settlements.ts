import type { Appended } from '@tradelog/schemas/kit/log/pendingAppends';
import { createBatcher } from './batcher.ts';
import type { RecordPlace } from './decision.ts';
import { type KeyScope, type Settlement, scopeId, settleKeys } from './store.ts';

/**
 * How appends under a claimed key ended, on their way to the store in the background
 * (idempotency.ts): batched as the reservations are, one batch in flight; a retry of one of them
 * waits for it (`pending`), and shutdown for all (`settled`).
 */
export interface Settlements {
  /** Records the outcome in the background (never throws), an acknowledged one with its place. */
  settle(scope: KeyScope, documentId: string, outcome: 'acknowledged' | 'failed', appended?: Appended): void;
  /** This instance's outcome for the key, while it is still on its way. */
  pending(scope: KeyScope): Promise<void> | undefined;
  /** Resolves once every outcome recorded so far is in the store (or given up on). */
  settled(): Promise<void>;
}

export function createSettlements(context: {
  db: Parameters<typeof settleKeys>[0];
  /** The store failed twice for one outcome: it is given up on. */
  onFailure: (error: unknown) => void;
  /** An acknowledged record's place in the log (logPlaces.ts); absent, none is kept. */
  placeOf?: (appended: Appended) => Promise<RecordPlace>;
}): Settlements {
  const settleBatch = createBatcher<Settlement, void>(
    async (entries) => {
      await settleKeys(context.db, entries);
      return entries.map(() => undefined);
    },
    { maxInFlight: 1 },
  );
  // Outcomes on their way to the store, by key: a retry of one of them waits for it.
  const unsettled = new Map<string, Promise<void>>();

  const record = async (settlement: Settlement) => {
    // Once more on failure: a reservation left pending is taken over after staleAfterMs,
    // and for an acknowledged append that would mean a second record.
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await settleBatch(settlement);
        return;
      } catch (error) {
        if (attempt === 2) context.onFailure(error);
      }
    }
  };

  return {
    settle(scope, documentId, outcome, appended) {
      const id = scopeId(scope);
      const place =
        outcome === 'acknowledged' && appended && context.placeOf ? context.placeOf(appended) : undefined;
      const done = (async () =>
        record({
          scope,
          documentId,
          state: outcome === 'acknowledged' ? 'done' : 'failed',
          ...(place ? { place: await place } : {}),
        }))().finally(() => {
        if (unsettled.get(id) === done) unsettled.delete(id);
      });
      unsettled.set(id, done);
    },
    pending: (scope) => unsettled.get(scopeId(scope)),
    async settled() {
      while (unsettled.size > 0) await Promise.all(unsettled.values());
    },
  };
}
