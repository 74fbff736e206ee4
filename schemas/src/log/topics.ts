import type { Admin } from 'kafkajs';
import { TradelogError } from '../runtime/errors.ts';
import { createLogger, type Logger } from '../runtime/log.ts';
import { createKafka } from './kafka.ts';

export interface TopicSpec {
  topic: string;
  partitions: number;
}

/**
 * Creates the topics that do not exist yet. Document topics keep everything: the log is the
 * source of truth, so time- and size-based deletion are both off.
 */
export async function ensureTopics(options: {
  brokers: string[];
  topics: TopicSpec[];
  logger?: Logger;
  clientId?: string;
}): Promise<string[]> {
  const logger = options.logger ?? createLogger({ service: 'tradelog-admin' });
  const admin = createKafka({
    brokers: options.brokers,
    clientId: options.clientId ?? 'tradelog-admin',
    logger,
  }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = options.topics.filter((spec) => !existing.has(spec.topic));
    if (missing.length > 0) {
      const names = missing.map((spec) => spec.topic);
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((spec) => ({
            topic: spec.topic,
            numPartitions: spec.partitions,
            replicationFactor: -1,
            configEntries: [
              { name: 'retention.ms', value: '-1' },
              { name: 'retention.bytes', value: '-1' },
            ],
          })),
        });
      } catch (error) {
        // kafkajs waits for the leaders with Metadata requests and retries only
        // LEADER_NOT_AVAILABLE; a busy KRaft broker answers UNKNOWN_TOPIC_OR_PARTITION for a
        // topic it has just created until its metadata has spread. The topics exist: keep waiting.
        if ((error as { type?: string }).type !== 'UNKNOWN_TOPIC_OR_PARTITION') throw error;
        await waitForLeaders(admin, names);
      }
      logger.info('topics created', { topics: names });
    }
    return missing.map((spec) => spec.topic);
  } finally {
    await admin.disconnect();
  }
}

/** Polls the topics' metadata until every partition has a leader, for at most `timeoutMs`. */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      if (
        found.length === topics.length &&
        found.every((topic) => topic.partitions.every((partition) => partition.leader >= 0))
      )
        return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`topics without leaders after ${timeoutMs} ms: ${topics}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Partition count per topic, for choosing a record's partition before sending. */
export async function partitionCounts(options: {
  brokers: string[];
  topics: string[];
  logger: Logger;
}): Promise<Map<string, number>> {
  const admin = createKafka({
    brokers: options.brokers,
    clientId: 'tradelog-admin',
    logger: options.logger,
  }).admin();
  await admin.connect();
  try {
    const metadata = await admin.fetchTopicMetadata({ topics: options.topics });
    return new Map(metadata.topics.map((topic) => [topic.name, topic.partitions.length]));
  } finally {
    await admin.disconnect();
  }
}

/**
 * Start and end offsets of each partition of the topics that exist (missing topics are left
 * out), for lag and size figures. One short-lived admin connection per call: operators poll
 * this every few seconds at most.
 */
export async function topicOffsets(options: {
  brokers: string[];
  topics: string[];
  logger: Logger;
}): Promise<Map<string, { partition: number; start: string; end: string }[]>> {
  const admin = createKafka({
    brokers: options.brokers,
    clientId: 'tradelog-admin',
    logger: options.logger,
  }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const result = new Map<string, { partition: number; start: string; end: string }[]>();
    for (const topic of options.topics.filter((name) => existing.has(name))) {
      const offsets = await admin.fetchTopicOffsets(topic);
      result.set(
        topic,
        offsets
          .map((o) => ({ partition: o.partition, start: o.low, end: o.high }))
          .sort((a, b) => a.partition - b.partition),
      );
    }
    return result;
  } catch (error) {
    throw new TradelogError('KAFKA_UNAVAILABLE', 'could not read topic offsets from Kafka', {
      status: 503,
      retriable: true,
      cause: error,
    });
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
