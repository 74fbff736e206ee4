import type { Logger } from '@tradelog/schemas';
import { createBatcher } from './batcher.ts';
import { decide, inProgress, keyReused, storedKey } from './decision.ts';
import {
  findKey,
  type KeyScope,
  type Reservation,
  reserveKeys,
  type Settlement,
  scopeId,
  settleKeys,
  takeOverKey,
} from './store.ts';

/**
 * Idempotent submission for requests that carry an `Idempotency-Key` (README "Retrying safely";
 * a request without one never comes here and costs the database nothing): reserve the key, append, then record the
 * outcome — after the answer, in the background: a retry that reaches this instance first waits
 * for it, one that reaches another instance meanwhile gets 409 in progress for those few
 * milliseconds. The reservation is written before the append, so a retry after a timeout finds it:
 * - the first append was acknowledged → the retry is answered with the same document id,
 *   nothing appended;
 * - it is still running → 409 IDEMPOTENCY_IN_PROGRESS (retry shortly);
 * - it ended without an acknowledgement (503) → the retry appends under the same document id.
 *   Kafka may hold the first record after all (a send can land after its acknowledgement was
 *   lost); then the log has one document id twice, never two ids for one submission, and
 *   readers keyed by document id keep one.
 * Postgres unreachable: submissions are appended without this check (logged, and skipped for
 * `pauseAfterFailureMs` so that a down database costs no request a timeout). Intake matters
 * more than deduplication; the log can still show duplicates by their content hash header.
 */
export interface Claim {
  /** replay: answer with documentId, append nothing. append: append under documentId, then settle. */
  kind: 'replay' | 'append';
  documentId: string;
  /** Whether the claim is recorded (false while Postgres is unreachable). */
  guarded: boolean;
  /** Records the outcome in the background (never throws); `settled` waits for every one. */
  settle(outcome: 'acknowledged' | 'failed'): void;
}

export interface Idempotency {
  claim(request: {
    partnerId: string;
    interfaceId: string;
    idempotencyKey: string;
    bodySha256: string;
    newDocumentId: string;
  }): Promise<Claim>;
  /** Resolves once every outcome recorded so far is in the store (or given up on): before shutdown. */
  settled(): Promise<void>;
}

export interface IdempotencyOptions {
  /** A pool of its own (pool.ts): reservations need no synchronous commit. */
  db: Parameters<typeof findKey>[0];
  now: () => Date;
  logger: Logger;
  /** How long an Idempotency-Key is remembered. */
  keyTtlMs: number;
  /** A pending reservation older than this was abandoned (longer than any append may take). */
  staleAfterMs: number;
  pauseAfterFailureMs?: number;
}

export function createIdempotency(options: IdempotencyOptions): Idempotency {
  const logger = options.logger.scope({ component: 'idempotency' });
  const pauseMs = options.pauseAfterFailureMs ?? 5_000;
  let pausedUntil = 0;
  // Concurrent submissions share one round trip per step (batcher.ts), one batch in flight per
  // step: Postgres' cost per statement dwarfs its cost per row (README "Benchmark"), so the
  // fewer and larger the batches, the more submissions one core of Postgres carries.
  const reserve = createBatcher<Reservation, boolean>((entries) => reserveKeys(options.db, entries), {
    maxInFlight: 1,
  });
  const settleBatch = createBatcher<Settlement, void>(
    async (entries) => {
      await settleKeys(options.db, entries);
      return entries.map(() => undefined);
    },
    { maxInFlight: 1 },
  );
  // Outcomes on their way to the store, by key: a retry of one of them waits for it.
  const unsettled = new Map<string, Promise<void>>();

  const unguarded = (documentId: string): Claim => ({
    kind: 'append',
    documentId,
    guarded: false,
    settle: () => {},
  });

  const storeFailed = (error: unknown, step: string) => {
    const now = options.now().getTime();
    if (now >= pausedUntil) {
      logger.warn('idempotency store unavailable; appending without deduplication', {
        step,
        pauseMs,
        error: error as Error,
      });
    }
    pausedUntil = now + pauseMs;
  };

  const record = async (settlement: Settlement) => {
    // Once more on failure: a reservation left pending is taken over after staleAfterMs,
    // and for an acknowledged append that would mean a second record.
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await settleBatch(settlement);
        return;
      } catch (error) {
        if (attempt === 2) storeFailed(error, 'settle');
      }
    }
  };

  const appendClaim = (scope: KeyScope, documentId: string): Claim => ({
    kind: 'append',
    documentId,
    guarded: true,
    settle(outcome) {
      const id = scopeId(scope);
      const done = record({
        scope,
        documentId,
        state: outcome === 'acknowledged' ? 'done' : 'failed',
      }).finally(() => {
        if (unsettled.get(id) === done) unsettled.delete(id);
      });
      unsettled.set(id, done);
    },
  });

  return {
    async claim(request) {
      if (options.now().getTime() < pausedUntil) return unguarded(request.newDocumentId);
      const scope: KeyScope = {
        partnerId: request.partnerId,
        interfaceId: request.interfaceId,
        key: storedKey(request.idempotencyKey),
      };
      try {
        // A few rounds at most: each lost race means another request changed the record.
        for (let round = 0; round < 3; round++) {
          const now = options.now();
          const reserved = await reserve({
            scope,
            bodySha256: request.bodySha256,
            documentId: request.newDocumentId,
            now,
            expiresAt: new Date(now.getTime() + options.keyTtlMs),
          });
          if (reserved) return appendClaim(scope, request.newDocumentId);
          await unsettled.get(scopeId(scope)); // this instance's outcome for it, still on its way
          const existing = await findKey(options.db, scope);
          if (existing === undefined) continue; // expired and deleted in between
          const decision = decide(existing, {
            bodySha256: request.bodySha256,
            now,
            staleAfterMs: options.staleAfterMs,
          });
          switch (decision.kind) {
            case 'replay':
              return {
                kind: 'replay',
                documentId: decision.documentId,
                guarded: true,
                settle: () => {},
              };
            case 'inProgress':
              throw inProgress();
            case 'keyReused':
              throw keyReused();
            case 'takeOver':
              if (await takeOverKey(options.db, scope, existing, now)) {
                logger.info('retrying an unacknowledged submission under its first document id', {
                  interface: request.interfaceId,
                  partnerId: request.partnerId,
                  documentId: decision.documentId,
                });
                return appendClaim(scope, decision.documentId);
              }
          }
        }
        throw inProgress();
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('IDEMPOTENCY_')) throw error;
        storeFailed(error, 'claim');
        return unguarded(request.newDocumentId);
      }
    },
    async settled() {
      while (unsettled.size > 0) await Promise.all(unsettled.values());
    },
  };
}
