import type { Logger } from '@tradelog/schemas';
import type { Appended } from '@tradelog/schemas/kit/log/pendingAppends';
import { createBatcher } from './batcher.ts';
import { decide, inProgress, keyReused, type RecordPlace, replayUnconfirmed, storedKey } from './decision.ts';
import type { LogPlaces } from './logPlaces.ts';
import { createSettlements, type Settlements } from './settlements.ts';
import { findKey, type KeyScope, type Reservation, reserveKeys, takeOverKey } from './store.ts';
import { createStorePause } from './storePause.ts';

/**
 * Idempotent submission for requests that carry an `Idempotency-Key` (README "Retrying safely";
 * a request without one never comes here and costs the database nothing): reserve the key, append, then record the
 * outcome — after the answer, in the background: a retry that reaches this instance first waits
 * for it, one that reaches another instance meanwhile gets 409 in progress for those few
 * milliseconds. The reservation is written before the append, so a retry after a timeout finds it:
 * - the first append was acknowledged → the retry is answered with the same document id,
 *   nothing appended, once the log is found to hold that record still (its place is kept with
 *   the key, logPlaces.ts); a log replaced since (a reset, another cluster, an older backup)
 *   does not, and the retry is appended again under the same document id;
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
  /** A replay's: where the first submission was acknowledged, when that was kept. */
  appended?: Appended;
  /** Records the outcome in the background (never throws); `settled` waits for every one. */
  settle(outcome: 'acknowledged', appended: Appended): void;
  settle(outcome: 'failed'): void;
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
  /** Where acknowledged records sit; absent, none is kept and every repeat of a done key is answered as one. */
  log?: LogPlaces;
}

export function createIdempotency(options: IdempotencyOptions): Idempotency {
  const logger = options.logger.scope({ component: 'idempotency' });
  const pause = createStorePause({ now: options.now, pauseMs: options.pauseAfterFailureMs ?? 5_000, logger });
  // Concurrent submissions share one round trip per step (batcher.ts), one batch in flight per
  // step: Postgres' cost per statement dwarfs its cost per row (README "Benchmark"), so the
  // fewer and larger the batches, the more submissions one core of Postgres carries.
  const reserve = createBatcher<Reservation, boolean>((entries) => reserveKeys(options.db, entries), {
    maxInFlight: 1,
  });
  const settlements = createSettlements({
    db: options.db,
    onFailure: (error) => pause.failed(error, 'settle'),
    ...(options.log ? { placeOf: options.log.placeOf } : {}),
  });
  /** Whether the log still holds a repeat's first record; a place never kept is trusted. */
  const stillInLog = async (place: RecordPlace | undefined) => {
    if (!options.log || !place) return true;
    try {
      return await options.log.holds(place);
    } catch (error) {
      throw replayUnconfirmed(error);
    }
  };

  return {
    async claim(request) {
      if (pause.paused()) return unguardedClaim(request.newDocumentId);
      const scope = scopeOf(request);
      try {
        // A few rounds at most: each lost race means another request changed the record.
        for (let round = 0; round < 3; round++) {
          const now = options.now();
          const reserved = await reserve(reservationOf(request, scope, now, options.keyTtlMs));
          if (reserved) return appendClaim(settlements, scope, request.newDocumentId);
          await settlements.pending(scope); // this instance's outcome for it, still on its way
          const existing = await findKey(options.db, scope);
          if (existing === undefined) continue; // expired and deleted in between
          const decision = decide(existing, {
            bodySha256: request.bodySha256,
            now,
            staleAfterMs: options.staleAfterMs,
          });
          switch (decision.kind) {
            case 'replay':
              if (await stillInLog(decision.place)) return replayClaim(decision.documentId, decision.place);
              if (await takeOverKey(options.db, scope, existing, now)) {
                logger.warn(
                  'the log no longer holds the first submission under a repeated key (it was replaced); appending it again under its first document id',
                  {
                    interface: request.interfaceId,
                    partnerId: request.partnerId,
                    documentId: decision.documentId,
                  },
                );
                return appendClaim(settlements, scope, decision.documentId);
              }
              break;
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
                return appendClaim(settlements, scope, decision.documentId);
              }
          }
        }
        throw inProgress();
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('IDEMPOTENCY_')) throw error;
        pause.failed(error, 'claim');
        return unguardedClaim(request.newDocumentId);
      }
    },
    settled: settlements.settled,
  };
}

type ClaimRequest = Parameters<Idempotency['claim']>[0];

/** The key a request claims: its Idempotency-Key, stored hashed, per partner and interface. */
function scopeOf(request: ClaimRequest): KeyScope {
  return {
    partnerId: request.partnerId,
    interfaceId: request.interfaceId,
    key: storedKey(request.idempotencyKey),
  };
}

/** The reservation written before the append: the key, the body it was for, its document id, until when. */
function reservationOf(request: ClaimRequest, scope: KeyScope, now: Date, keyTtlMs: number): Reservation {
  return {
    scope,
    bodySha256: request.bodySha256,
    documentId: request.newDocumentId,
    now,
    expiresAt: new Date(now.getTime() + keyTtlMs),
  };
}

/** The claim while the store is unreachable: append, nothing recorded. */
function unguardedClaim(documentId: string): Claim {
  return { kind: 'append', documentId, guarded: false, settle: () => {} };
}

/** The claim that answers a replay: the first submission's document id (and place), nothing appended. */
function replayClaim(documentId: string, place: RecordPlace | undefined): Claim {
  return {
    kind: 'replay',
    documentId,
    guarded: true,
    ...(place
      ? { appended: { topic: place.topic, partition: place.partition, offset: String(place.offset) } }
      : {}),
    settle: () => {},
  };
}

/** The claim of a reserved (or taken over) key: append under documentId, then settle its outcome. */
function appendClaim(settlements: Settlements, scope: KeyScope, documentId: string): Claim {
  return {
    kind: 'append',
    documentId,
    guarded: true,
    settle: (outcome: 'acknowledged' | 'failed', appended?: Appended) =>
      settlements.settle(scope, documentId, outcome, appended),
  };
}
