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
