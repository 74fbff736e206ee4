import { randomUUID } from 'node:crypto';
import { insertDeadLetter, lockCheckpoint, readCheckpoints, saveCheckpoint } from '@tradelog/projections';
import { insertDelivery } from '@tradelog/projections/push/deliveries';
import { matchSubscriptions } from '@tradelog/projections/push/subscriptions';
import type { Logger } from '@tradelog/schemas';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { enqueueDeliveries, type JobToQueue } from './jobs.ts';
import { lookupOf, parseChangeEvent, pushPayload } from './payloads.ts';

/**
 * The push processor (issue 5): consumes the `changes` topic in its own consumer group, matches
 * each change event against the subscriptions, and for each match inserts one delivery row —
 * unique per (subscription, event id) — and its pg-boss job, in ONE transaction with the
 * partition's offset (Postgres is the offset store, as for the projections). A change consumed
 * twice (restart, rebalance) or published twice (outbox replay, rebuild) finds its delivery row
 * and enqueues nothing: never a second logical delivery.
 */
export interface PushProcessorOptions {
  kafka: Kafka;
  pool: pg.Pool;
  boss: PgBoss;
  queue: string;
  topic: string;
  consumerGroup: string;
  logger: Logger;
  now?: () => Date;
  newId?: () => string;
}

export interface PushProcessor {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createPushProcessor(options: PushProcessorOptions): PushProcessor {
  const { pool, boss, consumerGroup } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const log = options.logger.scope({ component: 'push-processor', consumerGroup, topic: options.topic });
  const consumer: Consumer = options.kafka.consumer({
    groupId: consumerGroup,
    maxWaitTimeInMs: 250,
    allowAutoTopicCreation: false,
    retry: { retries: 10 },
  });
  const gapsSeen = new Set<string>();

  async function eachBatch({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) {
    const { topic, partition } = batch;
    if (batch.messages.length === 0) return;
    const started = performance.now();
    const slot = `${topic}/${partition}`;
    let handled: string | undefined;
    let nextOffset = 0n;
    let matched = 0;
    let applied = 0;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const from = BigInt((await lockCheckpoint(client, consumerGroup, topic, partition)) ?? '0');
      nextOffset = from;
      const first = BigInt(batch.messages[0]!.offset);
      if (first > from && !gapsSeen.has(slot)) {
        // Kafka's committed offsets are a hint only: go back to what Postgres says was applied.
        await client.query('ROLLBACK');
        gapsSeen.add(slot);
        consumer.seek({ topic, partition, offset: String(from) });
        return;
      }
      const jobs: JobToQueue[] = [];
      // Events of one enterprise or subject often come together: look their subscriptions up once a batch.
      const matches = new Map<string, Awaited<ReturnType<typeof matchSubscriptions>>>();
      const matchOnce = async (lookup: ReturnType<typeof lookupOf>) => {
        const key = JSON.stringify(lookup);
        let found = matches.get(key);
        if (!found) {
          found = await matchSubscriptions(client, lookup);
          matches.set(key, found);
        }
        return found;
      };
      for (const message of batch.messages) {
        const offset = BigInt(message.offset);
        if (offset < nextOffset) {
          handled = message.offset;
          continue;
        }
        if (!isRunning() || isStale()) break;
        const event = parseChangeEvent(message.value);
        if (!event) {
          log.warn('change record is not a change event; dead-lettered', {
            partition,
            offset: message.offset,
          });
          await insertDeadLetter(client, {
            projection: 'push',
            consumerGroup,
            topic,
            partition,
            offset: message.offset,
            recordKey: message.key?.toString() ?? null,
            headers: {},
            value: message.value,
            errorCode: 'CHANGE_EVENT_INVALID',
            errorMessage: 'not a change event',
            failedAt: now(),
          });
        } else {
          const at = now();
          for (const subscription of await matchOnce(lookupOf(event))) {
            matched++;
            const deliveryId = newId();
            const inserted = await insertDelivery(client, {
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
              jobs.push({ deliveryId, subscriptionId: subscription.id, attempt: 1 });
            }
          }
        }
        nextOffset = offset + 1n;
        handled = message.offset;
        applied++;
      }
      await enqueueDeliveries(boss, options.queue, client, jobs);
      if (applied > 0) {
        await saveCheckpoint(client, {
          consumerGroup,
          topic,
          partition,
          nextOffset: String(nextOffset),
          recordsApplied: applied,
          appliedAt: now(),
        });
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      log.error('change batch rolled back; it will be fetched again', { partition, error: error as Error });
      throw error;
    } finally {
      client.release();
    }
    gapsSeen.delete(slot);
    if (handled !== undefined) resolveOffset(handled);
    if (applied > 0) {
      await consumer.commitOffsets([{ topic, partition, offset: String(nextOffset) }]).catch(() => undefined);
      log.debug('change batch matched', {
        partition,
        applied,
        matched,
        durationMs: Math.round(performance.now() - started),
      });
    }
    await heartbeat();
  }

  return {
    async start() {
      await consumer.connect();
      consumer.on(consumer.events.GROUP_JOIN, async (event) => {
        const stored = new Map(
          (await readCheckpoints(pool, consumerGroup).catch(() => [])).map((c) => [
            `${c.topic}/${c.partition}`,
            c.nextOffset,
          ]),
        );
        for (const [topic, partitions] of Object.entries(event.payload.memberAssignment)) {
          for (const partition of partitions) {
            consumer.seek({ topic, partition, offset: stored.get(`${topic}/${partition}`) ?? '0' });
          }
        }
      });
      await consumer.subscribe({ topics: [options.topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        // Partitions hold different enterprises, hence different subjects: safe to overlap.
        partitionsConsumedConcurrently: 3,
        eachBatch,
      });
      log.info('push processor started');
    },
    async stop() {
      await consumer.disconnect();
    },
  };
}
