import type { LogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';

/**
 * The log's end offsets, as main.ts reads them from the brokers (`topicOffsets` of
 * schemas/src/kit/log/topics.ts). Two readers need them: the read cache, for each answer's
 * `recordsBehind` (./readCache.ts), and the operator's pipeline view, for records per topic and
 * lag (operations/pipeline.ts). Types only, here, so that neither imports the other.
 */
export interface PartitionEnd {
  partition: number;
  /** The offset the next record will get (Kafka's high watermark). */
  end: string;
  /** The first offset still in the log: 0 unless an operator deleted records (projections/src/logBinding.ts, rule 5). */
  start: string;
}

export type TopicOffsets = (topics: string[]) => Promise<Map<string, PartitionEnd[]>>;

/**
 * The log's cluster and topic ids and its ends, read after the call (schemas/src/kit/log/logSnapshot.ts):
 * what a freshness counts against, and what tells checkpoints of another log
 * (projections/src/logBinding.ts).
 */
export type LogSnapshotOf = (topics: readonly string[]) => Promise<LogSnapshot>;
