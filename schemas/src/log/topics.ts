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
      logger.info('topics created', { topics: missing.map((spec) => spec.topic) });
    }
    return missing.map((spec) => spec.topic);
  } finally {
    await admin.disconnect();
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

export type TopicOffsets = Map<string, { partition: number; start: string; end: string }[]>;

export interface TopicOffsetReader {
  /** Start and end offsets of each partition of the topics that exist (missing topics are left out). */
  read(topics: readonly string[]): Promise<TopicOffsets>;
  close(): Promise<void>;
}

/**
 * An admin connection kept for repeated offset reads (a rebuild polls where the log ends while
 * it runs); it connects on first use and again after a failure. Topics are asked concurrently.
 */
export function createTopicOffsetReader(options: {
  brokers: string[];
  logger: Logger;
  clientId?: string;
}): TopicOffsetReader {
  let admin: ReturnType<ReturnType<typeof createKafka>['admin']> | undefined;
  const disconnect = async () => {
    const current = admin;
    admin = undefined;
    await current?.disconnect().catch(() => undefined);
  };
  return {
    async read(topics) {
      try {
        if (!admin) {
          admin = createKafka({
            brokers: options.brokers,
            clientId: options.clientId ?? 'tradelog-admin',
            logger: options.logger,
          }).admin();
          await admin.connect();
        }
        const connected = admin;
        const existing = new Set(await connected.listTopics());
        const present = topics.filter((name) => existing.has(name));
        const offsets = await Promise.all(present.map((topic) => connected.fetchTopicOffsets(topic)));
        return new Map(
          present.map((topic, i) => [
            topic,
            offsets[i]!.map((o) => ({ partition: o.partition, start: o.low, end: o.high })).sort(
              (a, b) => a.partition - b.partition,
            ),
          ]),
        );
      } catch (error) {
        await disconnect();
        throw new TradelogError('KAFKA_UNAVAILABLE', 'could not read topic offsets from Kafka', {
          status: 503,
          retriable: true,
          cause: error,
        });
      }
    },
    close: disconnect,
  };
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
}): Promise<TopicOffsets> {
  const reader = createTopicOffsetReader(options);
  try {
    return await reader.read(options.topics);
  } finally {
    await reader.close();
  }
}
