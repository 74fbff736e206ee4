import {
  createVersionTables,
  findLiveVersion,
  insertNextVersion,
  inTransaction,
  lockProjectionExclusive,
  type ProjectionName,
  type ProjectionVersion,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import type { RegistryCodec } from '@tradelog/schemas/log/codec';
import type { LogProducer } from '@tradelog/schemas/log/producer';
import type pg from 'pg';
import type { ConsumerHealth } from './checkpointedConsumer.ts';
import { createProjectionConsumer, type ProjectionConsumer } from './consumer.ts';
import { retryDelayMs } from './faults.ts';
import { type Projection, type TopicOf, topicsRead } from './projection.ts';

/**
 * The live version of a projection, created empty (to be filled from offset zero) the first
 * time a projection runs.
 */
export async function ensureLiveVersion(
  pool: pg.Pool,
  namespace: string,
  projection: ProjectionName,
  now: () => Date = () => new Date(),
): Promise<ProjectionVersion> {
  return inTransaction(pool, async (db) => {
    await lockProjectionExclusive(db, projection);
    const live = await findLiveVersion(db, projection);
    if (live) return live;
    const created = await insertNextVersion(db, namespace, projection, 'live', now());
    await createVersionTables(db, projection, created.schemaName);
    return created;
  });
}

export interface LiveProjectionOptions {
  brokers: string[];
  pool: pg.Pool;
  codec: Pick<RegistryCodec, 'decode'>;
  projection: Projection;
  /** Where each document type's records are (the catalogue's topics outside tests). */
  topicOf?: TopicOf;
  namespace: string;
  logger: Logger;
  changes?: { producer: LogProducer; topic: string };
}

/**
 * Keeps a projection's live version fed: runs its consumer, and when a rebuild has switched
 * readers to a new version, moves over to that version's consumer group (which resumes at the
 * offsets the rebuild stored).
 */
export function superviseLiveProjection(options: LiveProjectionOptions) {
  const name = options.projection.declaration.name;
  const log = options.logger.scope({ projection: name });
  let current: { consumer: ProjectionConsumer; version: ProjectionVersion } | undefined;
  let stopped = false;
  let switching: Promise<void> | undefined;

  async function startLive(): Promise<void> {
    const version = await ensureLiveVersion(options.pool, options.namespace, name);
    const consumer = createProjectionConsumer({
      brokers: options.brokers,
      pool: options.pool,
      codec: options.codec,
      projection: options.projection,
      version,
      topics: topicsRead(options.projection, options.topicOf),
      live: true,
      logger: options.logger,
      ...(options.changes ? { changes: options.changes } : {}),
      onRetired: () => {
        switching ??= moveToNewLive().finally(() => {
          switching = undefined;
        });
      },
    });
    current = { consumer, version };
    await consumer.start();
    log.info('live version running', { version: version.version, schema: version.schemaName });
  }

  /** The new live version's consumer, started as soon as its dependencies let it (never given up). */
  async function moveToNewLive(): Promise<void> {
    const old = current;
    current = undefined;
    await old?.consumer.stop();
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await startLive();
        return;
      } catch (error) {
        const delayMs = retryDelayMs(attempt, { initial: 500, max: 10_000 });
        log.warn('new live version not started yet; trying again', {
          attempt,
          delayMs,
          error: error as Error,
        });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  return {
    start: startLive,
    version: () => current?.version,
    /** Between two versions there is no consumer: reported as one reconnecting, so /ready says so. */
    health: (): ConsumerHealth | undefined =>
      current?.consumer.health() ??
      (stopped
        ? undefined
        : {
            name,
            groupId: '',
            consumer: { state: 'reconnecting', since: new Date(), restarts: 0, failedRestarts: 0 },
            retired: false,
          }),
    async stop() {
      stopped = true;
      await switching;
      await current?.consumer.stop();
    },
  };
}
