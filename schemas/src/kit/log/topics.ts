import { TradelogError } from '../../errors/tradelogError.ts';
import { retryDelayMs } from '../runtime/backoff.ts';
import { createLogger, type Logger } from '../runtime/log.ts';
import { createKafka } from './kafka.ts';
import type { KafkaSecurity } from './kafkaSecurity.ts';
import { kafkaUnavailable } from './kafkaUnavailable.ts';

export interface TopicSpec {
  topic: string;
  partitions: number;
}

/**
 * How many copies a new topic keeps, from the number of brokers in the cluster: three, of which
 * two must have a write before it is acknowledged (acks=all), from three brokers on, so that one
 * broker can be lost or restarted without losing or refusing anything; as many as there are
 * brokers below that (root README "Beyond one machine").
 */
export function topicReplication(brokerCount: number): {
  replicationFactor: number;
  minInsyncReplicas: number;
} {
  if (!Number.isInteger(brokerCount) || brokerCount < 1)
    throw new Error(`a cluster has at least one broker, got ${brokerCount}`);
  const replicationFactor = Math.min(brokerCount, 3);
  return { replicationFactor, minInsyncReplicas: replicationFactor >= 3 ? 2 : 1 };
}

/**
 * Creates the topics that do not exist yet, replicated as `topicReplication` says for the
 * cluster's size. Document topics keep everything: the log is the source of truth, so time- and
 * size-based deletion are both off. With `create: false` (a service whose topics the provision
 * step creates: ./provisioning.ts) it only checks, and a missing topic is a retriable error.
 */
export async function ensureTopics(options: {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  topics: TopicSpec[];
  logger?: Logger;
  clientId?: string;
  create?: boolean;
}): Promise<string[]> {
  const logger = options.logger ?? createLogger({ service: 'tradelog-admin' });
  const admin = createKafka({
    brokers: options.brokers,
    security: options.security,
    clientId: options.clientId ?? 'tradelog-admin',
    logger,
  }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = options.topics.filter((spec) => !existing.has(spec.topic));
    if (missing.length > 0 && options.create === false)
      throw new TradelogError(
        'TOPICS_NOT_PROVISIONED',
        `topics missing (is the provision step done?): ${missing.map((spec) => spec.topic).join(', ')}`,
        { status: 503, retriable: true },
      );
    if (missing.length > 0) {
      const { brokers } = await admin.describeCluster();
      const { replicationFactor, minInsyncReplicas } = topicReplication(brokers.length);
      await admin.createTopics({
        // Waited for below: kafkajs' own wait gives up when a broker answers "does not host
        // this topic-partition", which KRaft does for a moment after creating a topic.
        waitForLeaders: false,
        topics: missing.map((spec) => ({
          topic: spec.topic,
          numPartitions: spec.partitions,
          replicationFactor,
          configEntries: [
            { name: 'retention.ms', value: '-1' },
            { name: 'retention.bytes', value: '-1' },
            { name: 'min.insync.replicas', value: String(minInsyncReplicas) },
          ],
        })),
      });
      await waitForLeaders(admin, missing);
      logger.info('topics created', {
        topics: missing.map((spec) => spec.topic),
        replicationFactor,
        minInsyncReplicas,
      });
    }
    return missing.map((spec) => spec.topic);
  } finally {
    await admin.disconnect();
  }
}

/** Until every partition of the new topics has a leader (20 s at most); a broker that does not know them yet means "not yet". */
async function waitForLeaders(
  admin: ReturnType<ReturnType<typeof createKafka>['admin']>,
  specs: readonly TopicSpec[],
): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (let attempt = 1; ; attempt++) {
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: specs.map((spec) => spec.topic) });
      const led = topics.every(
        (topic) =>
          topic.partitions.length === specs.find((spec) => spec.topic === topic.name)?.partitions &&
          topic.partitions.every((partition) => partition.leader >= 0),
      );
      if (led) return;
    } catch (error) {
      // kafkajs retries such answers itself, then gives up with its own error: still "not yet".
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`topics without leaders after 20 s: ${specs.map((s) => s.topic)}`);
    // 50 ms doubling to 1 s; one admin client polling, no herd to spread, so no jitter.
    const delayMs = retryDelayMs(attempt, { initial: 50, max: 1_000, random: () => 1 });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/** Partition count per topic, for choosing a record's partition before sending. */
export async function partitionCounts(options: {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  topics: string[];
  logger: Logger;
}): Promise<Map<string, number>> {
  const admin = createKafka({
    brokers: options.brokers,
    security: options.security,
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

/** Kafka's answers that a partition's leader moved or is being elected: the metadata is stale, not the log gone. */
const leaderMoved = new Set(['NOT_LEADER_FOR_PARTITION', 'LEADER_NOT_AVAILABLE']);

/**
 * Reads again after a leader moved, with the metadata refreshed first: kafkajs' admin asks
 * ListOffsets of the leaders its metadata names and, for that error, neither refreshes it nor
 * retries (seen in CI: "This server is not the leader for that topic-partition" while a topic's
 * leadership was settling). Any other error, or the same after `attempts` reads, is the caller's.
 */
export async function readAcrossLeaderMoves<T>(
  read: () => Promise<T>,
  refresh: () => Promise<unknown>,
  options: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const type = (error as { type?: unknown }).type;
      if (attempt >= attempts || typeof type !== 'string' || !leaderMoved.has(type)) throw error;
      await new Promise((resolve) => setTimeout(resolve, (options.delayMs ?? 100) * attempt));
      await refresh();
    }
  }
}

/**
 * An admin connection kept for repeated offset reads (a rebuild polls where the log ends while
 * it runs); it connects on first use and again after a failure or a leader move.
 */
export function createTopicOffsetReader(options: {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  logger: Logger;
  clientId?: string;
}): TopicOffsetReader {
  let admin: ReturnType<ReturnType<typeof createKafka>['admin']> | undefined;
  const disconnect = async () => {
    const current = admin;
    admin = undefined;
    await current?.disconnect().catch(() => undefined);
  };
  /** One read on the kept connection (made first if need be). */
  async function readOnce(topics: readonly string[]): Promise<TopicOffsets> {
    if (!admin) {
      admin = createKafka({
        brokers: options.brokers,
        security: options.security,
        clientId: options.clientId ?? 'tradelog-admin',
        logger: options.logger,
      }).admin();
      await admin.connect();
    }
    const connected = admin;
    const existing = new Set(await connected.listTopics());
    const present = topics.filter((name) => existing.has(name));
    // One topic at a time: kafkajs' concurrent per-topic reads each add their topic to the
    // client's metadata and race each other's refresh; on a cluster one then finds its topic
    // missing and fails ("Cannot destructure property 'partitions' of 'high.pop(...)'").
    const offsets: Awaited<ReturnType<typeof connected.fetchTopicOffsets>>[] = [];
    for (const topic of present) offsets.push(await connected.fetchTopicOffsets(topic));
    return new Map(
      present.map((topic, i) => [
        topic,
        offsets[i]!.map((o) => ({ partition: o.partition, start: o.low, end: o.high })).sort(
          (a, b) => a.partition - b.partition,
        ),
      ]),
    );
  }
  return {
    async read(topics) {
      try {
        // A new connection reads the cluster's metadata afresh: kafkajs keeps it for minutes.
        return await readAcrossLeaderMoves(() => readOnce(topics), disconnect);
      } catch (error) {
        await disconnect();
        throw kafkaUnavailable('could not read topic offsets from Kafka', error, {
          cn: '暂时无法从 Kafka 读取主题位置，请稍后重试',
          en: 'The log’s positions could not be read from Kafka; retry shortly',
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
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
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
