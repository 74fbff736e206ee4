import { findDeadLetter, type Queryable } from '@tradelog/projections';
import { isTradelogError, localizedError } from '@tradelog/schemas';
import { changeEventSchema, decodeChangeEvent } from '@tradelog/schemas/changes/contract';
import {
  createRegistryCodec,
  RecordUndecodableError,
  type RegistryCodec,
  readWireFormat,
} from '@tradelog/schemas/kit/log/codec';
import { createRecordReader, type RawRecord, type RecordReader } from '@tradelog/schemas/kit/log/records';
import type { ViewedDeadLetter } from '@tradelog/schemas/queries/operations';
import type { BrowsedRecord, DecodedValue, RecordPage } from '@tradelog/schemas/queries/records';
import { type Request, Router } from 'express';
import type { QueryApiConfig } from '../config.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { printableKey } from './printableKey.ts';

/**
 * The operator's record browser (query-api/README.md "Record browser"): `GET /ops/records?topic=
 * &partition=&offset=&limit=` reads records where they are in the log and shows each decoded
 * with the schema its value names in the registry (wire format: ARCHITECTURE "The log is the
 * truth"), or the changes topic's as change events, with its key and headers. A value that
 * does not decode is shown as bytes with the reason, as a consumer would dead-letter it; a
 * registry that does not answer is 503, not a verdict on the record.
 */
export const recordPageLimit = 50;

interface RecordQuery {
  topic: string;
  partition: number;
  offset: bigint;
  limit: number;
}

const invalid = (en: string, cn: string) => localizedError('VALIDATION_FAILED', 400, { cn, en });

/** The query's parameters, checked. Pure. */
export function recordQueryOf(query: Request['query']): RecordQuery {
  const topic = typeof query.topic === 'string' ? query.topic : '';
  // Kafka topic names: at most 249 of [a-zA-Z0-9._-].
  if (!/^[A-Za-z0-9._-]{1,249}$/.test(topic))
    throw invalid('topic must be a Kafka topic name', 'topic 须为 Kafka 主题名');
  const whole = (value: unknown) =>
    typeof value === 'string' && /^\d{1,19}$/.test(value) ? value : undefined;
  const partition = whole(query.partition ?? '0');
  if (partition === undefined || Number(partition) > 1_000_000)
    throw invalid('partition must be a whole number', 'partition 须为非负整数');
  const offset = whole(query.offset ?? '0');
  if (offset === undefined) throw invalid('offset must be a whole number', 'offset 须为非负整数');
  const limit = whole(query.limit ?? '10');
  if (limit === undefined || Number(limit) < 1 || Number(limit) > recordPageLimit)
    throw invalid(`limit must be 1 to ${recordPageLimit}`, `limit 须在 1 到 ${recordPageLimit} 之间`);
  return { topic, partition: Number(partition), offset: BigInt(offset), limit: Number(limit) };
}

/** 503 for a read of records when the query API was given no Kafka or registry (the record browser, as-of answers). */
export const kafkaNotConfigured = () =>
  localizedError(
    'KAFKA_NOT_CONFIGURED',
    503,
    {
      cn: '查询服务未配置 KAFKA_BROKERS 与 SCHEMA_REGISTRY_URL，无法读取记录',
      en: 'KAFKA_BROKERS and SCHEMA_REGISTRY_URL are not set for the query API',
    },
    {},
    { retriable: false },
  );

/** Header values as text where they are printable UTF-8, else `base64:…` (as record keys). */
const headerText = (value: Buffer | null) => (value === null ? null : printableKey(value));

type Codec = Pick<RegistryCodec, 'decode' | 'writerSchemaOf'>;

/**
 * How a topic's values are written: documents and feeds in the registry's wire format; change
 * events as JSON of their contract (schemas/src/changes/contract.ts), which the push service and
 * any consumer read without the registry. Shown as the registry's, every change event was "not
 * the wire format", as if a consumer would dead-letter it.
 */
export type ValueFormat = 'registry' | 'change-event';

/** Pure: the format of a topic's values, the changes topic's or the registry's. */
export const valueFormatOf = (topic: string, changesTopic: string): ValueFormat =>
  topic === changesTopic ? 'change-event' : 'registry';

/** A change event's value, or why the record is not one (its own fault) and its bytes. */
function decodedChangeEvent(value: Buffer): DecodedValue {
  try {
    return {
      schemaId: null,
      schema: { id: changeEventSchema.$id, title: changeEventSchema.title },
      value: decodeChangeEvent(value),
      error: null,
    };
  } catch (error) {
    if (!isTradelogError(error)) throw error;
    return {
      schemaId: null,
      schema: null,
      value: null,
      error: { code: error.code, message: error.message },
      valueBase64: value.toString('base64'),
    };
  }
}

/**
 * A record's value decoded with its writer schema (a change event with its contract), or, when
 * the value is the record's own fault, the reason and the bytes. The record browser and the
 * dead-letter view both show values this way.
 */
export async function decodedValue(
  codec: Codec | undefined,
  value: Buffer | null,
  format: ValueFormat = 'registry',
): Promise<DecodedValue> {
  if (value === null) return { schemaId: null, schema: null, value: null, error: null };
  if (format === 'change-event') return decodedChangeEvent(value);
  let schemaId: number | null = null;
  try {
    schemaId = readWireFormat(value).schemaId;
    if (!codec) throw new RecordUndecodableError('REGISTRY_NOT_CONFIGURED', 'SCHEMA_REGISTRY_URL is not set');
    const decoded = await codec.decode(value);
    const schema = (await codec.writerSchemaOf(schemaId)) as { $id?: string; title?: string };
    return {
      schemaId,
      schema: { id: schema.$id ?? null, title: schema.title ?? null },
      value: decoded.value,
      error: null,
    };
  } catch (error) {
    // The record's own fault (processors/README.md "Consumer runtime"): shown; the registry's state: thrown.
    if (!(error instanceof RecordUndecodableError || (isTradelogError(error) && !error.retriable)))
      throw error;
    const { code, message } = error as RecordUndecodableError;
    return {
      schemaId,
      schema: null,
      value: null,
      error: { code, message },
      valueBase64: value.toString('base64'),
    };
  }
}

async function decoded(codec: Codec, record: RawRecord, format: ValueFormat): Promise<BrowsedRecord> {
  return {
    offset: record.offset,
    timestamp: new Date(Number(record.timestamp)).toISOString(),
    key: record.key === null ? null : printableKey(record.key),
    headers: Object.fromEntries(record.headers.map(([name, value]) => [name, headerText(value)])),
    valueBytes: record.value?.length ?? 0,
    ...(await decodedValue(codec, record.value, format)),
  };
}

/**
 * The record browser's reader and codec from query-api's config: the same Kafka TLS and SASL
 * settings and registry credentials as every other client of the service (root README "Beyond
 * one machine"); either is absent, and `/ops/records` answers 503, when its address is not set.
 */
export function recordSourcesOf(
  config: Pick<QueryApiConfig, 'kafkaBrokers' | 'kafkaSecurity' | 'schemaRegistryUrl' | 'registryAuth'>,
): { reader: RecordReader | undefined; codec: RegistryCodec | undefined } {
  return {
    reader: config.kafkaBrokers
      ? createRecordReader({
          brokers: config.kafkaBrokers,
          security: config.kafkaSecurity,
          clientId: 'query-api-records',
        })
      : undefined,
    codec: config.schemaRegistryUrl
      ? createRegistryCodec({ url: config.schemaRegistryUrl, auth: config.registryAuth })
      : undefined,
  };
}

export function createRecordRouter(deps: {
  pool: Queryable;
  reader: RecordReader | undefined;
  codec: Codec | undefined;
  /** CHANGES_TOPIC: its records are change events, not the registry's wire format. */
  changesTopic: string;
}): Router {
  const router = Router();
  const formatOf = (topic: string) => valueFormatOf(topic, deps.changesTopic);

  // A dead letter with its payload (query-api/README.md "Dead letters"): the value decoded as the
  // record browser decodes it — a letter is often the record's fault, then its bytes and why.
  router.get(
    '/ops/dead-letters/:id',
    handle(async (req, res) => {
      const id = String(req.params.id);
      const letter = /^\d{1,18}$/.test(id) ? await findDeadLetter(deps.pool, id) : null;
      if (!letter)
        throw localizedError('DEAD_LETTER_UNKNOWN', 404, {
          cn: `没有死信 ${id}`,
          en: `No dead letter ${id}`,
        });
      const { value, recordKey, ...rest } = letter;
      const viewed: ViewedDeadLetter<Date> = {
        ...rest,
        recordKey: recordKey === null ? null : printableKey(recordKey),
        valueBytes: value?.length ?? 0,
        payload: await decodedValue(deps.codec, value, formatOf(letter.topic)),
      };
      sendSuccess(res, viewed);
    }),
  );
  router.get(
    '/ops/records',
    handle(async (req, res) => {
      const query = recordQueryOf(req.query);
      if (!deps.reader || !deps.codec) throw kafkaNotConfigured();
      const page = await deps.reader.read(query.topic, query.partition, query.offset, query.limit);
      const dataList: BrowsedRecord[] = [];
      const format = formatOf(query.topic);
      for (const record of page.records) dataList.push(await decoded(deps.codec, record, format));
      const last = page.records.at(-1);
      const answer: RecordPage = {
        topic: query.topic,
        partition: query.partition,
        logStartOffset: page.logStartOffset,
        highWatermark: page.highWatermark,
        // Where the next page starts: after the last record shown, else where this one asked.
        nextOffset: last ? String(BigInt(last.offset) + 1n) : String(query.offset),
        dataList,
      };
      sendSuccess(res, answer);
    }),
  );
  return router;
}
