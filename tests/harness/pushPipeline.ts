import { type ProjectionName, readCheckpoints, readOutbox } from '@tradelog/projections';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { type PushSettings, pushSettings } from '../../processors/src/push/settings.ts';
import type { createApp } from '../../query-api/src/app.ts';
import { createSubscriptionRoutes } from '../../query-api/src/subscriptions/routes.ts';
import { createTestPushWaits, type TestPushWaits } from '../../query-api/src/subscriptions/testPushWaits.ts';
import type { TestKeySpec } from './apiKeys.ts';
import { type CallbackReceiver, startCallbackReceiver } from './callbackReceiver.ts';
import {
  type DocumentPipeline,
  startDocumentPipeline,
  startTestDatabase,
  type TestDatabase,
} from './documentPipeline.ts';
import { quietLogger, step, testServices, uniqueName, waitFor } from './index.ts';
import { dropPipelineState } from './pipelineTeardown.ts';
import { endOffsetsOf, waitForProjectionsToApply } from './projectionsApplied.ts';
import { startQueryAppUnderTest } from './queryAppUnderTest.ts';

type Routers = NonNullable<Parameters<typeof createApp>[0]['routers']>;

export interface PushPipelineOptions<K extends string> {
  /** Names the test schema, topics, consumer group and queue schema. */
  prefix: string;
  keys: Record<K, TestKeySpec>;
  /** The projections publishing change events; none: no ingest either, only the changes topic. */
  projections?: readonly ProjectionName[];
  /** Query-api routers served beside the subscription routes (with the push settings' provider window). */
  routers?: (database: { pool: pg.Pool; namespace: string; providerWindowMs: number }) => Routers;
  poolSize?: number;
  /** Push settings beyond the test's own names and the loopback allowlist. */
  settings?: Partial<PushSettings>;
  /** The callback receiver's own path and answers. */
  receiver?: Parameters<typeof startCallbackReceiver>[0];
}

/**
 * A push pipeline under test: change events on a changes topic of the test's own (published by
 * the named projections, fed through ingest), the push service delivering them to a callback
 * receiver on loopback, and query-api serving subscriptions (and the given routers) on a port of
 * its own. `stop` takes it down in the order it came up, the other way round.
 */
export interface PushPipeline<K extends string> extends TestDatabase<K> {
  changesTopic: string;
  settings: PushSettings;
  push: PushService;
  receiver: CallbackReceiver;
  queryUrl: string;
  /**
   * Everything submitted so far has had its consequences up to the push service: the projections
   * applied it (checkpoints past the document topics' ends), published its change events
   * (outboxes empty), and the push service matched them (its checkpoint past the changes topic's
   * end: deliveries and jobs commit with it).
   */
  waitForChangesMatched(projections: readonly ProjectionName[]): Promise<void>;
  stop(): Promise<void>;
}

export type FedPushPipeline<K extends string> = PushPipeline<K> & Omit<DocumentPipeline<K>, 'stop'>;

export function startPushPipeline<K extends string>(
  options: PushPipelineOptions<K> & { projections: readonly ProjectionName[] },
): Promise<FedPushPipeline<K>>;
export function startPushPipeline<K extends string>(
  options: PushPipelineOptions<K>,
): Promise<PushPipeline<K>>;
export async function startPushPipeline<K extends string>(
  options: PushPipelineOptions<K>,
): Promise<PushPipeline<K> | FedPushPipeline<K>> {
  const services = testServices();
  const changesTopic = uniqueName(`${options.prefix}-changes`);
  const settings = pushSettings({
    consumerGroup: uniqueName(`${options.prefix}-push`),
    bossSchema: uniqueName(`${options.prefix}_boss`),
    allowlist: parseAllowlist(['127.0.0.1/32']),
    requestPollMs: 200,
    ...options.settings,
  });
  const fed = options.projections
    ? await startDocumentPipeline({ ...options, poolSize: options.poolSize ?? 10, changesTopic })
    : undefined;
  const database = fed ?? (await startTestDatabase({ ...options, poolSize: options.poolSize ?? 10 }));
  const { db, pool } = database;
  let push: PushService | undefined;
  let receiver: CallbackReceiver | undefined;
  let queryApp: Awaited<ReturnType<typeof startQueryAppUnderTest>> | undefined;
  let testPushWaits: TestPushWaits | undefined;
  const stop = async () => {
    await push?.stop();
    await receiver?.close();
    await queryApp?.close();
    await testPushWaits?.close();
    if (fed) {
      await pool.query(`DROP SCHEMA IF EXISTS "${settings.bossSchema}" CASCADE`);
      await fed.stop();
    } else
      await dropPipelineState({
        kafkaBrokers: services.kafkaBrokers,
        changesTopic,
        pool,
        db,
        bossSchema: settings.bossSchema,
      });
  };
  try {
    if (!fed)
      await ensureTopics({
        brokers: services.kafkaBrokers,
        topics: [{ topic: changesTopic, partitions: 1 }],
        logger: quietLogger,
      });
    const service = createPushService({
      brokers: services.kafkaBrokers,
      pool,
      databaseUrl: db.databaseUrl,
      changesTopic,
      settings,
      logger: quietLogger,
    });
    push = service;
    await step('push service', () => service.start());
    receiver = await startCallbackReceiver(options.receiver);
    // As main.ts: test pushes wait on Postgres' word, on a connection of their own.
    testPushWaits = await createTestPushWaits({ connectionString: db.databaseUrl, logger: quietLogger });
    queryApp = await startQueryAppUnderTest(pool, [
      createSubscriptionRoutes({
        pool,
        callbackAllowlist: settings.allowlist,
        providerWindowMs: settings.providerWindowMs,
        testPushWaits,
      }),
      ...(options.routers?.({ pool, namespace: db.schema, providerWindowMs: settings.providerWindowMs }) ??
        []),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const waitForChangesMatched = async (projections: readonly ProjectionName[]) => {
    if (fed)
      await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, fed.documentTopics), {
        projections,
        topicOf: fed.topicOf,
      });
    await waitFor(
      async () => {
        for (const projection of projections)
          if ((await readOutbox(pool, projection, 1)).length > 0) return false;
        return true;
      },
      { what: 'change events published' },
    );
    const changesEnd = (await endOffsetsOf(services.kafkaBrokers, [changesTopic])).get(changesTopic) ?? [];
    await waitFor(
      async () => {
        const stored = new Map(
          (await readCheckpoints(pool, settings.consumerGroup)).map((c) => [
            c.partition,
            BigInt(c.nextOffset),
          ]),
        );
        return changesEnd.every((p) => (stored.get(p.partition) ?? BigInt(p.start)) >= BigInt(p.end));
      },
      { what: 'push processor past the end of the changes topic' },
    );
  };

  return {
    ...database,
    changesTopic,
    settings,
    push,
    receiver,
    queryUrl: queryApp.url,
    waitForChangesMatched,
    stop,
  };
}
