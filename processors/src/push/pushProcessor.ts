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
import { enqueueDeliveries, type JobToQueue } from './jobs.ts';
import { lookupOf, pushPayload } from './payloads.ts';

/**
 * The push processor: the changes topic consumed by the one checkpointed loop
 * (../runtime/checkpointedConsumer.ts) in its own consumer group. Each change event is matched
 * against the subscriptions, and for each match one delivery row — unique per (subscription,
 * event id) — and its pg-boss job are written in ONE transaction with the partition's offset,
 * a batch at a time with one statement per step.
 * A change consumed twice (restart, rebalance) or published twice (outbox replay, rebuild)
 * finds its delivery row and enqueues nothing: never a second logical delivery. A record that
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
  now?: () => Date;
  newId?: () => string;
}

export type PushProcessor = CheckpointedConsumer;

export function createPushProcessor(options: PushProcessorOptions): PushProcessor {
  const { boss } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  // Express push cycle (§9; ./deliveryPlan.ts): a change within a cycle of the last push waits for the cycle's end.
  const cycleMs = (options.expressCycleMs ?? 0) * (options.retryScale ?? 1);
  const pairKey = (delivery: Pick<NewDelivery, 'subscriptionId' | 'subject'>) =>
    `${delivery.subscriptionId}/${delivery.subject}`;

  /**
   * A batch, set-based (README "Batches"): one statement matches every distinct lookup, one
   * inserts every delivery, one reads the express cycles' last pushes, one enqueues the jobs —
   * only for the rows actually inserted, so a replayed event queues nothing.
   */
  async function matchAndDeliver(db: pg.PoolClient, events: readonly ChangeEvent[]): Promise<void> {
    // Events of one enterprise or subject often come together: each distinct lookup once.
    const lookups = new Map(events.map((event) => [JSON.stringify(lookupOf(event)), lookupOf(event)]));
    const found = await matchSubscriptionsOf(db, [...lookups.values()]);
    const matches = new Map([...lookups.keys()].map((key, i) => [key, found[i]!]));
    const at = now();
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      for (const subscription of matches.get(JSON.stringify(lookupOf(event))) ?? []) {
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
    const inserted = new Set((await insertDeliveries(db, deliveries)).map((row) => row.id));
    const queued = deliveries.filter((delivery) => delivery.state === 'pending' && inserted.has(delivery.id));
    const lastPushes =
      cycleMs > 0
        ? await lastPushesStartedAt(
            db,
            queued.filter((delivery) => cycledFamilies.includes(delivery.family)),
          )
        : new Map<string, Date>();
    const jobs = queued.map((delivery): JobToQueue => {
      const last = cycledFamilies.includes(delivery.family) ? lastPushes.get(pairKey(delivery)) : undefined;
      const cycleEnd = last ? last.getTime() + cycleMs : 0;
      return {
        deliveryId: delivery.id,
        subscriptionId: delivery.subscriptionId,
        attempt: 1,
        ...(cycleEnd > at.getTime() ? { startAfter: new Date(cycleEnd) } : {}),
      };
    });
    await enqueueDeliveries(boss, options.queue, db, jobs);
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
