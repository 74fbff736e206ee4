import { gzipSync } from 'node:zlib';
import * as env from '../runtime/env.ts';
import type { AppendRecord } from './pendingAppends.ts';

/**
 * How much one send of the log producer (producer.ts) may carry. A broker refuses a partition's
 * record batch larger than its `message.max.bytes` (a topic's `max.message.bytes`) with
 * MESSAGE_TOO_LARGE, for every record in it, however small each is alone: several large
 * documents queued together would all be refused, and again when resent together. So a send is
 * cut by bytes as well as by records; bounding the whole send bounds each partition's batch in it.
 */
export interface BatchBounds {
  maxRecords: number;
  /** The broker's (or the log's topics') largest record batch, in bytes. */
  maxBytes: number;
}

/** Kafka's default `message.max.bytes` (broker) and `max.message.bytes` (topic). */
export const kafkaDefaultMaxMessageBytes = 1_048_588;

/** KAFKA_MAX_MESSAGE_BYTES: the brokers' (and the log's topics') largest record batch, as deployed. */
export const parseKafkaMaxMessageBytes = (source: env.Env) =>
  env.integer(source, 'KAFKA_MAX_MESSAGE_BYTES', kafkaDefaultMaxMessageBytes, { min: 64 * 1024 });

/** A record batch's own header (format v2): what its records share the limit with. */
const batchHeaderBytes = 61;
/**
 * A record's framing at its largest: length, attributes, timestamp and offset deltas, key and
 * value lengths and the header count, each a varint of at most 5 bytes (the timestamp's 10).
 */
const recordFramingBytes = 36;
/** A header's two lengths, varints of at most 5 bytes each. */
const headerFramingBytes = 10;

/** Pure: the bytes a record takes of a batch, at most. */
export function recordBatchBytes(record: AppendRecord): number {
  let bytes = recordFramingBytes + Buffer.byteLength(record.key) + record.value.length;
  for (const [name, value] of Object.entries(record.headers))
    bytes += headerFramingBytes + Buffer.byteLength(name) + Buffer.byteLength(value);
  return bytes;
}

/** Pure: whether a record of `bytes` fits a batch of its own. */
export const fitsAlone = (bytes: number, maxBytes: number) => batchHeaderBytes + bytes <= maxBytes;

/**
 * What deflate may add to the key, headers and framing it compresses with the value, and gzip's
 * own header and trailer: a margin, so that an estimate within the limit stays within it sent.
 */
const compressedSlackBytes = 1024;

/**
 * The bytes a record takes of a gzip-compressed batch of its own, at most: its value compressed
 * as the producer's client compresses it (zlib's default level), the rest counted whole.
 * A broker counts a compressed batch as sent, so a record larger than the limit still fits when
 * compressed within it: the log's JSON shrinks twentyfold and more (a view like a tracked bill's,
 * 1,000 containers of six events: 2.1 MB, 82 kB gzip-compressed). Only records that do not fit uncompressed
 * are measured: the compression costs CPU that small records need not pay.
 */
export function compressedBatchBytes(record: AppendRecord): number {
  const rest = recordBatchBytes({ ...record, value: Buffer.alloc(0) });
  return rest + gzipSync(record.value).length + compressedSlackBytes;
}

/**
 * Pure: how many of the queue's first records the next send takes: at most `maxRecords`, within
 * `maxBytes` together, and always the first (which fits alone: larger ones are refused on append).
 * A record sent compressed goes alone: a send is compressed whole, and the others need not be.
 */
export function nextSendSize(
  queue: readonly { bytes: number; compressed?: boolean }[],
  bounds: BatchBounds,
): number {
  if (queue[0]?.compressed) return 1;
  let bytes = batchHeaderBytes;
  let count = 0;
  for (const next of queue) {
    if (next.compressed) break;
    if (count === bounds.maxRecords || (count > 0 && bytes + next.bytes > bounds.maxBytes)) break;
    bytes += next.bytes;
    count++;
  }
  return count;
}
