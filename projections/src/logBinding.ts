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
 * 6. `records-rewritten`: the record at the checkpoint's last applied offset is not the one it
 *    applied (another timestamp, where that record was read): a Kafka restored in place from an
 *    older backup keeps its cluster and topic ids, and once new records have grown a partition
 *    past the checkpoint, its offsets alone cannot tell. The checkpoint's records past the backup
 *    were never in this log, and the records now at those offsets were never applied.
 * A checkpoint stored before ids were kept (ids null) is judged by rules 3 to 5 alone, and takes
 * the log's ids with its next batch; one stored before last records were named, or whose last
 * record was deleted since, by rules 1 to 5.
 */
export type LogMismatchReason =
  | 'cluster-changed'
  | 'topic-recreated'
  | 'topic-missing'
  | 'past-end'
  | 'records-deleted'
  | 'records-rewritten';

export interface BoundCheckpoint {
  topic: string;
  partition: number;
  nextOffset: string;
  clusterId: string | null;
  topicId: string | null;
  /** The timestamp of the last record applied, at `nextOffset - 1`, where the checkpoint names it. */
  lastTimestamp?: string | null;
}

export interface LogIdentity {
  clusterId: string;
  topicIds: ReadonlyMap<string, string>;
  /** `topic/partition` → end offset. */
  ends: ReadonlyMap<string, bigint>;
  /** `topic/partition` → start offset (the first record the log still holds), where read. */
  starts?: ReadonlyMap<string, bigint>;
  /** `topic/partition` → the record the log holds at the checkpoint's last applied offset, where read (`lastRecordPlaces`). */
  lastRecords?: ReadonlyMap<string, { offset: string; timestamp: string }>;
}

export interface LogMismatch {
  topic: string;
  partition: number;
  reason: LogMismatchReason;
  /** What the checkpoint says and what the log says, for the operator. */
  checkpoint: {
    clusterId: string | null;
    topicId: string | null;
    nextOffset: string;
    lastTimestamp?: string;
  };
  log: {
    clusterId: string;
    topicId: string | null;
    end: string | null;
    start?: string;
    /** Rule 6: the timestamp of the record the log holds at the checkpoint's last applied offset. */
    lastTimestamp?: string;
  };
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
    const last = log.lastRecords?.get(slot);
    const rewritten =
      checkpoint.lastTimestamp != null &&
      last !== undefined &&
      last.offset === String(next - 1n) &&
      last.timestamp !== checkpoint.lastTimestamp;
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
                : rewritten
                  ? 'records-rewritten'
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
        ...(rewritten ? { lastTimestamp: checkpoint.lastTimestamp! } : {}),
      },
      log: {
        clusterId: log.clusterId,
        topicId,
        end: end === undefined ? null : String(end),
        ...(start === undefined ? {} : { start: String(start) }),
        ...(rewritten ? { lastTimestamp: last!.timestamp } : {}),
      },
    });
  }
  return mismatches;
}

/**
 * Where to read the records rule 6 compares: each checkpoint's last applied offset that names its
 * record and that the log still holds (past its start, before its end). Those outside are judged
 * by rules 4 and 5.
 */
export function lastRecordPlaces(
  checkpoints: readonly BoundCheckpoint[],
  log: Pick<LogIdentity, 'ends' | 'starts'>,
): { topic: string; partition: number; offset: bigint }[] {
  return checkpoints.flatMap((checkpoint) => {
    const slot = `${checkpoint.topic}/${checkpoint.partition}`;
    const offset = BigInt(checkpoint.nextOffset) - 1n;
    const end = log.ends.get(slot);
    const start = log.starts?.get(slot) ?? 0n;
    return checkpoint.lastTimestamp != null && offset >= start && end !== undefined && offset < end
      ? [{ topic: checkpoint.topic, partition: checkpoint.partition, offset }]
      : [];
  });
}

/**
 * The log with rule 6 as the processors found it and stored it with the checkpoints
 * (checkpoints.ts `storeFoundRecords`): for the readers that do not read the log's records
 * (query-api's pipeline view, push's restart), which judge the checkpoints with it.
 */
export function withFoundRecords<L extends LogIdentity>(
  log: L,
  checkpoints: readonly (BoundCheckpoint & { foundTimestamp?: string | null })[],
): L {
  const lastRecords = new Map<string, { offset: string; timestamp: string }>();
  for (const checkpoint of checkpoints)
    if (checkpoint.foundTimestamp != null)
      lastRecords.set(`${checkpoint.topic}/${checkpoint.partition}`, {
        offset: String(BigInt(checkpoint.nextOffset) - 1n),
        timestamp: checkpoint.foundTimestamp,
      });
  return { ...log, lastRecords };
}

/**
 * A consumer's stored checkpoints against the log, as the readers that read no records judge
 * them (query-api's pipeline view and push restart, the rebuild's look at the live version): a
 * partition of `owedTopics` without a checkpoint owed from offset 0 (`owedCheckpoints`), rule 6
 * as the processors found it (`withFoundRecords`).
 */
export function storedMismatches(
  checkpoints: readonly (BoundCheckpoint & { foundTimestamp?: string | null })[],
  log: LogIdentity,
  owedTopics: readonly string[],
): LogMismatch[] {
  return logMismatches(owedCheckpoints(checkpoints, log, owedTopics), withFoundRecords(log, checkpoints));
}

/** The rule 6 findings among mismatches, as `storeFoundRecords` keeps them. */
export function foundRecordsOf(
  mismatches: readonly LogMismatch[],
): { topic: string; partition: number; nextOffset: string; timestamp: string }[] {
  return mismatches.flatMap((m) =>
    m.reason === 'records-rewritten' && m.log.lastTimestamp !== undefined
      ? [
          {
            topic: m.topic,
            partition: m.partition,
            nextOffset: m.checkpoint.nextOffset,
            timestamp: m.log.lastTimestamp,
          },
        ]
      : [],
  );
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

/** What the operator of a projection does, by what happened to its log. */
function rebuildRemedy(consumer: string, reason: LogMismatchReason | undefined): { cn: string; en: string } {
  if (reason === 'records-deleted')
    return {
      cn: `请按日志现有的记录重建该投影（POST /ops/rebuild/${consumer}，视图将不含已删除的记录），或先将记录恢复到日志中。`,
      en: `Rebuild the projection from the records the log still holds (POST /ops/rebuild/${consumer}; the view will lack the deleted ones), or restore them to the log first.`,
    };
  if (reason === 'records-rewritten')
    return {
      cn: `请按日志现有的记录重建该投影（POST /ops/rebuild/${consumer}，视图将不含备份之后的记录），或恢复日志较新的副本。`,
      en: `Rebuild the projection from the log as it is now (POST /ops/rebuild/${consumer}; the view will lack the records the backup did not hold), or restore the newer copy of the log.`,
    };
  return {
    cn: `请从新日志重建该投影（POST /ops/rebuild/${consumer}），或将服务指回原来的 Kafka 集群。`,
    en: `Rebuild the projection from the new log (POST /ops/rebuild/${consumer}), or point the services back at the original Kafka cluster.`,
  };
}

/**
 * The operator's words for a consumer whose checkpoints are of another log (cn and en): what
 * happened and what to do (processors/README.md "When the log was replaced").
 */
export function logReplacedMessage(
  consumer: string,
  mismatches: readonly LogMismatch[],
  remedy: { cn: string; en: string } = rebuildRemedy(consumer, mismatches[0]?.reason),
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
    'records-rewritten': {
      cn: '检查点最后应用的记录已不是日志在该位置上的记录（例如 Kafka 从较早的备份原地恢复）',
      en: 'the record the checkpoints applied last is not the one the log holds at its offset (Kafka restored in place from an older backup, for example)',
    },
  };
  const reason = first ? why[first.reason] : why['past-end'];
  const outcome =
    first?.reason === 'records-deleted'
      ? { cn: '之后的记录均未应用。', en: 'Nothing after them was applied.' }
      : first?.reason === 'records-rewritten'
        ? {
            cn: '视图含有该日志已没有的记录，这些位置上现在的记录均未应用。',
            en: 'The view holds records this log no longer has, and the records now at those offsets were not applied.',
          }
        : { cn: '日志已被替换，什么都没有跳过。', en: 'The log was replaced; nothing was skipped.' };
  return {
    cn: `${consumer} 已停止：${reason.cn}（${count > 1 ? `${where} 等 ${count} 个分区` : where}）。${outcome.cn}${remedy.cn}`,
    en: `${consumer} stopped: ${reason.en} (${count > 1 ? `${where} and ${count - 1} more partitions` : where}). ${outcome.en} ${remedy.en}`,
  };
}
