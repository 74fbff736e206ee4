import { randomUUID } from 'node:crypto';
import {
  insertDeliveries,
  lastPushesStartedAt,
  type NewDelivery,
} from '@tradelog/projections/push/deliveries';
import { matchSubscriptionsOf } from '@tradelog/projections/push/subscriptions';
import type { Logger } from '@tradelog/schemas';
import { type ChangeEvent, decodeChangeEvent } from '@tradelog/schemas/changes/contract';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { type CheckpointedConsumer, createCheckpointedConsumer } from '../runtime/checkpointedConsumer.ts';
import { cycledFamilies } from './deliveryPlan.ts';
import { scheduleAttempts } from './jobs.ts';
import { customerNameAllows, lookupOf, pushPayload } from './payloads.ts';

/**
 * The push processor: the changes topic consumed by the one checkpointed loop
 * (../runtime/checkpointedConsumer.ts) in its own consumer group. Each change event is matched
 * against the subscriptions, and for each match one delivery row — unique per (subscription,
 * event id) — is written in ONE transaction with the partition's offset, a batch at a time with
 * one statement per step. A delivery due at once is claimed by the delivery worker from there
 * (README "Claims"); one delayed to the end of its express push cycle is `scheduled`, with its
 * pg-boss job queued in the same transaction (README "Scheduled attempts").
 * A change consumed twice (restart, rebalance) or published twice (outbox replay, rebuild)
 * finds its delivery row and adds nothing: never a second logical delivery. A record that
 * is not a change event is dead-lettered under `push`, and an operator's retry of it goes
 * through this same path.
 */
export interface PushProcessorOptions {
  brokers: string[];
  pool: pg.Pool;
  boss: PgBoss;
  queue: string;
  topic: string;
  consumerGroup: string;
  logger: Logger;
  /** The express push cycle (PushSettings.expressCycleMs) and the delay scale; no cycle when absent. */
  expressCycleMs?: number;
  retryScale?: number;
  /** Resolves once the queue of scheduled attempts can take jobs (the service starts it beside the consumer). */
  queueReady?: () => Promise<void>;
  now?: () => Date;
  newId?: () => string;
}

export type PushProcessor = CheckpointedConsumer;

export function createPushProcessor(options: PushProcessorOptions): PushProcessor {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  // Express push cycle (§9; ./deliveryPlan.ts): a change within a cycle of the last push waits for the cycle's end.
  const cycleMs = (options.expressCycleMs ?? 0) * (options.retryScale ?? 1);
  const pairKey = (delivery: Pick<NewDelivery, 'subscriptionId' | 'subject'>) =>
    `${delivery.subscriptionId}/${delivery.subject}`;

  /**
   * A batch, set-based (README "Batches"): one statement matches every distinct lookup, one reads
   * the express cycles' last pushes, one inserts every delivery, and the cycle-delayed ones' jobs
   * are queued with one more; a replayed event inserts nothing.
   */
  async function matchAndDeliver(db: pg.PoolClient, events: readonly ChangeEvent[]): Promise<void> {
    // Events of one enterprise or subject often come together: each distinct lookup once.
    const lookups = new Map(events.map((event) => [JSON.stringify(lookupOf(event)), lookupOf(event)]));
    const found = await matchSubscriptionsOf(db, [...lookups.values()]);
    const matches = new Map([...lookups.keys()].map((key, i) => [key, found[i]!]));
    const at = now();
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const matched = matches.get(JSON.stringify(lookupOf(event))) ?? [];
      for (const subscription of matched.filter((match) => customerNameAllows(event, match))) {
        deliveries.push({
          id: newId(),
          subscriptionId: subscription.id,
          family: subscription.family,
          eventId: event.eventId,
          eventKind: event.kind,
          subject: event.subject,
          payload: pushPayload(event, {
            subscriptionId: subscription.id,
            family: subscription.family,
            criteria: subscription.criteria,
            sequence: 0,
            now: at,
          }),
          state: subscription.state === 'active' ? 'pending' : 'held',
          createdAt: at,
        });
      }
    }
    const cycled = deliveries.filter(
      (delivery) => delivery.state === 'pending' && cycledFamilies.includes(delivery.family),
    );
    if (cycleMs > 0 && cycled.length > 0) {
      const lastPushes = await lastPushesStartedAt(db, cycled);
      for (const delivery of cycled) {
        const cycleEnd = (lastPushes.get(pairKey(delivery))?.getTime() ?? 0) + cycleMs;
        if (cycleEnd > at.getTime()) {
          delivery.state = 'scheduled';
          delivery.nextAttemptAt = new Date(cycleEnd);
        }
      }
    }
    const inserted = new Set((await insertDeliveries(db, deliveries)).map((row) => row.id));
    const jobs = deliveries
      .filter((delivery) => delivery.state === 'scheduled' && inserted.has(delivery.id))
      .map((delivery) => ({ deliveryId: delivery.id, attempt: 1, startAfter: delivery.nextAttemptAt! }));
    if (jobs.length > 0) await options.queueReady?.();
    await scheduleAttempts(options.boss, options.queue, db, jobs);
  }

  return createCheckpointedConsumer<ChangeEvent>({
    brokers: options.brokers,
    clientId: 'tradelog-push',
    groupId: options.consumerGroup,
    topics: [options.topic],
    pool: options.pool,
    logger: options.logger.scope({ component: 'push-processor' }),
    now,
    // Partitions hold different enterprises, hence different subjects: safe to overlap.
    partitionsConsumedConcurrently: 3,
    handler: {
      name: 'push',
      decode: (record) => decodeChangeEvent(record.value),
      apply: matchAndDeliver,
    },
  });
}
