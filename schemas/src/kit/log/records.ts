import { Consumer } from '@platformatic/kafka';
import { TradelogError } from '../../errors/tradelogError.ts';
import { type KafkaSecurity, platformaticSecurity } from './kafkaSecurity.ts';
import { kafkaUnavailable } from './kafkaUnavailable.ts';

/**
 * Reading records where they are: a topic, a partition, an offset — for the operator's record
 * browser (query-api/README.md "Record browser"). One fetch request to the partition's leader,
 * no consumer group (nothing joins, nothing is committed, nothing is left behind in the broker).
 * On @platformatic/kafka, like the producer: kafkajs consumes only through groups.
 */
export interface RawRecord {
  offset: string;
  /** The record's timestamp (create time), ms since the epoch. */
  timestamp: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: [string, Buffer | null][];
}

export interface RecordPage {
  records: RawRecord[];
  /** The partition's first offset still held, and the offset the next record will get. */
  logStartOffset: string;
  highWatermark: string;
}

export interface RecordReader {
  read(topic: string, partition: number, offset: bigint, limit: number): Promise<RecordPage>;
  close(): Promise<void>;
}

interface FetchedBatch {
  firstOffset: bigint;
  /** Bit 3 set: the broker's log-append time, kept as the batch's `maxTimestamp` for every record. */
  attributes?: number;
  firstTimestamp: bigint;
  maxTimestamp?: bigint;
  records: {
    offsetDelta: number;
    timestampDelta: bigint;
    key: Buffer | null;
    value: Buffer | null;
    headers: [Buffer | null, Buffer | null][];
  }[];
}

/**
 * A page's values together, at most (always one record, whatever its size). The fetch is bounded
 * in the bytes the broker sends, but a gzip-compressed batch (a large change event, producer.ts)
 * opens to twenty times its size and more: without this, a page of 50 such records could be tens of
 * megabytes of JSON. The page then holds fewer records than asked; its next offset goes on
 * from there.
 */
export const pageValueBytes = 8 * 1024 * 1024;

/**
 * The records from `offset` on, at most `limit` and `maxValueBytes` of values together, from
 * fetched batches. Pure. A fetch answers whole batches, so the first may begin before the offset
 * asked for.
 */
export function recordsFrom(
  batches: readonly FetchedBatch[],
  offset: bigint,
  limit: number,
  maxValueBytes = pageValueBytes,
): RawRecord[] {
  const records: RawRecord[] = [];
  let valueBytes = 0;
  for (const batch of batches) {
    // As the consumers read it (kafkajs): a topic on log-append time stamps a batch, not a record.
    const appendTime = ((batch.attributes ?? 0) & logAppendTimeBit) !== 0 ? batch.maxTimestamp : undefined;
    for (const record of batch.records) {
      const at = batch.firstOffset + BigInt(record.offsetDelta);
      if (at < offset) continue;
      if (records.length >= limit) return records;
      valueBytes += record.value?.length ?? 0;
      if (records.length > 0 && valueBytes > maxValueBytes) return records;
      records.push({
        offset: at.toString(),
        timestamp: (appendTime ?? batch.firstTimestamp + record.timestampDelta).toString(),
        key: record.key,
        value: record.value,
        headers: record.headers.map(([name, value]) => [name?.toString('utf8') ?? '', value]),
      });
    }
  }
  return records;
}

/** A record batch's attribute bit for timestamps of the broker's log-append time (KIP-32). */
const logAppendTimeBit = 0x08;

export class TopicPartitionUnknownError extends TradelogError {
  constructor(topic: string, partition: number) {
    super('TOPIC_PARTITION_UNKNOWN', `topic ${topic} has no partition ${partition}`, {
      status: 404,
      details: {
        message: {
          cn: `主题 ${topic} 没有分区 ${partition}`,
          en: `Topic ${topic} has no partition ${partition}`,
        },
      },
    });
  }
}

export function createRecordReader(options: {
  brokers: string[];
  clientId: string;
  /** The service's KAFKA_TLS* and KAFKA_SASL_* (./kafkaSecurity.ts), as every other client of it. */
  security?: KafkaSecurity;
}): RecordReader {
  // The options name a group because the client asks for one; fetch never uses it.
  const consumer = new Consumer({
    clientId: options.clientId,
    groupId: `${options.clientId}-unused`,
    bootstrapBrokers: options.brokers,
    ...platformaticSecurity(options.security),
    connectTimeout: 3000,
    requestTimeout: 5000,
    retries: 1,
  });
  const serial = oneAtATime();
  return {
    read: (topic, partition, offset, limit) =>
      serial(() => readPage(consumer, { topic, partition }, offset, limit)),
    async close() {
      await consumer.close(true);
    },
  };
}

/** Where one record is: its partition and offset. */
export interface RecordPlace {
  topic: string;
  partition: number;
  offset: bigint;
}

/**
 * The record at each place, keyed `topic/partition`, read one after the other: a consumer's check
 * of the records its checkpoints applied last (projections/src/logBinding.ts rule 6). A place
 * whose record the log does not hold (deleted, past the end, a topic gone since) is left out: the
 * other rules judge those.
 */
export async function readRecordsAt(
  reader: Pick<RecordReader, 'read'>,
  places: readonly RecordPlace[],
): Promise<Map<string, RawRecord>> {
  const found = new Map<string, RawRecord>();
  for (const place of places) {
    let page: RecordPage;
    try {
      page = await reader.read(place.topic, place.partition, place.offset, 1);
    } catch (error) {
      if (error instanceof TopicPartitionUnknownError) continue;
      throw error;
    }
    const record = page.records[0];
    if (record?.offset === String(place.offset)) found.set(`${place.topic}/${place.partition}`, record);
  }
  return found;
}

/**
 * One read at a time: fetches run side by side on this one client were answered with errors
 * (8 at once: every one "Received response with error while executing API Fetch(v17)"), which
 * two callers at once (two operators, two as-of answers) would meet.
 */
function oneAtATime(): <T>(read: () => Promise<T>) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(read: () => Promise<T>): Promise<T> => {
    const next = previous.then(read, read);
    previous = next.catch(() => undefined);
    return next;
  };
}

interface Place {
  topic: string;
  partition: number;
}

/** One page of records: the partition's leader asked by one fetch request, no group. */
async function readPage(
  consumer: Consumer,
  place: Place,
  offset: bigint,
  limit: number,
): Promise<RecordPage> {
  const { topicId, leader } = await leaderOf(consumer, place);
  let response: Awaited<ReturnType<typeof consumer.fetch>>;
  try {
    response = await consumer.fetch(
      fetchRequestOf({ topicId, leader, partition: place.partition }, offset, limit),
    );
  } catch (error) {
    // An offset outside the log is not Kafka being down: answer an empty page with the bounds.
    if (isOffsetOutOfRange(error)) return emptyPageAtEnd(consumer, place);
    throw fetchUnanswered(error);
  }
  const answer = response.responses[0]?.partitions[0];
  return {
    records: recordsFrom((answer?.records ?? []) as FetchedBatch[], offset, limit),
    logStartOffset: String(answer?.logStartOffset ?? 0n),
    highWatermark: String(answer?.highWatermark ?? 0n),
  };
}

/** The topic's id and the partition's leader, from fresh metadata; unknown ones are a 404. */
async function leaderOf(
  consumer: Consumer,
  { topic, partition }: Place,
): Promise<{ topicId: string; leader: number }> {
  let metadata: Awaited<ReturnType<typeof consumer.metadata>>;
  try {
    metadata = await consumer.metadata({ topics: [topic], forceUpdate: true });
  } catch (error) {
    // An unknown topic is answered as an error of the metadata request.
    if (isUnknownTopic(error)) throw new TopicPartitionUnknownError(topic, partition);
    throw fetchUnanswered(error);
  }
  const topicMetadata = metadata.topics.get(topic);
  const partitionMetadata = topicMetadata?.partitions[partition];
  if (!topicMetadata || !partitionMetadata) throw new TopicPartitionUnknownError(topic, partition);
  return { topicId: topicMetadata.id, leader: partitionMetadata.leader };
}

/**
 * The fetch of `limit` records from `offset`. Bytes asked for in proportion to the records asked
 * for: the broker answers (and the client parses) up to this much whatever the limit (4 MiB for
 * one record: 250 ms a read on a partition of 51 batches, 3 ms with 64 KiB), and always answers
 * the first batch whole.
 */
export function fetchRequestOf(
  at: { topicId: string; leader: number; partition: number },
  offset: bigint,
  limit: number,
) {
  const maxBytes = Math.min(4 * 1024 * 1024, limit * 64 * 1024);
  return {
    node: at.leader,
    maxWaitTime: 0,
    minBytes: 1,
    maxBytes,
    topics: [
      {
        topicId: at.topicId,
        partitions: [
          {
            partition: at.partition,
            fetchOffset: offset,
            partitionMaxBytes: maxBytes,
            currentLeaderEpoch: -1,
            lastFetchedEpoch: -1,
          },
        ],
      },
    ],
  };
}

/** The empty page of an offset outside the log: its end as the high watermark, when Kafka says it. */
async function emptyPageAtEnd(consumer: Consumer, { topic, partition }: Place): Promise<RecordPage> {
  const ends = await consumer
    .listOffsets({ topics: [topic], partitions: { [topic]: [partition] } })
    .catch(() => undefined);
  const end = ends?.get(topic)?.[partition];
  return { records: [], logStartOffset: '0', highWatermark: end === undefined ? '0' : String(end) };
}

/** A metadata request's error that says the topic does not exist. */
export function isUnknownTopic(error: unknown): boolean {
  return /unknown topic|UNKNOWN_TOPIC/i.test(String((error as Error)?.message ?? ''));
}

/** A fetch's error that says the offset lies outside the log. */
export function isOffsetOutOfRange(error: unknown): boolean {
  return /OFFSET_OUT_OF_RANGE|out of range/i.test(
    JSON.stringify((error as { errors?: unknown })?.errors ?? '') + String((error as Error)?.message),
  );
}

/** Kafka did not answer the browser's fetch or its metadata request. */
function fetchUnanswered(cause: unknown): TradelogError {
  return kafkaUnavailable('Kafka did not answer the record fetch', cause, {
    cn: 'Kafka 暂不可用，请稍后重试',
    en: 'Kafka is unavailable; retry later',
  });
}
