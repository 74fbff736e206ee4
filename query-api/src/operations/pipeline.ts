import {
  type Checkpoint,
  findLiveVersion,
  type LogIdentity,
  type LogMismatch,
  logReplacedMessage,
  type ProjectionName,
  projectionCatalogue,
  pushLogReplacedRemedy,
  readCheckpoints,
  readTransportCheckpoints,
  storedMismatches,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { Router } from 'express';
import type pg from 'pg';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { LogSnapshotOf, PartitionEnd, TopicOffsets } from '../reads/topicOffsets.ts';

/**
 * The operator's view of the pipeline (topics and consumer lag as charts): records
 * per topic from the broker's end offsets, and each live projection's lag from the offsets it
 * stored beside its rows. Projections keep their offsets in Postgres, not in Kafka's group
 * coordinator, so that is where their lag is read.
 */
export interface TopicSummary {
  topic: string;
  partitions: number;
  records: number;
}

export interface ProjectionLag {
  projection: ProjectionName;
  title: { cn: string; en: string };
  version: number | null;
  /**
   * `current`: every record of the log applied; `behind`: records wait; `log-replaced`: the
   * checkpoints are of another log (projections/src/logBinding.ts), so there is no lag to give.
   */
  state: 'current' | 'behind' | 'log-replaced';
  applied: number;
  /** Records of the log not applied yet; null when the checkpoints are of another log. */
  lag: number | null;
  lastAppliedAt: string | null;
  /** With `log-replaced`: which partitions, why, and what the operator does (cn/en). */
  logReplaced?: { mismatches: LogMismatch[]; message: { cn: string; en: string } };
}

/**
 * The push processor's progress on the changes topic: a transport, not a view, so it has no
 * version; one entry per consumer group that stored offsets there (usually `tradelog-push`).
 * On a replaced log its remedy is to start push on the new log, not a rebuild.
 */
export interface PushLag {
  consumerGroup: string;
  state: 'current' | 'behind' | 'log-replaced';
  applied: number;
  lag: number | null;
  lastAppliedAt: string | null;
  logReplaced?: { mismatches: LogMismatch[]; message: { cn: string; en: string } };
}

/**
 * Pure: the push processor's lag on the changes topic per consumer group, from the topic's end
 * offsets and the checkpoints of the groups that belong to no projection version; a group whose
 * checkpoints are of another log is `log-replaced`, with the push remedy.
 */
export function pushLags(
  changes: Map<string, PartitionEnd[]>,
  stored: readonly (Checkpoint & { consumerGroup: string })[],
  snapshot: LogIdentity | undefined,
): PushLag[] {
  return [...Map.groupBy(stored, (c) => c.consumerGroup)].map(([consumerGroup, checkpoints]) => {
    const lagged = projectionLag(changes, checkpoints);
    const mismatches = snapshot ? storedMismatches(checkpoints, snapshot, [...changes.keys()]) : [];
    if (mismatches.length === 0)
      return { consumerGroup, ...lagged, state: lagged.lag > 0 ? 'behind' : 'current' };
    return {
      consumerGroup,
      ...lagged,
      state: 'log-replaced',
      lag: null,
      logReplaced: { mismatches, message: logReplacedMessage('push', mismatches, pushLogReplacedRemedy) },
    };
  });
}

/**
 * Pure: the log's identity with each partition's start from the topics' offsets, so that a
 * checkpoint below the start (records deleted before they were applied) is named
 * (projections/src/logBinding.ts, rule 5).
 */
export function withStarts(snapshot: LogIdentity, offsets: Map<string, PartitionEnd[]>): LogIdentity {
  const starts = new Map<string, bigint>();
  for (const [topic, partitions] of offsets)
    for (const p of partitions) starts.set(`${topic}/${p.partition}`, BigInt(p.start));
  return { ...snapshot, starts };
}

export function summarizeTopics(offsets: Map<string, PartitionEnd[]>): TopicSummary[] {
  return [...offsets].map(([topic, partitions]) => ({
    topic,
    partitions: partitions.length,
    records: partitions.reduce((sum, p) => sum + Number(BigInt(p.end) - BigInt(p.start)), 0),
  }));
}

/**
 * Lag of one consumer over the topics it reads: for each partition, the end offset minus the
 * next offset it stored; a partition it never stored an offset for counts from the start.
 */
export function projectionLag(
  offsets: Map<string, PartitionEnd[]>,
  checkpoints: {
    topic: string;
    partition: number;
    nextOffset: string;
    recordsApplied: string;
    appliedAt: Date;
  }[],
): { applied: number; lag: number; lastAppliedAt: string | null } {
  const stored = new Map(checkpoints.map((c) => [`${c.topic}/${c.partition}`, c]));
  let lag = 0n;
  for (const [topic, partitions] of offsets) {
    for (const p of partitions) {
      const next = stored.get(`${topic}/${p.partition}`)?.nextOffset ?? p.start;
      const behind = BigInt(p.end) - BigInt(next);
      if (behind > 0n) lag += behind;
    }
  }
  const applied = checkpoints.reduce((sum, c) => sum + Number(c.recordsApplied), 0);
  const last = checkpoints.reduce<Date | null>(
    (max, c) => (max === null || c.appliedAt > max ? c.appliedAt : max),
    null,
  );
  return { applied, lag: Number(lag), lastAppliedAt: last?.toISOString() ?? null };
}

export function createPipelineRouter(deps: {
  pool: pg.Pool;
  topicOffsets: TopicOffsets | undefined;
  logSnapshot?: LogSnapshotOf | undefined;
  changesTopic: string;
  /** The document topics in the catalogue's order; the catalogue's own unless a test renames them. */
  documentTopics?: string[];
}): Router {
  const router = Router();
  const documentTopics = deps.documentTopics ?? documentTypes.map((type) => type.topic);
  const topicOf = new Map(documentTypes.map((type, index) => [type.id, documentTopics[index]!]));
  router.get(
    '/ops/pipeline',
    handle(async (_req, res) => {
      if (!deps.topicOffsets) {
        throw localizedError(
          'KAFKA_NOT_CONFIGURED',
          503,
          {
            cn: '查询服务未配置 KAFKA_BROKERS，无法测量主题与消费延迟',
            en: 'KAFKA_BROKERS is not set for the query API',
          },
          {},
          { retriable: false },
        );
      }
      const [offsets, identity] = await Promise.all([
        deps.topicOffsets([...documentTopics, deps.changesTopic]),
        deps.logSnapshot?.([...documentTopics, deps.changesTopic]),
      ]);
      const snapshot = identity && withStarts(identity, offsets);
      const documents = new Map([...offsets].filter(([topic]) => documentTopics.includes(topic)));
      const projections: ProjectionLag[] = [];
      for (const declaration of projectionCatalogue) {
        const projection = declaration.name;
        const live = await findLiveVersion(deps.pool, projection);
        const checkpoints = live ? await readCheckpoints(deps.pool, live.consumerGroup) : [];
        // A projection's lag counts only the topics its declaration reads.
        const read = new Set(declaration.reads.map((type) => topicOf.get(type)));
        const lagged = projectionLag(
          new Map([...documents].filter(([topic]) => read.has(topic))),
          checkpoints,
        );
        // The live version owes every record of what it reads: a partition it never stored a
        // position for counts from 0 (projections/src/logBinding.ts `owedCheckpoints`).
        const mismatches =
          snapshot && live
            ? storedMismatches(
                checkpoints.filter((c) => read.has(c.topic)),
                snapshot,
                [...read].filter((topic) => topic !== undefined),
              )
            : [];
        projections.push({
          projection,
          title: declaration.title,
          version: live?.version ?? null,
          ...(mismatches.length > 0
            ? {
                ...lagged,
                state: 'log-replaced' as const,
                lag: null,
                logReplaced: { mismatches, message: logReplacedMessage(projection, mismatches) },
              }
            : { ...lagged, state: lagged.lag > 0 ? ('behind' as const) : ('current' as const) }),
        });
      }
      const changes = new Map([...offsets].filter(([topic]) => topic === deps.changesTopic));
      const stored = await readTransportCheckpoints(deps.pool, deps.changesTopic, { lock: false });
      const push = pushLags(changes, stored, snapshot);
      sendSuccess(res, {
        topics: summarizeTopics(offsets),
        projections,
        push,
        measuredAt: new Date().toISOString(),
      });
    }),
  );
  return router;
}
