import { Admin } from '@platformatic/kafka';
import { type KafkaSecurity, platformaticSecurity } from './kafkaSecurity.ts';
import { kafkaUnavailable } from './kafkaUnavailable.ts';

/**
 * Which log this is and where it ends: the cluster's id, each topic's id (the UUID Kafka gives a
 * topic when it is created; a topic deleted and created again under the same name gets a new
 * one) and each partition's end offset (the high watermark: every record acknowledged to a
 * producer with acks=all is below it). A checkpoint taken on one log means nothing on another
 * (ARCHITECTURE "Processors are pure at the core": a checkpoint names the log it was taken on),
 * and a freshness figure that counts what was accepted needs ends read after the question.
 *
 * Read with @platformatic/kafka's admin client: kafkajs' metadata requests predate topic ids.
 * Three requests per read (the topics that exist, their metadata, their end offsets); missing
 * topics are left out.
 */
export interface LogSnapshot {
  clusterId: string;
  /** Topic name → topic id, for the topics that exist. */
  topicIds: ReadonlyMap<string, string>;
  /** `topic/partition` → end offset, for every partition of the topics that exist. */
  ends: ReadonlyMap<string, bigint>;
  /** `topic/partition` → start offset (the first record the log still holds), when asked for. */
  starts?: ReadonlyMap<string, bigint>;
}

export interface LogSnapshotReader {
  read(topics: readonly string[]): Promise<LogSnapshot>;
  close(): Promise<void>;
}

/** Kafka's ListOffsets timestamps for "the latest offset" (the high watermark) and "the earliest". */
const latest = -1n;
const earliest = -2n;

export interface LogSnapshotOptions {
  brokers: string[];
  /** TLS and SASL (./kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  clientId?: string;
  /** One request's limit; a broker that does not answer makes the read fail, never hang. */
  timeoutMs?: number;
  /**
   * How long the topics' ids and partitions may be reused (0: read with every snapshot). The ends
   * are read afresh every time; a reader asked many times a second (query-api's freshness) keeps
   * the ids a second, a consumer verifying its checkpoints reads them anew.
   */
  metadataMaxAgeMs?: number;
  /**
   * Read each partition's start as well (one more request, beside the ends'): records deleted
   * before a consumer applied them are a skip (projections/src/logBinding.ts, rule 5).
   */
  starts?: boolean;
  /**
   * How long the starts may be reused (0: read with every snapshot). They move only when an
   * operator deletes records; a reader asked many times a second (query-api's freshness) keeps
   * them a while rather than double the requests of every round.
   */
  startsMaxAgeMs?: number;
}

/** The topics' ids and partition counts, as read at `at` for the topics `asked`. */
export interface KnownTopics {
  at: number;
  /** The topics asked for, joined: ids read for other topics are not reused. */
  asked: string;
  clusterId: string;
  partitions: ReadonlyMap<string, { id: string; count: number }>;
}

export function createLogSnapshotReader(options: LogSnapshotOptions): LogSnapshotReader {
  let admin: Admin | undefined;
  const metadataMaxAgeMs = options.metadataMaxAgeMs ?? 0;
  let known: KnownTopics | undefined;
  let knownStarts: { at: number; asked: string; starts: Map<string, bigint> } | undefined;
  const close = async () => {
    const current = admin;
    admin = undefined;
    known = undefined;
    knownStarts = undefined;
    await current?.close().catch(() => undefined);
  };
  return {
    async read(topics) {
      try {
        admin ??= adminOf(options);
        const asked = topics.join('\u0000');
        if (!knownStill(known, asked, Date.now(), metadataMaxAgeMs))
          known = await readKnownTopics(admin, topics, asked);
        const { topicIds, requests } = endRequestsOf(known.partitions);
        const reuseStarts =
          knownStarts?.asked === asked && Date.now() - knownStarts.at < (options.startsMaxAgeMs ?? 0);
        const at = Date.now();
        const [ends, starts] = await Promise.all([
          readOffsets(admin, requests),
          !options.starts
            ? undefined
            : reuseStarts
              ? knownStarts!.starts
              : readOffsets(admin, requests, earliest),
        ]);
        if (starts && !reuseStarts) knownStarts = { at, asked, starts };
        return { clusterId: known.clusterId, topicIds, ends, ...(starts ? { starts } : {}) };
      } catch (error) {
        await close();
        throw kafkaUnavailable('could not read the log’s identity and ends from Kafka', error, {
          cn: '暂时无法从 Kafka 读取日志的标识与末端位置，请稍后重试',
          en: 'The log’s identity and ends could not be read from Kafka; retry shortly',
        });
      }
    },
    close,
  };
}

function adminOf(options: LogSnapshotOptions): Admin {
  const timeoutMs = options.timeoutMs ?? 3_000;
  return new Admin({
    clientId: options.clientId ?? 'tradelog-log-snapshot',
    bootstrapBrokers: options.brokers,
    ...platformaticSecurity(options.security),
    connectTimeout: timeoutMs,
    timeout: timeoutMs,
    requestTimeout: timeoutMs,
    retries: 1,
    retryDelay: 100,
    autocreateTopics: false,
  });
}

/** Pure: whether the topics' ids and partitions read before may answer this read. */
export function knownStill(
  known: KnownTopics | undefined,
  asked: string,
  now: number,
  metadataMaxAgeMs: number,
): known is KnownTopics {
  return known !== undefined && known.asked === asked && now - known.at < metadataMaxAgeMs;
}

/**
 * The topics asked for that exist, with their ids and partition counts (two requests), and the
 * cluster's id as the broker answers it now. The client keeps the id of its first answer for its
 * life, even through a forced update, so its cache is dropped first: a reader kept across a
 * `stack.sh reset` or a move to another cluster reported the old id, and took checkpoints
 * written on the new cluster for another log's (processors/README.md "When the log was replaced").
 */
async function readKnownTopics(admin: Admin, topics: readonly string[], asked: string): Promise<KnownTopics> {
  const existing = new Set(await admin.listTopics({ includeInternals: false }));
  const present = topics.filter((topic) => existing.has(topic));
  admin.clearMetadata();
  const metadata = await admin.metadata({ topics: present, forceUpdate: true });
  const partitions = new Map<string, { id: string; count: number }>();
  for (const topic of present) {
    const described = metadata.topics.get(topic);
    if (described) partitions.set(topic, { id: described.id, count: described.partitionsCount });
  }
  return { at: Date.now(), asked, clusterId: metadata.id, partitions };
}

interface EndRequest {
  name: string;
  partitions: { partitionIndex: number; timestamp: bigint }[];
}

/** Pure: each known topic's id, and the ListOffsets request for the latest offset of each of its partitions. */
export function endRequestsOf(partitions: KnownTopics['partitions']): {
  topicIds: Map<string, string>;
  requests: EndRequest[];
} {
  const topicIds = new Map<string, string>();
  const requests: EndRequest[] = [];
  for (const [topic, { id, count }] of partitions) {
    topicIds.set(topic, id);
    requests.push({
      name: topic,
      partitions: Array.from({ length: count }, (_, partitionIndex) => ({
        partitionIndex,
        timestamp: latest,
      })),
    });
  }
  return { topicIds, requests };
}

/** `topic/partition` → end offset, or start offset (one request; none when no topic exists). */
async function readOffsets(
  admin: Admin,
  requests: EndRequest[],
  timestamp = latest,
): Promise<Map<string, bigint>> {
  const offsets = new Map<string, bigint>();
  const asked =
    timestamp === latest
      ? requests
      : requests.map((r) => ({ ...r, partitions: r.partitions.map((p) => ({ ...p, timestamp })) }));
  if (asked.length > 0)
    for (const topic of await admin.listOffsets({ topics: asked }))
      for (const p of topic.partitions) offsets.set(`${topic.name}/${p.partitionIndex}`, p.offset);
  return offsets;
}

/** One read with a connection of its own, for callers that ask rarely. */
export async function readLogSnapshot(
  options: LogSnapshotOptions & { topics: readonly string[] },
): Promise<LogSnapshot> {
  const reader = createLogSnapshotReader(options);
  try {
    return await reader.read(options.topics);
  } finally {
    await reader.close();
  }
}
