/**
 * Whether a consumer group's checkpoints belong to the log it reads now (ARCHITECTURE "Processors
 * are pure at the core": a checkpoint names the log it was taken on; a view never applies, or
 * skips, records of another log). Pure: the processors run it on every group join and before
 * every batch's transaction, the rebuild to choose what bounds a build, query-api for the
 * pipeline view and for every answer's freshness.
 *
 * A checkpoint stores the cluster id and the topic id it was taken on. Against the log as it is
 * now, a partition's checkpoint is of **another log** when:
 * 1. `cluster-changed`: the cluster id differs (a new cluster, a restore into a new cluster, the
 *    wrong brokers configured, a local `stack.sh reset`);
 * 2. `topic-recreated`: the topic id differs (the topic was deleted and created again);
 * 3. `topic-missing`: the checkpoint has applied records of a topic that no longer exists;
 * 4. `past-end`: the checkpoint is past the partition's end (the log lost records it had, or it
 *    is another log that a checkpoint written before ids were stored cannot tell apart);
 * 5. `records-deleted`: the checkpoint is below the partition's start (when the starts were
 *    read): records it had not applied were deleted from the log (`kafka-delete-records`, a
 *    retention an operator set on the topic). Kafka would answer "offset out of range" and a
 *    consumer would read on from the start: a skip no view may make in silence.
 * A checkpoint stored before ids were kept (ids null) is judged by rules 3 to 5 alone, and takes
 * the log's ids with its next batch: the one moment an upgraded installation cannot tell, from
 * the checkpoint alone, a replaced log that has since grown past it.
 */
export type LogMismatchReason =
  | 'cluster-changed'
  | 'topic-recreated'
  | 'topic-missing'
  | 'past-end'
  | 'records-deleted';

export interface BoundCheckpoint {
  topic: string;
  partition: number;
  nextOffset: string;
  clusterId: string | null;
  topicId: string | null;
}

export interface LogIdentity {
  clusterId: string;
  topicIds: ReadonlyMap<string, string>;
  /** `topic/partition` → end offset. */
  ends: ReadonlyMap<string, bigint>;
  /** `topic/partition` → start offset (the first record the log still holds), where read. */
  starts?: ReadonlyMap<string, bigint>;
}

export interface LogMismatch {
  topic: string;
  partition: number;
  reason: LogMismatchReason;
  /** What the checkpoint says and what the log says, for the operator. */
  checkpoint: { clusterId: string | null; topicId: string | null; nextOffset: string };
  log: { clusterId: string; topicId: string | null; end: string | null; start?: string };
}

/** `topic/partition` back into its parts (Kafka's topic names hold no `/`). */
export function slotParts(slot: string): { topic: string; partition: number } {
  const cut = slot.lastIndexOf('/');
  return { topic: slot.slice(0, cut), partition: Number(slot.slice(cut + 1)) };
}

export function logMismatches(checkpoints: readonly BoundCheckpoint[], log: LogIdentity): LogMismatch[] {
  const mismatches: LogMismatch[] = [];
  for (const checkpoint of checkpoints) {
    const topicId = log.topicIds.get(checkpoint.topic) ?? null;
    const slot = `${checkpoint.topic}/${checkpoint.partition}`;
    const end = log.ends.get(slot);
    const start = log.starts?.get(slot);
    const next = BigInt(checkpoint.nextOffset);
    const reason: LogMismatchReason | undefined =
      checkpoint.clusterId !== null && checkpoint.clusterId !== log.clusterId
        ? 'cluster-changed'
        : topicId === null
          ? next > 0n
            ? 'topic-missing'
            : undefined
          : checkpoint.topicId !== null && checkpoint.topicId !== topicId
            ? 'topic-recreated'
            : end !== undefined && next > end
              ? 'past-end'
              : start !== undefined && next < start
                ? 'records-deleted'
                : undefined;
    if (reason === undefined) continue;
    mismatches.push({
      topic: checkpoint.topic,
      partition: checkpoint.partition,
      reason,
      checkpoint: {
        clusterId: checkpoint.clusterId,
        topicId: checkpoint.topicId,
        nextOffset: checkpoint.nextOffset,
      },
      log: {
        clusterId: log.clusterId,
        topicId,
        end: end === undefined ? null : String(end),
        ...(start === undefined ? {} : { start: String(start) }),
      },
    });
  }
  return mismatches;
}

/**
 * The checkpoints of a consumer that owes every record of its topics from the first (a live
 * projection, the push processor), with a partition it never stored one for counted at offset 0:
 * records deleted from a partition before it was ever applied are a skip too (rule 5). A
 * rebuild owes the log only from where it starts (it stores its first position: the rebuild's
 * opening), so it is judged by its stored checkpoints alone.
 */
export function owedCheckpoints<C extends BoundCheckpoint>(
  checkpoints: readonly C[],
  log: Pick<LogIdentity, 'ends'>,
  topics: readonly string[],
): (C | BoundCheckpoint)[] {
  const stored = new Set(checkpoints.map((c) => `${c.topic}/${c.partition}`));
  const read = new Set(topics);
  const never: BoundCheckpoint[] = [];
  for (const slot of log.ends.keys()) {
    const { topic, partition } = slotParts(slot);
    if (read.has(topic) && !stored.has(slot))
      never.push({
        topic,
        partition,
        nextOffset: '0',
        clusterId: null,
        topicId: null,
      });
  }
  return [...checkpoints, ...never];
}

/**
 * The changes topic is a transport, not a view: on a new log, or past deleted records, the
 * operator starts push at the first change the log holds (processors/README.md "When the log was
 * replaced").
 */
export const pushLogReplacedRemedy = {
  cn: '从日志现有的第一条变更开始推送：POST /ops/push/start-on-new-log；或将服务指回原来的 Kafka 集群（记录被删除时：先恢复它们）。',
  en: 'Push from the first change the log holds: POST /ops/push/start-on-new-log; or point the services back at the original Kafka cluster (records deleted: restore them first).',
};

/**
 * The operator's words for a consumer whose checkpoints are of another log (cn and en): what
 * happened and what to do (processors/README.md "When the log was replaced").
 */
export function logReplacedMessage(
  consumer: string,
  mismatches: readonly LogMismatch[],
  remedy: { cn: string; en: string } = mismatches[0]?.reason === 'records-deleted'
    ? {
        cn: `请按日志现有的记录重建该投影（POST /ops/rebuild/${consumer}，视图将不含已删除的记录），或先将记录恢复到日志中。`,
        en: `Rebuild the projection from the records the log still holds (POST /ops/rebuild/${consumer}; the view will lack the deleted ones), or restore them to the log first.`,
      }
    : {
        cn: `请从新日志重建该投影（POST /ops/rebuild/${consumer}），或将服务指回原来的 Kafka 集群。`,
        en: `Rebuild the projection from the new log (POST /ops/rebuild/${consumer}), or point the services back at the original Kafka cluster.`,
      },
): { cn: string; en: string } {
  const first = mismatches[0];
  const where = first ? `${first.topic}/${first.partition}` : '';
  const count = mismatches.length;
  const why: Record<LogMismatchReason, { cn: string; en: string }> = {
    'cluster-changed': {
      cn: 'Kafka 集群已不是检查点所记录的集群',
      en: 'the Kafka cluster is not the one the checkpoints were taken on',
    },
    'topic-recreated': { cn: '主题已被删除并重新创建', en: 'the topic was deleted and created again' },
    'topic-missing': { cn: '检查点所读的主题已不存在', en: 'a topic the checkpoints read no longer exists' },
    'past-end': { cn: '检查点超出了日志末尾', en: 'the checkpoints are past the end of the log' },
    'records-deleted': {
      cn: '尚未应用的记录已从日志中删除（删除记录操作或主题保留期设置），可从备份恢复',
      en: 'records not yet applied were deleted from the log (a delete-records command or a retention set on the topic); they can only come back from a backup',
    },
  };
  const reason = first ? why[first.reason] : why['past-end'];
  const outcome =
    first?.reason === 'records-deleted'
      ? { cn: '之后的记录均未应用。', en: 'Nothing after them was applied.' }
      : { cn: '日志已被替换，什么都没有跳过。', en: 'The log was replaced; nothing was skipped.' };
  return {
    cn: `${consumer} 已停止：${reason.cn}（${count > 1 ? `${where} 等 ${count} 个分区` : where}）。${outcome.cn}${remedy.cn}`,
    en: `${consumer} stopped: ${reason.en} (${count > 1 ? `${where} and ${count - 1} more partitions` : where}). ${outcome.en} ${remedy.en}`,
  };
}
