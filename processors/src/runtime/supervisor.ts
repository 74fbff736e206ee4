import { setTimeout as delay } from 'node:timers/promises';
import {
  createVersionTables,
  findBuildingVersion,
  findLiveVersion,
  insertNextVersion,
  inTransaction,
  lockProjectionExclusive,
  type ProjectionName,
  type ProjectionVersion,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import { retryDelayMs, retryForever } from '@tradelog/schemas/kit/runtime/backoff';
import type pg from 'pg';
import { rebuildProjection } from '../rebuild/rebuild.ts';
import { buildLockOf, withSessionLock } from './buildLock.ts';
import type { ConsumerHealth } from './checkpointedConsumer.ts';
import {
  consumerBaseOf,
  createProjectionConsumer,
  type ProjectionConsumer,
  type ProjectionConsumerOptions,
} from './consumer.ts';
import { type ProjectionRunOptions, topicsRead } from './projection.ts';

/**
 * The live version of a projection, created empty (to be filled from offset zero) the first
 * time a projection runs.
 */
export async function ensureLiveVersion(
  pool: pg.Pool,
  namespace: string,
  projection: ProjectionName,
  now: () => Date = () => new Date(),
  revision?: number,
): Promise<ProjectionVersion> {
  return inTransaction(pool, async (db) => {
    await lockProjectionExclusive(db, projection);
    const live = await findLiveVersion(db, projection);
    if (live) return live;
    const created = await insertNextVersion(db, namespace, projection, 'live', now(), { revision });
    await createVersionTables(db, projection, created.schemaName);
    return created;
  });
}

export interface LiveProjectionOptions extends ProjectionRunOptions {
  changes?: { producer: LogProducer; topic: string };
  /** How often an instance that is not building an upgrade looks for its end (2 s). */
  upgradePollMs?: number;
  membership?: ProjectionConsumerOptions['membership'];
}

/** Waits `ms`, or less when the supervisor stops. */
const sleep = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** A projection between two versions has no consumer: reported as one reconnecting (or starting, while it upgrades). */
export function betweenVersionsHealth(
  name: string,
  revision: number,
  upgrading: { from: number; since: Date } | undefined,
): ConsumerHealth {
  return {
    name,
    groupId: '',
    consumer: {
      state: upgrading ? 'starting' : 'reconnecting',
      since: upgrading?.since ?? new Date(),
      restarts: 0,
      failedRestarts: 0,
    },
    retired: false,
    ...(upgrading
      ? { upgrading: { fromVersion: upgrading.from, revision, since: upgrading.since.toISOString() } }
      : {}),
  };
}

/**
 * Rebuilds the projection with this revision (processors/README.md "Upgrading a projection"):
 * one instance builds — the holder of a session lock per projection, resuming a build an
 * earlier holder left — and switches readers when it has caught up with the old live version,
 * differences accepted (they are the point). The others wait for the new live version.
 */
export async function upgradeRebuild(
  options: LiveProjectionOptions,
  context: { log: Logger; stopped: () => boolean; signal: AbortSignal },
): Promise<void> {
  const { log, signal } = context;
  const name = options.projection.declaration.name;
  const revision = options.projection.declaration.revision;
  for (let attempt = 1; !context.stopped(); attempt++) {
    try {
      const live = await findLiveVersion(options.pool, name);
      if (live && live.revision >= revision) return;
      const built = await withSessionLock(options.pool, buildLockOf(name), async () => {
        const resumed = await findBuildingVersion(options.pool, name, revision);
        await rebuildProjection({
          brokers: options.brokers,
          security: options.security,
          pool: options.pool,
          codec: options.codec,
          projection: options.projection,
          ...(options.topicOf ? { topicOf: options.topicOf } : {}),
          namespace: options.namespace,
          logger: options.logger,
          acceptDifferences: true,
          signal,
          ...(resumed ? { version: resumed } : {}),
        });
      });
      if (!built) await sleep(options.upgradePollMs ?? 2_000, signal);
    } catch (error) {
      if (context.stopped()) return;
      const delayMs = retryDelayMs(attempt, { initial: 1_000, max: 30_000 });
      log.warn('upgrade rebuild not finished; trying again', { attempt, delayMs, error: error as Error });
      await sleep(delayMs, signal);
    }
  }
}

/**
 * What to say when the live version was built by another revision than this code's
 * (processors/README.md "Upgrading a projection"): an older one is rebuilt with this code, a newer
 * one is applied with this code all the same; nothing when they are the same.
 */
export function otherRevisionNotice(liveRevision: number, revision: number): string | undefined {
  if (liveRevision < revision) return 'live version built by an older revision; rebuilding it with this one';
  if (liveRevision > revision)
    return 'live version built by a newer revision than this code; applying with this one';
  return undefined;
}

/** The consumer of the live version; `onRetired` when a rebuild has switched readers away from it. */
function liveConsumerOf(options: LiveProjectionOptions, version: ProjectionVersion, onRetired: () => void) {
  return createProjectionConsumer({
    ...consumerBaseOf(options),
    version,
    topics: topicsRead(options.projection, options.topicOf),
    live: true,
    ...(options.changes ? { changes: options.changes } : {}),
    ...(options.membership ? { membership: options.membership } : {}),
    onRetired,
  });
}

/**
 * The live version to take over from a consumer stopped on another log's checkpoints: the one
 * live now, when a rebuild of the new log made it so; nothing while the running one is still live
 * or not stopped so.
 */
async function newLiveOfReplacedLog(
  pool: pg.Pool,
  name: ProjectionName,
  running: { consumer: ProjectionConsumer; version: ProjectionVersion } | undefined,
): Promise<ProjectionVersion | undefined> {
  if (!running?.consumer.health().logReplaced) return undefined;
  const live = await findLiveVersion(pool, name).catch(() => undefined);
  return live && live.version !== running.version.version ? live : undefined;
}

/** One at a time: work asked for while one runs is that one (a move between versions). */
function oneAtATime() {
  let running: Promise<void> | undefined;
  return {
    run(work: () => Promise<void>): void {
      running ??= work().finally(() => {
        running = undefined;
      });
    },
    running: () => running,
  };
}

/** Starts the new live version as soon as its dependencies let it (never given up). */
async function startWhenPossible(start: () => Promise<void>, stopped: () => boolean, log: Logger) {
  // No try once stopped (a wait may end after stop()): the loop then ends quietly.
  await retryForever(
    async () => {
      if (!stopped()) await start();
    },
    {
      initial: 500,
      max: 10_000,
      onRetry: ({ attempt, delayMs, error }) =>
        log.warn('new live version not started yet; trying again', {
          attempt,
          delayMs,
          error: error as Error,
        }),
    },
  );
}

/**
 * Keeps a projection's live version fed: runs its consumer, and when a rebuild has switched
 * readers to a new version, moves over to that version's consumer group (which resumes at the
 * offsets the rebuild stored). The closure holds what its steps share — the running consumer,
 * the switch in progress and the upgrade, which change together.
 */
export function superviseLiveProjection(options: LiveProjectionOptions) {
  const name = options.projection.declaration.name;
  const revision = options.projection.declaration.revision;
  const log = options.logger.scope({ projection: name });
  let current: { consumer: ProjectionConsumer; version: ProjectionVersion } | undefined;
  let stopped = false;
  const switching = oneAtATime();
  let upgrading: { from: number; since: Date } | undefined;
  const stopping = new AbortController();

  async function startLive(): Promise<void> {
    const version = await ensureLiveVersion(options.pool, options.namespace, name, undefined, revision);
    const notice = otherRevisionNotice(version.revision, revision);
    if (notice) log.warn(notice, { version: version.version, liveRevision: version.revision, revision });
    if (version.revision < revision) {
      // Readers keep the old version while the new rules rebuild beside it; the live consumer
      // of the old revision is not run (its tables and rules are not this code's).
      upgrading = { from: version.version, since: new Date() };
      switching.run(() =>
        upgradeRebuild(options, { log, stopped: () => stopped, signal: stopping.signal }).then(() => {
          upgrading = undefined;
          return stopped ? undefined : moveToNewLive();
        }),
      );
      return;
    }
    const consumer = liveConsumerOf(options, version, () => switching.run(moveToNewLive));
    current = { consumer, version };
    await consumer.start();
    log.info('live version running', { version: version.version, schema: version.schemaName });
  }

  /**
   * A live consumer stopped on another log's checkpoints applies nothing, so it never sees a
   * rebuild switch readers away from it (its `begin` is where a running one does): while it is
   * stopped, the live version is looked up, and a new one taken over (processors/README.md
   * "When the log was replaced").
   */
  async function followRebuildOfReplacedLog(): Promise<void> {
    const running = current;
    if (switching.running() || stopped) return;
    const live = await newLiveOfReplacedLog(options.pool, name, running);
    if (!live || current !== running) return;
    log.info('a version of the new log is live; taking it over', {
      from: running?.version.version,
      to: live.version,
    });
    switching.run(moveToNewLive);
  }
  const replacedLogTimer = setInterval(
    () => void followRebuildOfReplacedLog(),
    options.upgradePollMs ?? 2_000,
  );
  replacedLogTimer.unref();

  /** The new live version's consumer, started as soon as its dependencies let it (never given up). */
  async function moveToNewLive(): Promise<void> {
    const old = current;
    current = undefined;
    await old?.consumer.stop();
    await startWhenPossible(startLive, () => stopped, log);
  }

  return {
    start: startLive,
    version: () => current?.version,
    /** Between two versions there is no consumer: reported as one reconnecting, so /ready says so. */
    health: (): ConsumerHealth | undefined =>
      current?.consumer.health() ?? (stopped ? undefined : betweenVersionsHealth(name, revision, upgrading)),
    async stop() {
      stopped = true;
      clearInterval(replacedLogTimer);
      stopping.abort();
      await switching.running();
      await current?.consumer.stop();
    },
  };
}
