import {
  type BoundCheckpoint,
  deleteCheckpointsOf,
  inTransaction,
  type LogIdentity,
  readTransportCheckpoints,
  saveCheckpoints,
  storedMismatches,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import type { Router } from 'express';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { Operations } from './operations.ts';
import { withStarts } from './pipeline.ts';

/** A partition push starts again, and why. */
export interface ForeignSlot {
  topic: string;
  partition: number;
  reason: string;
}

/**
 * The partitions whose checkpoints are of another log than `snapshot`, by the consumer group that
 * stored them, in the order logMismatches names them. A group owes every record of the topics it
 * stored positions for: a partition it has none for counts from 0 (`owedCheckpoints`).
 */
export function foreignSlotsByGroup(
  stored: readonly (BoundCheckpoint & { consumerGroup: string; foundTimestamp?: string | null })[],
  snapshot: LogIdentity,
): Map<string, ForeignSlot[]> {
  const groups = new Map<string, ForeignSlot[]>();
  for (const [group, rows] of Map.groupBy(stored, (c) => c.consumerGroup)) {
    const topics = [...new Set(rows.map((c) => c.topic))];
    const mismatches = storedMismatches(rows, snapshot, topics);
    if (mismatches.length > 0)
      groups.set(
        group,
        mismatches.map(({ topic, partition, reason }) => ({ topic, partition, reason })),
      );
  }
  return groups;
}

/**
 * Where push starts each slot again: the partition's start, where records were deleted from it
 * (its first records are gone; from 0 it would only be stopped again), stored with the log's
 * ids; nothing (the beginning) elsewhere.
 */
export function restartPositions(
  slots: readonly ForeignSlot[],
  snapshot: LogIdentity,
): { topic: string; partition: number; nextOffset: string; recordsApplied: number }[] {
  return slots.flatMap(({ topic, partition }) => {
    const start = snapshot.starts?.get(`${topic}/${partition}`) ?? 0n;
    return start > 0n ? [{ topic, partition, nextOffset: String(start), recordsApplied: 0 }] : [];
  });
}

/** The push processor started on a new log (processors/README.md "When the log was replaced"). */
export function addPushLogRoutes(router: Router, ops: Operations): void {
  const { pool, audit } = ops;
  // The push processor on a new log (processors/README.md "When the log was replaced"): its
  // checkpoints on the changes topic that are of another log are removed, so it starts that
  // topic's partitions at their beginning: every change of the new log is pushed, none skipped
  // (where records were deleted, at the first the log still holds: the operator chose to go on
  // without them). Its checkpoints of this log are kept; a projection's are never touched (a view
  // is rebuilt).
  router.post(
    '/ops/push/start-on-new-log',
    handle(async (_req, res) => {
      const { logSnapshot, changesTopic } = ops;
      if (!logSnapshot || !changesTopic)
        throw localizedError(
          'KAFKA_NOT_CONFIGURED',
          503,
          {
            cn: '查询服务未配置 KAFKA_BROKERS，无法比对日志',
            en: 'KAFKA_BROKERS is not set for the query API',
          },
          {},
          { retriable: false },
        );
      const [identity, offsets] = await Promise.all([
        logSnapshot([changesTopic]),
        ops.topicOffsets?.([changesTopic]),
      ]);
      const snapshot = offsets ? withStarts(identity, offsets) : identity;
      const reset = await inTransaction(pool, async (db) => {
        const stored = await readTransportCheckpoints(db, changesTopic);
        const groups = foreignSlotsByGroup(stored, snapshot);
        for (const [group, slots] of groups) {
          await deleteCheckpointsOf(db, group, slots);
          await saveCheckpoints(db, group, restartPositions(slots, snapshot), ops.now(), snapshot);
        }
        const started = [...groups].map(([consumerGroup, partitions]) => ({ consumerGroup, partitions }));
        if (started.length > 0)
          await audit(db, res, 'push.startedOnNewLog', { clusterId: snapshot.clusterId, started });
        return started;
      });
      if (reset.length === 0)
        throw localizedError('PUSH_ON_THIS_LOG', 409, {
          cn: '推送处理器的检查点都属于当前日志，无需从头开始',
          en: 'The push processor’s checkpoints are all of the current log; nothing to start over',
        });
      sendSuccess(res, { clusterId: snapshot.clusterId, started: reset }, 202);
    }),
  );
}
