import {
  type BoundCheckpoint,
  deleteCheckpointsOf,
  inTransaction,
  type LogIdentity,
  logMismatches,
  readTransportCheckpoints,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import type { Router } from 'express';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { Operations } from './operations.ts';

/**
 * The partitions whose checkpoints are of another log than `snapshot`, by the consumer group that
 * stored them, in the order logMismatches names them.
 */
export function foreignSlotsByGroup(
  stored: readonly (BoundCheckpoint & { consumerGroup: string })[],
  snapshot: LogIdentity,
): Map<string, { topic: string; partition: number; reason: string }[]> {
  const groups = new Map<string, { topic: string; partition: number; reason: string }[]>();
  for (const mismatch of logMismatches(stored, snapshot)) {
    const group = stored.find(
      (c) => c.topic === mismatch.topic && c.partition === mismatch.partition,
    )!.consumerGroup;
    groups.set(group, [
      ...(groups.get(group) ?? []),
      { topic: mismatch.topic, partition: mismatch.partition, reason: mismatch.reason },
    ]);
  }
  return groups;
}

/** The push processor started on a new log (processors/README.md "When the log was replaced"). */
export function addPushLogRoutes(router: Router, ops: Operations): void {
  const { pool, audit } = ops;
  // The push processor on a new log (processors/README.md "When the log was replaced"): its
  // checkpoints on the changes topic that are of another log are removed, so it starts that
  // topic's partitions at their beginning: every change of the new log is pushed, none skipped.
  // Its checkpoints of this log are kept; a projection's are never touched (a view is rebuilt).
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
      const snapshot = await logSnapshot([changesTopic]);
      const reset = await inTransaction(pool, async (db) => {
        const stored = await readTransportCheckpoints(db, changesTopic);
        const groups = foreignSlotsByGroup(stored, snapshot);
        for (const [group, slots] of groups) await deleteCheckpointsOf(db, group, slots);
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
