import {
  analyzeVersionTables,
  compareVersions,
  findLiveVersion,
  inTransaction,
  type LogMismatch,
  lockProjectionExclusive,
  markVersionFailed,
  readCheckpoints,
  saveVersionProgress,
  switchLiveVersion,
  versionState,
  versionsEqual,
} from '@tradelog/projections';
import { consumerBaseOf, createProjectionConsumer } from '../runtime/consumer.ts';
import { mergedReadBytesPerPartition } from '../runtime/mergedIntake.ts';
import { type Build, logBounds, openBuild, positionsOf, type Standing } from './buildOpening.ts';
import {
  deletedUnder,
  lagOf,
  type Positions,
  positionsAt,
  progressOf,
  readBoundsOf,
  samePositions,
} from './buildPositions.ts';
import type { RebuildOptions, RebuildProgress, RebuildResult } from './options.ts';

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

/** The build was asked to stop (RebuildOptions.signal): not a failure, the version can be resumed. */
export class RebuildStopped extends Error {
  constructor() {
    super('rebuild stopped');
    this.name = 'RebuildStopped';
  }
}

/** Records the build had not reached were deleted from the log (the version is failed with this message). */
class RecordsDeletedUnderBuild extends Error {
  constructor(deleted: ReturnType<typeof deletedUnder>) {
    const [first] = deleted;
    super(
      `records the build had not applied were deleted from the log (${first?.slot}: applied up to ${first?.at}, ` +
        `the log now starts at ${first?.start}${deleted.length > 1 ? `, and ${deleted.length - 1} more partitions` : ''}); ` +
        'request the rebuild again to build from the log as it is',
    );
    this.name = 'RecordsDeletedUnderBuild';
  }
}

/**
 * The build's own checkpoints are of another log than the one it reads now (a build resumed after
 * `stack.sh reset`, a Kafka restored in place under it: projections/src/logBinding.ts): its
 * consumer stopped, and the build would only wait for its deadline. The version is failed with
 * this message; a new request builds from the log as it is.
 */
class BuildOfAnotherLog extends Error {
  constructor(mismatches: readonly LogMismatch[]) {
    const [first] = mismatches;
    super(
      `the build's checkpoints do not agree with the log (${first?.reason}: ${first?.topic}/${first?.partition}` +
        `${mismatches.length > 1 ? `, and ${mismatches.length - 1} more partitions` : ''}); ` +
        'request the rebuild again to build from the log as it is',
    );
    this.name = 'BuildOfAnotherLog';
  }
}

/**
 * Why a build whose consumer stopped on its checkpoints fails: in the words the progress tick
 * uses (`deletedUnder`) when records were deleted under it, whichever of the two saw it first.
 */
function buildFailureOf(mismatches: readonly LogMismatch[]): Error {
  const deleted = mismatches.flatMap((m) =>
    m.reason === 'records-deleted' && m.log.start !== undefined
      ? [
          {
            slot: `${m.topic}/${m.partition}`,
            at: BigInt(m.checkpoint.nextOffset),
            start: BigInt(m.log.start),
          },
        ]
      : [],
  );
  return deleted.length === mismatches.length
    ? new RecordsDeletedUnderBuild(deleted)
    : new BuildOfAnotherLog(mismatches);
}

/** An operator cancelled the version being built (`DELETE /ops/rebuild/:projection`): it is failed already. */
class RebuildCancelled extends Error {
  constructor() {
    super('rebuild cancelled by an operator');
    this.name = 'RebuildCancelled';
  }
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/**
 * The loop's sleep: until the next progress tick, or until a batch commits or the build is asked
 * to stop. A commit while the loop is busy wakes nothing: the loop reads `applied` when it looks.
 */
function commitWaits() {
  let wake = () => {};
  return {
    wake: () => wake(),
    next: async (ms: number) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    },
  };
}

/**
 * The build's consumer, never past its limits. Where the build stands as its batches commit (the
 * checkpoints say the same a moment later): each commit wakes the loop, so the end of a build is
 * seen when it happens, not at the next progress tick — a rebuild's fixed cost, paid by every
 * projection.
 */
function buildConsumer(build: Build, standing: Standing, onCommit: () => void) {
  const { options } = build;
  const topics = new Set(build.topics);
  return createProjectionConsumer({
    ...consumerBaseOf(options),
    version: build.version,
    topics: build.topics,
    live: false,
    limitOf: (topic, partition) =>
      standing.limits ? (standing.limits.get(`${topic}/${partition}`) ?? 0n) : undefined,
    // One order whatever the fetches, so that two builds of one log agree, and agree with the
    // live version (processors/README.md "One order whatever the fetches").
    mergedRead: {
      readBounds: () => readBoundsOf(standing.limits ?? standing.ends, standing.applied, topics),
      // Shown with the build's progress: its order may differ from another build's from there.
      onWaitGivenUp: (partition, waitedMs) =>
        standing.readOnWithout.push({
          partition,
          waitedMs,
          at: (options.now?.() ?? new Date()).toISOString(),
        }),
    },
    // What the merge holds stays bounded whatever the number of partitions.
    maxBytesPerPartition: mergedReadBytesPerPartition(standing.ends.size),
    onApplied: ({ topic, partition, nextOffset }) => {
      standing.applied.set(`${topic}/${partition}`, nextOffset);
      onCommit();
    },
  });
}

/** Stores and reports the build's progress; answers where its checkpoints stand. */
async function reportProgress(
  build: Build,
  standing: Standing,
  state: RebuildProgress['state'],
  extra: Partial<RebuildProgress> = {},
): Promise<Positions> {
  const { pool } = build.options;
  const checkpoints = await readCheckpoints(pool, build.version.consumerGroup);
  const elapsedMs = Math.round(performance.now() - build.started);
  const readOnWithout =
    standing.readOnWithout.length > 0 ? { readOnWithout: [...standing.readOnWithout] } : {};
  standing.progress = progressOf(state, checkpoints, standing.ends, elapsedMs, {
    ...readOnWithout,
    ...extra,
  });
  await saveVersionProgress(pool, build.name, build.version.version, { ...standing.progress });
  build.options.onProgress?.(standing.progress);
  return positionsAt(checkpoints);
}

/**
 * One look at the build: the live version is still the one it started beside, the log's ends
 * and the limits are read again, progress is reported, and a cancel stops it. Answers where the
 * build's checkpoints stand.
 */
async function takeStock(build: Build, standing: Standing): Promise<Positions> {
  const { pool } = build.options;
  const current = await findLiveVersion(pool, build.name);
  if (current?.version !== build.live?.version)
    throw new Error('the live version changed during the rebuild');
  const { ends, starts } = await logBounds(build.offsets, build.topics);
  standing.ends = ends;
  if (build.bound) standing.limits = await positionsOf(pool, build.bound.consumerGroup);
  else if (build.ofAnotherLog) standing.limits = standing.ends;
  const at = await reportProgress(build, standing, 'building');
  // Records deleted under the build (a retention set on a topic, say): the version fails now,
  // naming them, rather than wait for its deadline; a new request builds from the log as it is.
  const deleted = deletedUnder(at, starts);
  if (deleted.length > 0) throw new RecordsDeletedUnderBuild(deleted);
  // A cancel marks the version failed; the build stops at its next tick (and could not
  // switch anyway: switchLiveVersion takes only a version still building).
  if ((await versionState(pool, build.version.schemaName)) !== 'building') throw new RebuildCancelled();
  return at;
}

/**
 * Freezes the live version (its batches wait on the lock), lets the build reach exactly the
 * frozen offsets, compares, and switches in the same transaction. `moved`: the build did not
 * reach them in time, or the log moved on; try again at the next tick.
 */
async function freezeAndSwitch(
  build: Build,
  standing: Standing,
  at: Positions,
  now: () => Date,
): Promise<{
  outcome: 'moved' | 'different' | 'built' | 'switched';
  comparison?: Awaited<ReturnType<typeof compareVersions>>;
}> {
  const { options, name, version, bound, ofAnotherLog } = build;
  const { pool } = options;
  return inTransaction(pool, async (db) => {
    await lockProjectionExclusive(db, name);
    // A cancel may have come while this waited for the live version's batches: it stops the
    // build here, and with the row locked none can come between this check and the switch.
    if ((await versionState(db, version.schemaName, { lock: true })) !== 'building')
      throw new RebuildCancelled();
    if (bound || ofAnotherLog) {
      const frozen = bound ? await positionsOf(db, bound.consumerGroup) : standing.ends;
      // The build's limits become the frozen offsets while it catches up with them.
      standing.limits = frozen;
      const reached =
        (await waitUntil(() => samePositions(frozen, standing.applied), options.freezeTimeoutMs ?? 15_000)) &&
        samePositions(frozen, await positionsOf(pool, version.consumerGroup));
      if (!reached) return { outcome: 'moved' as const };
    } else if (!samePositions(standing.ends, at)) {
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
 * Records how a compared build ended: a version that differs is failed and not switched;
 * otherwise it is built or switched. Answers whether readers switched.
 */
async function concludeBuild(
  build: Build,
  standing: Standing,
  outcome: 'different' | 'built' | 'switched',
): Promise<boolean> {
  const { options, name, version, log } = build;
  if (outcome === 'different') {
    await reportProgress(build, standing, 'failed', { comparison: standing.progress.comparison ?? [] });
    await markVersionFailed(options.pool, name, version.version, 'differs from the live version');
    log.warn('rebuilt version differs from the live one; not switched', {
      version: version.version,
      comparison: standing.progress.comparison,
    });
    return false;
  }
  const switched = outcome === 'switched';
  await reportProgress(build, standing, switched ? 'switched' : 'built', {
    comparison: standing.progress.comparison ?? [],
  });
  log.info('rebuild finished', {
    version: version.version,
    revision: options.projection.declaration.revision,
    switched,
    differences: (standing.progress.comparison ?? []).filter((t) => !versionsEqual([t])).length,
    recordsApplied: standing.progress.recordsApplied,
    ratePerSecond: standing.progress.ratePerSecond,
  });
  return switched;
}

/**
 * Builds a version from offset zero until it has caught up with the live one, then freezes,
 * compares and switches (`freezeAndSwitch`). The loop wakes on each commit or progress tick,
 * takes stock when due or near the target, and gathers planner statistics on the way.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const now = options.now ?? (() => new Date());
  const { build, standing } = await openBuild(options, now);
  const { name, version, log } = build;
  const commits = commitWaits();
  const consumer = buildConsumer(build, standing, commits.wake);
  const progressIntervalMs = options.progressIntervalMs ?? 500;
  const freezeWithin = options.freezeWithinRecords ?? 500;
  let reportedAt = performance.now();
  let analyzing: Promise<unknown> | undefined;
  options.signal?.addEventListener('abort', () => commits.wake(), { once: true });
  await consumer.start();
  let switched = false;
  try {
    for (;;) {
      if (Date.now() > build.deadline) throw new Error('rebuild did not catch up before its deadline');
      if (options.signal?.aborted) throw new RebuildStopped();
      await commits.next(progressIntervalMs);
      const replaced = consumer.health().logReplaced;
      if (replaced) throw buildFailureOf(replaced.mismatches);
      // A commit that leaves the build far from its target waits for the next progress tick.
      const reportDue = performance.now() - reportedAt >= progressIntervalMs;
      if (!reportDue && lagOf(standing.limits ?? standing.ends, standing.applied) > freezeWithin) continue;
      reportedAt = performance.now();
      const at = await takeStock(build, standing);
      // Planner statistics for readers of the new version, gathered once half of it is built (a
      // sample of half the rows describes the whole) on a connection of its own, beside the build.
      const lag = lagOf(standing.limits ?? standing.ends, at);
      analyzing ??=
        standing.progress.recordsApplied >= lag
          ? analyzeVersionTables(options.pool, version.schemaName).catch((error: unknown) =>
              log.warn('planner statistics not gathered', { error: error as Error }),
            )
          : undefined;
      // Close enough to the live version to freeze it for the last stretch.
      if (lag > freezeWithin) continue;
      // Statistics before readers may switch (outside the freeze: ANALYZE reads the whole version).
      analyzing ??= analyzeVersionTables(options.pool, version.schemaName);
      await analyzing;
      const { outcome, comparison } = await freezeAndSwitch(build, standing, at, now);
      if (comparison) standing.progress = { ...standing.progress, comparison };
      if (outcome === 'moved') continue;
      switched = await concludeBuild(build, standing, outcome);
      break;
    }
  } catch (error) {
    if (error instanceof RebuildCancelled) {
      log.info('rebuild cancelled', {
        version: version.version,
        recordsApplied: standing.progress.recordsApplied,
      });
      return { version, switched: false, progress: standing.progress };
    }
    if (!(error instanceof RebuildStopped))
      await markVersionFailed(options.pool, name, version.version, (error as Error).message).catch(
        () => undefined,
      );
    throw error;
  } finally {
    await consumer.stop();
    await build.offsets.close();
  }
  return { version, switched, progress: standing.progress };
}
