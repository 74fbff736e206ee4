import { randomUUID } from 'node:crypto';
import { pushLogReplacedRemedy } from '@tradelog/projections/logBinding';
import { lastPushesStartedAt } from '@tradelog/projections/push/attempts';
import type { DeliveryForAttempt } from '@tradelog/projections/push/deliveries';
import { insertDeliveries, type NewDelivery } from '@tradelog/projections/push/insertDeliveries';
import {
  cycleCandidates,
  cycleEndJobs,
  delayToCycleEnd,
  distinctLookups,
  handOverLease,
  leasedForAttempt,
  matchedDeliveries,
} from '@tradelog/projections/push/matchedDeliveries';
import { matchSubscriptionsOf } from '@tradelog/projections/push/subscriptions';
import type { Logger } from '@tradelog/schemas';
import { type ChangeEvent, decodeChangeEvent } from '@tradelog/schemas/changes/contract';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import {
  type CheckpointedConsumer,
  type CheckpointedConsumerOptions,
  createCheckpointedConsumer,
} from '../runtime/checkpointedConsumer.ts';
import { scheduleAttempts } from './jobs.ts';

/**
 * The push processor: the changes topic consumed by the one checkpointed loop
 * (../runtime/checkpointedConsumer.ts) in its own consumer group. Each change event is matched
 * against the subscriptions, and for each match one delivery row — unique per (subscription,
 * event id) — is written in ONE transaction with the partition's offset, a batch at a time with
 * one statement per step. A delivery due at once is claimed by the delivery worker from there
 * (push README "Claims"); one delayed to the end of its express push cycle is `scheduled`, with its
 * pg-boss job queued in the same transaction (push README "Scheduled attempts").
 * A change consumed twice (restart, rebalance) or published twice (outbox replay, rebuild)
 * finds its delivery row and adds nothing: never a second logical delivery. A record that
 * is not a change event is dead-lettered under `push`, and an operator's retry of it goes
 * through this same path.
 */
export interface PushProcessorOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  membership?: CheckpointedConsumerOptions<ChangeEvent>['membership'];
  /** Before each subscription, the changes topic made to exist as start-up does (provisioning.ts `ownTopicsEnsurer`). */
  topicsReady?: CheckpointedConsumerOptions<ChangeEvent>['topicsReady'];
  pool: pg.Pool;
  boss: PgBoss;
  queue: string;
  topic: string;
  consumerGroup: string;
  logger: Logger;
  /** The express push cycle (PushSettings.expressCycleMs) and the delay scale; no cycle when absent. */
  expressCycleMs?: number;
  retryScale?: number;
  /**
   * This process's delivery worker, to which deliveries due at once are handed already leased
   * (push README "Hand-over"); without it every delivery waits for a claim.
   */
  handOver?: DeliveryHandOver;
  /** Resolves once the queue of scheduled attempts can take jobs (the service starts it beside the consumer). */
  queueReady?: () => Promise<void>;
  now?: () => Date;
  newId?: () => string;
}

export type PushProcessor = CheckpointedConsumer;

/** The delivery worker's side of the hand-over (./deliveryWorker.ts). */
export interface DeliveryHandOver {
  /** How many deliveries it takes now (0 while it is not running or is busy enough). */
  room(): number;
  /** Until when a delivery leased at `at` is claimed (the claim's lease). */
  leaseUntil(at: Date): Date;
  perSubscription: number;
  /** The worker's name on its claims (./claimHolder.ts), or null while it holds none. */
  holder(): string | null;
  /** Deliveries leased by a committed transaction, to attempt. */
  take(deliveries: readonly DeliveryForAttempt[]): void;
  /** A lease whose transaction failed, and may have committed all the same (./claimSweep.ts `lost`). */
  lost(claim: string, until: Date): void;
}

/** The subscriptions each distinct lookup of a batch's events matches, with one statement. */
async function subscriptionMatchesOf(db: pg.PoolClient, events: readonly ChangeEvent[]) {
  const lookups = distinctLookups(events);
  const found = await matchSubscriptionsOf(db, [...lookups.values()]);
  return new Map([...lookups.keys()].map((key, i) => [key, found[i]!]));
}

/**
 * The hand-over by the transaction (its client) that leases: each transaction's lease has an id
 * of its own (push README "Claims whose answer was lost"), and its leased deliveries are handed
 * to the worker only once it committed. A transaction that failed after its insert leased rows
 * may have committed all the same (its COMMIT unanswered): its lease goes to the worker's sweep,
 * which ends it, rather than holding the rows, and their subscription, until the lease runs out.
 * A transaction that applied nothing is dropped when its client begins the next.
 */
function handOverByTransaction(worker: DeliveryHandOver | undefined) {
  const open = new Map<pg.PoolClient, { claim: string; until?: Date; leased: DeliveryForAttempt[] }>();
  return {
    begin(db: pg.PoolClient): void {
      open.set(db, { claim: randomUUID(), leased: [] });
    },
    /** The lease the transaction's insert takes, if the worker has room (push README "Hand-over"). */
    lease(db: pg.PoolClient, deliveries: readonly NewDelivery[], at: Date) {
      const transaction = open.get(db);
      if (!worker || !transaction) return undefined;
      const lease = handOverLease(
        deliveries,
        {
          room: worker.room(),
          until: worker.leaseUntil(at),
          perSubscription: worker.perSubscription,
          holder: worker.holder(),
          claim: transaction.claim,
        },
        at,
      );
      if (lease) transaction.until = lease.until;
      return lease;
    },
    add(db: pg.PoolClient, leased: readonly DeliveryForAttempt[]): void {
      open.get(db)?.leased.push(...leased);
    },
    committed(db: pg.PoolClient): void {
      const transaction = open.get(db);
      open.delete(db);
      if (transaction && transaction.leased.length > 0) worker?.take(transaction.leased);
    },
    failed(db: pg.PoolClient): void {
      const transaction = open.get(db);
      open.delete(db);
      if (transaction?.until) worker?.lost(transaction.claim, transaction.until);
    },
  };
}

/**
 * The batch's statements (`matchAndDeliver`) and the consume loop's handler share the hand-over
 * by transaction; the batch's decisions are the push room's pure steps.
 */
export function createPushProcessor(options: PushProcessorOptions): PushProcessor {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const handOver = handOverByTransaction(options.handOver);

  // Express push cycle (§9): a change within a cycle of the last push waits for the cycle's end.
  const cycleMs = (options.expressCycleMs ?? 0) * (options.retryScale ?? 1);

  /**
   * A batch, set-based (push README "Batches"): one statement matches every distinct lookup, one reads
   * the express cycles' last pushes, one inserts every delivery, and the cycle-delayed ones' jobs
   * are queued with one more; a replayed event inserts nothing. The steps between the statements
   * are the push room's, pure (projections/src/push/matchedDeliveries.ts).
   */
  async function matchAndDeliver(db: pg.PoolClient, events: readonly ChangeEvent[]): Promise<void> {
    const matches = await subscriptionMatchesOf(db, events);
    const at = now();
    const { deliveries, subscriptionOf } = matchedDeliveries(events, matches, { newId, at });
    const cycled = cycleCandidates(deliveries);
    if (cycleMs > 0 && cycled.length > 0) {
      delayToCycleEnd(cycled, await lastPushesStartedAt(db, cycled), cycleMs, at);
    }
    const lease = handOver.lease(db, deliveries, at);
    const rows = await insertDeliveries(db, deliveries, lease);
    const leased = leasedForAttempt(rows, deliveries, subscriptionOf);
    const jobs = cycleEndJobs(deliveries, new Set(rows.map((row) => row.id)));
    if (jobs.length > 0) await options.queueReady?.();
    await scheduleAttempts(options.boss, options.queue, db, jobs);
    // Only once every statement of the apply went through: under a savepoint (a batch applied
    // record by record) a failed apply's rows are rolled back, and must not be attempted.
    if (leased.length > 0) handOver.add(db, leased);
  }

  return createCheckpointedConsumer<ChangeEvent>({
    brokers: options.brokers,
    security: options.security,
    clientId: 'tradelog-push',
    groupId: options.consumerGroup,
    ...(options.membership ? { membership: options.membership } : {}),
    topicsReady: options.topicsReady,
    topics: [options.topic],
    pool: options.pool,
    logger: options.logger.scope({ component: 'push-processor' }),
    now,
    // Partitions hold different enterprises, hence different subjects: safe to overlap.
    partitionsConsumedConcurrently: 3,
    logReplacedRemedy: pushLogReplacedRemedy,
    handler: {
      name: 'push',
      decode: (record) => decodeChangeEvent(record.value),
      async begin(db) {
        handOver.begin(db);
        return 'go';
      },
      apply: matchAndDeliver,
      afterCommit: (db) => handOver.committed(db),
      afterFailure: (db) => handOver.failed(db),
    },
  });
}
