import {
  createVersionTables,
  findLiveVersion,
  insertNextVersion,
  inTransaction,
  type ProjectionName,
  type ProjectionVersion,
  readCheckpoints,
  saveCheckpoints,
  setVersionRevision,
  slotParts,
  storedMismatches,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { type LogSnapshot, readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { createTopicOffsetReader, type TopicOffsetReader } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import { topicsRead } from '../runtime/projection.ts';
import { type Positions, positionsAt, progressOf } from './buildPositions.ts';
import type { RebuildOptions, RebuildProgress } from './options.ts';

/**
 * The opening of a rebuild (rebuild.ts): the version it builds, what bounds it (the live
 * version, or the log's ends when the live version is of another log), where it starts and where
 * the log ends; and the two reads of positions the build goes on making.
 */

export const positionsOf = async (pool: pg.Pool | pg.PoolClient, group: string): Promise<Positions> =>
  positionsAt(await readCheckpoints(pool, group));

/** Where the log ends now (high watermarks), and where it starts (records deleted below). */
export async function logBounds(
  reader: TopicOffsetReader,
  topics: string[],
): Promise<{ ends: Positions; starts: Positions }> {
  const ends: Positions = new Map();
  const starts: Positions = new Map();
  for (const [topic, partitions] of await reader.read(topics))
    for (const p of partitions) {
      ends.set(`${topic}/${p.partition}`, BigInt(p.end));
      starts.set(`${topic}/${p.partition}`, BigInt(p.start));
    }
  return { ends, starts };
}

/**
 * What bounds the build: the live version's position (refreshed while it runs), or, when the
 * live version's checkpoints are of another log, nothing but the log's ends.
 */
async function liveBoundOf(options: RebuildOptions, topics: string[], log: Logger, snapshot: LogSnapshot) {
  const { pool } = options;
  const live = await findLiveVersion(pool, options.projection.declaration.name);
  const ofAnotherLog =
    live !== undefined &&
    live !== null &&
    // Rule 6 as its consumer found it: a log restored in place is told only by its records.
    storedMismatches(await readCheckpoints(pool, live.consumerGroup), snapshot, topics).length > 0;
  const bound = ofAnotherLog ? undefined : live;
  if (ofAnotherLog)
    log.warn('the live version is of another log; building from the log as it is, up to its ends', {
      version: live?.version,
    });
  return { live, ofAnotherLog, bound };
}

/**
 * A build owes the log from where it starts now: a partition whose first records were deleted
 * (`kafka-delete-records`, a retention set on the topic) is read from its start, and the build
 * stores that position before reading, so that its reads, its progress and the live version it
 * becomes all count from there (projections/src/logBinding.ts, rule 5; processors/README.md
 * "When the log was replaced"). A partition it already stored a position for keeps it.
 */
async function storeStartPositions(
  pool: pg.Pool,
  version: ProjectionVersion,
  snapshot: LogSnapshot,
  topics: readonly string[],
  now: Date,
): Promise<void> {
  const stored = positionsAt(await readCheckpoints(pool, version.consumerGroup));
  const read = new Set(topics);
  const starts = [...(snapshot.starts ?? [])].flatMap(([slot, start]) => {
    const { topic, partition } = slotParts(slot);
    return start > 0n && read.has(topic) && !stored.has(slot)
      ? [{ topic, partition, nextOffset: String(start), recordsApplied: 0 }]
      : [];
  });
  await saveCheckpoints(pool, version.consumerGroup, starts, now, snapshot);
}

/** What one rebuild works with, fixed for its run. */
export interface Build {
  options: RebuildOptions;
  name: ProjectionName;
  version: ProjectionVersion;
  topics: string[];
  log: Logger;
  /** The live version the build started beside; `bound` is it unless it is of another log. */
  live: ProjectionVersion | null | undefined;
  bound: ProjectionVersion | null | undefined;
  ofAnotherLog: boolean;
  offsets: TopicOffsetReader;
  started: number;
  deadline: number;
}

/**
 * Where the build stands and what it aims at, shared by the consumer's callbacks, the loop and
 * the progress reports: the log's ends, the limits (the live version's offsets, the log's ends
 * when the live version is of another log, none without a live version), what it applied.
 */
export interface Standing {
  ends: Positions;
  limits: Positions | undefined;
  readonly applied: Positions;
  progress: RebuildProgress;
  /** Partitions the merged read stopped waiting for (mergedIntake.ts), kept across a resumed build. */
  readonly readOnWithout: NonNullable<RebuildProgress['readOnWithout']>;
}

/** The version this rebuild builds (the one claimed, or a new one) at this code's revision, with its tables. */
async function versionToBuild(options: RebuildOptions, now: () => Date): Promise<ProjectionVersion> {
  const { pool, projection } = options;
  const name = projection.declaration.name;
  const revision = projection.declaration.revision;
  const version =
    options.version ??
    (await inTransaction(pool, (db) =>
      // Kept with the version, so that a build resumed by another builder accepts them too.
      insertNextVersion(db, options.namespace, name, 'building', now(), {
        revision,
        acceptDifferences: options.acceptDifferences === true,
      }),
    ));
  if (version.revision !== revision) await setVersionRevision(pool, name, version.version, revision);
  await createVersionTables(pool, name, version.schemaName);
  return version;
}

/** Opens a build: its version, what bounds it, where it starts and where the log ends. */
export async function openBuild(
  options: RebuildOptions,
  now: () => Date,
): Promise<{ build: Build; standing: Standing }> {
  const { pool, projection } = options;
  const name = projection.declaration.name;
  const topics = topicsRead(projection, options.topicOf);
  const log = options.logger.scope({ projection: name, operation: 'rebuild' });
  const version = await versionToBuild(options, now);
  const started = performance.now();
  const deadline = Date.now() + (options.timeoutMs ?? 6 * 60 * 60_000);

  const snapshot = await readLogSnapshot({
    brokers: options.brokers,
    security: options.security,
    topics,
    starts: true,
  });
  const { live, ofAnotherLog, bound } = await liveBoundOf(options, topics, log, snapshot);
  await storeStartPositions(pool, version, snapshot, topics, now());
  let limits: Positions | undefined = bound ? await positionsOf(pool, bound.consumerGroup) : undefined;
  // A resumed build starts where it stored: partitions it had finished report nothing more.
  const applied: Positions = await positionsOf(pool, version.consumerGroup);
  const offsets = createTopicOffsetReader({
    brokers: options.brokers,
    security: options.security,
    logger: options.logger,
  });
  const { ends } = await logBounds(offsets, topics).catch(async (error) => {
    await offsets.close();
    throw error;
  });
  if (ofAnotherLog) limits = ends;
  const build = {
    options,
    name,
    version,
    topics,
    log,
    live,
    bound,
    ofAnotherLog,
    offsets,
    started,
    deadline,
  };
  const progress = progressOf('building', [], ends, 0);
  const readOnWithout = [...(version.progress.readOnWithout ?? [])];
  return { build, standing: { ends, limits, applied, progress, readOnWithout } };
}
