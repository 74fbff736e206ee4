import { randomUUID } from 'node:crypto';
import { insertDelivery, lastPushStartedAt } from '@tradelog/projections/push/deliveries';
import { matchSubscriptions } from '@tradelog/projections/push/subscriptions';
import type { Logger } from '@tradelog/schemas';
import { type ChangeEvent, decodeChangeEvent } from '@tradelog/schemas/changes/contract';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { type CheckpointedConsumer, createCheckpointedConsumer } from '../runtime/checkpointedConsumer.ts';
import { cycledFamilies } from './deliveryPlan.ts';
import { enqueueDeliveries, type JobToQueue } from './jobs.ts';
import { customerNameAllows, lookupOf, pushPayload } from './payloads.ts';

/**
 * The push processor: the changes topic consumed by the one checkpointed loop
 * (../runtime/checkpointedConsumer.ts) in its own consumer group. Each change event is matched
 * against the subscriptions, and for each match one delivery row — unique per (subscription,
 * event id) — and its pg-boss job are written in ONE transaction with the partition's offset.
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
  async function cycleEnd(db: pg.PoolClient, subscriptionId: string, subject: string, at: Date) {
    if (cycleMs <= 0) return undefined;
    const last = await lastPushStartedAt(db, subscriptionId, subject);
    const end = last ? last.getTime() + cycleMs : 0;
    return end > at.getTime() ? new Date(end) : undefined;
  }

  async function matchAndDeliver(db: pg.PoolClient, events: readonly ChangeEvent[]): Promise<void> {
    const jobs: JobToQueue[] = [];
    // Events of one enterprise or subject often come together: look their subscriptions up once a batch.
    const matches = new Map<string, Awaited<ReturnType<typeof matchSubscriptions>>>();
    for (const event of events) {
      const lookup = lookupOf(event);
      const lookupKey = JSON.stringify(lookup);
      let found = matches.get(lookupKey);
      if (!found) {
        found = await matchSubscriptions(db, lookup);
        matches.set(lookupKey, found);
      }
      const at = now();
      for (const subscription of found.filter((match) => customerNameAllows(event, match))) {
        const deliveryId = newId();
        const inserted = await insertDelivery(db, {
          id: deliveryId,
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
        if (inserted && subscription.state === 'active') {
          const startAfter = cycledFamilies.includes(subscription.family)
            ? await cycleEnd(db, subscription.id, event.subject, at)
            : undefined;
          jobs.push({
            deliveryId,
            subscriptionId: subscription.id,
            attempt: 1,
            ...(startAfter ? { startAfter } : {}),
          });
        }
      }
    }
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
