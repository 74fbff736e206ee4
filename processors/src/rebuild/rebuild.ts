import {
  analyzeVersionTables,
  compareVersions,
  createVersionTables,
  findLiveVersion,
  insertNextVersion,
  inTransaction,
  lockProjectionExclusive,
  logMismatches,
  markVersionFailed,
  type ProjectionVersion,
  readCheckpoints,
  saveVersionProgress,
  setVersionRevision,
  switchLiveVersion,
  type TableComparison,
  versionState,
  versionsEqual,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { createTopicOffsetReader, type TopicOffsetReader } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import { createProjectionConsumer } from '../runtime/consumer.ts';
import { type ProjectionRunOptions, topicsRead } from '../runtime/projection.ts';

/**
 * Rebuild from the log (ARCHITECTURE "Rebuild is a first-class operation"): a new version of
 * a projection is built from offset zero in a schema of its own, beside the live one, with the
 * same reducer and runtime. It never reads past the live version's position, so the two meet
 * at exactly the same offsets. Then, holding the projection's lock (live batches wait), the
 * builder checks both stand at the same offsets, compares them (row counts and per-key
 * hashes, projections/src/tables.ts) and, when equal, flips `projection_versions` in the same
 * transaction. Readers resolve the live version per request, so they see the old complete
 * view or the new complete view, never a half-built one.
 *
 * A live version whose checkpoints are of another log (projections/src/logBinding.ts: a new
 * cluster, a recreated topic) bounds nothing and is compared with nothing: the build reads the
 * log as it is up to its ends, refreshed at every tick, stops there, and switches readers (the
 * operator's remedy, processors/README.md "When the log was replaced").
 */
export interface RebuildProgress {
  state: 'building' | 'comparing' | 'switched' | 'built' | 'failed';
  recordsApplied: number;
  ratePerSecond: number;
  remainingLag: number;
  elapsedMs: number;
  comparison?: TableComparison[];
}

export interface RebuildOptions extends ProjectionRunOptions {
  /** A version already claimed (an operator request); otherwise a new one is added. */
  version?: ProjectionVersion;
  /** Switch readers when the comparison is clean (default true). */
  switchWhenEqual?: boolean;
  /**
   * Switch even when the comparison finds differences (recorded with the version): the rebuild
   * runs other rules than the live version on purpose — an upgrade to a new revision
   * (processors/README.md "Upgrading a projection"), or an operator's `--accept-differences`.
   */
  acceptDifferences?: boolean;
  progressIntervalMs?: number;
  onProgress?: (progress: RebuildProgress) => void;
  now?: () => Date;
  timeoutMs?: number;
  /** Freeze the live version once the build is this close to it (records). */
  freezeWithinRecords?: number;
  /** How long the live version may stay frozen while the build takes the last records. */
  freezeTimeoutMs?: number;
  /** Stops the build (the process is stopping); the version stays `building`, to be resumed. */
  signal?: AbortSignal;
}

export interface RebuildResult {
  version: ProjectionVersion;
  switched: boolean;
  progress: RebuildProgress;
}

type Positions = Map<string, bigint>;

/** The build was asked to stop (RebuildOptions.signal): not a failure, the version can be resumed. */
export class RebuildStopped extends Error {
  constructor() {
    super('rebuild stopped');
    this.name = 'RebuildStopped';
  }
}

/** An operator cancelled the version being built (`DELETE /ops/rebuild/:projection`): it is failed already. */
class RebuildCancelled extends Error {
  constructor() {
    super('rebuild cancelled by an operator');
    this.name = 'RebuildCancelled';
  }
}

const positionsOf = async (pool: pg.Pool | pg.PoolClient, group: string): Promise<Positions> =>
  new Map(
    (await readCheckpoints(pool, group)).map((c) => [`${c.topic}/${c.partition}`, BigInt(c.nextOffset)]),
  );

function samePositions(a: Positions, b: Positions): boolean {
  for (const slot of new Set([...a.keys(), ...b.keys()]))
    if ((a.get(slot) ?? 0n) !== (b.get(slot) ?? 0n)) return false;
  return true;
}

/** High watermarks of the topics: where the log ends now. */
async function logEnds(reader: TopicOffsetReader, topics: string[]): Promise<Positions> {
  const ends: Positions = new Map();
  for (const [topic, partitions] of await reader.read(topics))
    for (const p of partitions) ends.set(`${topic}/${p.partition}`, BigInt(p.end));
  return ends;
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

const lagOf = (ends: Positions, at: Positions) =>
  [...ends].reduce((sum, [slot, end]) => sum + Number(end - (at.get(slot) ?? 0n)), 0);

/**
 * What bounds the build: the live version's position (refreshed while it runs), or, when the
 * live version's checkpoints are of another log, nothing but the log's ends.
 */
async function liveBoundOf(options: RebuildOptions, topics: string[], log: Logger) {
  const { pool } = options;
  const live = await findLiveVersion(pool, options.projection.declaration.name);
  const ofAnotherLog =
    live !== undefined &&
    live !== null &&
    logMismatches(
      await readCheckpoints(pool, live.consumerGroup),
      await readLogSnapshot({ brokers: options.brokers, security: options.security, topics }),
    ).length > 0;
  const bound = ofAnotherLog ? undefined : live;
  if (ofAnotherLog)
    log.warn('the live version is of another log; building from the log as it is, up to its ends', {
      version: live?.version,
    });
  return { live, ofAnotherLog, bound };
}

/**
 * Freezes the live version (its batches wait on the lock), lets the build reach exactly the
 * frozen offsets, compares, and switches in the same transaction. `moved`: the build did not
 * reach them in time, or the log moved on; try again at the next tick.
 */
async function freezeAndSwitch(context: {
  options: RebuildOptions;
  version: ProjectionVersion;
  bound: ProjectionVersion | null | undefined;
  ofAnotherLog: boolean;
  ends: Positions;
  at: Positions;
  applied: Positions;
  now: () => Date;
  /** The build's limits become the frozen offsets while it catches up with them. */
  setLimits: (frozen: Positions) => void;
}): Promise<{
  outcome: 'moved' | 'different' | 'built' | 'switched';
  comparison?: Awaited<ReturnType<typeof compareVersions>>;
}> {
  const { options, version, bound, ofAnotherLog, ends, at, applied, now } = context;
  const { pool } = options;
  const name = options.projection.declaration.name;
  return inTransaction(pool, async (db) => {
    await lockProjectionExclusive(db, name);
    // A cancel may have come while this waited for the live version's batches: it stops the
    // build here, and with the row locked none can come between this check and the switch.
    if ((await versionState(db, version.schemaName, { lock: true })) !== 'building')
      throw new RebuildCancelled();
    if (bound || ofAnotherLog) {
      const frozen = bound ? await positionsOf(db, bound.consumerGroup) : ends;
      context.setLimits(frozen);
      const reached =
        (await waitUntil(() => samePositions(frozen, applied), options.freezeTimeoutMs ?? 15_000)) &&
        samePositions(frozen, await positionsOf(pool, version.consumerGroup));
      if (!reached) return { outcome: 'moved' as const };
    } else if (!samePositions(ends, at)) {
      return { outcome: 'moved' as const };
    }
    const comparison = bound ? await compareVersions(db, name, bound.schemaName, version.schemaName) : [];
    const equal = versionsEqual(comparison);
    if (!equal && !options.acceptDifferences) return { outcome: 'different' as const, comparison };
    if (options.switchWhenEqual === false) return { outcome: 'built' as const, comparison };
    await switchLiveVersion(db, name, version.version, now());
    return { outcome: 'switched' as const, comparison };
  });
}

/**
 * Builds a version from offset zero until it has caught up with the live one, then freezes,
 * compares and switches (`freezeAndSwitch`). Longer than our ~80-line mark on purpose: its loop
 * shares the build's moving positions (the log's ends, the limits, what it applied) and its
 * progress with the consumer's callbacks and the progress reports.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, projection } = options;
  const name = projection.declaration.name;
  const topics = topicsRead(projection, options.topicOf);
  const now = options.now ?? (() => new Date());
  const log = options.logger.scope({ projection: name, operation: 'rebuild' });
  const revision = projection.declaration.revision;
  const version =
    options.version ??
    (await inTransaction(pool, (db) =>
      insertNextVersion(db, options.namespace, name, 'building', now(), revision),
    ));
  if (version.revision !== revision) await setVersionRevision(pool, name, version.version, revision);
  await createVersionTables(pool, name, version.schemaName);
  const started = performance.now();
  const deadline = Date.now() + (options.timeoutMs ?? 6 * 60 * 60_000);

  const { live, ofAnotherLog, bound } = await liveBoundOf(options, topics, log);
  let limits: Positions | undefined = bound ? await positionsOf(pool, bound.consumerGroup) : undefined;
  // A resumed build starts where it stored: partitions it had finished report nothing more.
  const applied: Positions = await positionsOf(pool, version.consumerGroup);
  const offsets = createTopicOffsetReader({
    brokers: options.brokers,
    security: options.security,
    logger: options.logger,
  });
  let ends = await logEnds(offsets, topics).catch(async (error) => {
    await offsets.close();
    throw error;
  });
  if (ofAnotherLog) limits = ends;
  // Where the build stands as its batches commit (the checkpoints say the same a moment later):
  // each commit wakes the loop below, so the end of a build is seen when it happens, not at the
  // next progress tick — a rebuild's fixed cost, paid by every projection.
  let wake = () => {};
  const consumer = createProjectionConsumer({
    brokers: options.brokers,
    security: options.security,
    pool,
    codec: options.codec,
    projection,
    version,
    topics,
    live: false,
    logger: options.logger,
    limitOf: (topic, partition) => (limits ? (limits.get(`${topic}/${partition}`) ?? 0n) : undefined),
    onApplied: ({ topic, partition, nextOffset }) => {
      applied.set(`${topic}/${partition}`, nextOffset);
      wake();
    },
  });

  let progress: RebuildProgress = {
    state: 'building',
    recordsApplied: 0,
    ratePerSecond: 0,
    remainingLag: lagOf(ends, new Map()),
    elapsedMs: 0,
  };
  const report = async (state: RebuildProgress['state'], extra: Partial<RebuildProgress> = {}) => {
    const checkpoints = await readCheckpoints(pool, version.consumerGroup);
    const recordsApplied = checkpoints.reduce((sum, c) => sum + Number(c.recordsApplied), 0);
    const elapsedMs = Math.round(performance.now() - started);
    const at = new Map(checkpoints.map((c) => [`${c.topic}/${c.partition}`, BigInt(c.nextOffset)]));
    progress = {
      state,
      recordsApplied,
      ratePerSecond: elapsedMs > 0 ? Math.round((recordsApplied / elapsedMs) * 1000) : 0,
      remainingLag: lagOf(ends, at),
      elapsedMs,
      ...extra,
    };
    await saveVersionProgress(pool, name, version.version, { ...progress });
    options.onProgress?.(progress);
    return at;
  };

  const progressIntervalMs = options.progressIntervalMs ?? 500;
  const freezeWithin = options.freezeWithinRecords ?? 500;
  let reportedAt = performance.now();
  let analyzing: Promise<unknown> | undefined;
  options.signal?.addEventListener('abort', () => wake(), { once: true });
  await consumer.start();
  let switched = false;
  try {
    for (;;) {
      if (Date.now() > deadline) throw new Error('rebuild did not catch up before its deadline');
      if (options.signal?.aborted) throw new RebuildStopped();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, progressIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
      // A commit that leaves the build far from its target waits for the next progress tick.
      const reportDue = performance.now() - reportedAt >= progressIntervalMs;
      if (!reportDue && lagOf(limits ?? ends, applied) > freezeWithin) continue;
      reportedAt = performance.now();
      const current = await findLiveVersion(pool, name);
      if (current?.version !== live?.version) throw new Error('the live version changed during the rebuild');
      ends = await logEnds(offsets, topics);
      if (bound) limits = await positionsOf(pool, bound.consumerGroup);
      else if (ofAnotherLog) limits = ends;
      const at = await report('building');
      // A cancel marks the version failed; the build stops at its next tick (and could not
      // switch anyway: switchLiveVersion takes only a version still building).
      if ((await versionState(pool, version.schemaName)) !== 'building') throw new RebuildCancelled();
      const target = limits ?? ends;
      // Planner statistics for readers of the new version, gathered once half of it is built (a
      // sample of half the rows describes the whole) on a connection of its own, beside the build.
      const lag = lagOf(target, at);
      analyzing ??=
        progress.recordsApplied >= lag
          ? analyzeVersionTables(pool, version.schemaName).catch((error: unknown) =>
              log.warn('planner statistics not gathered', { error: error as Error }),
            )
          : undefined;
      // Close enough to the live version to freeze it for the last stretch.
      if (lag > freezeWithin) continue;
      // Statistics before readers may switch (outside the freeze: ANALYZE reads the whole version).
      analyzing ??= analyzeVersionTables(pool, version.schemaName);
      await analyzing;

      // Freeze the live version (its batches wait on the lock), let the build reach exactly the
      // frozen offsets, compare, and switch in the same transaction.
      const { outcome, comparison } = await freezeAndSwitch({
        options,
        version,
        bound,
        ofAnotherLog,
        ends,
        at,
        applied,
        now,
        setLimits: (frozen) => {
          limits = frozen;
        },
      });
      if (comparison) progress = { ...progress, comparison };
      if (outcome === 'moved') continue;
      if (outcome === 'different') {
        await report('failed', { comparison: progress.comparison ?? [] });
        await markVersionFailed(pool, name, version.version, 'differs from the live version');
        log.warn('rebuilt version differs from the live one; not switched', {
          version: version.version,
          comparison: progress.comparison,
        });
        break;
      }
      switched = outcome === 'switched';
      await report(switched ? 'switched' : 'built', { comparison: progress.comparison ?? [] });
      log.info('rebuild finished', {
        version: version.version,
        revision,
        switched,
        differences: (progress.comparison ?? []).filter((t) => !versionsEqual([t])).length,
        recordsApplied: progress.recordsApplied,
        ratePerSecond: progress.ratePerSecond,
      });
      break;
    }
  } catch (error) {
    if (error instanceof RebuildCancelled) {
      log.info('rebuild cancelled', { version: version.version, recordsApplied: progress.recordsApplied });
      return { version, switched: false, progress };
    }
    if (!(error instanceof RebuildStopped))
      await markVersionFailed(pool, name, version.version, (error as Error).message).catch(() => undefined);
    throw error;
  } finally {
    await consumer.stop();
    await offsets.close();
  }
  return { version, switched, progress };
}
