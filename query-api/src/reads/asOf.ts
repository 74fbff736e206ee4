import type { RecordAsOf } from '@tradelog/processors/documents/asOf';
import { decodeDocumentRecord } from '@tradelog/processors/documents/decode';
import {
  type DocumentOfEnterprise,
  findDocumentVersions,
  findEnterpriseFirstReceived,
  findEnterpriseVersions,
  type IndexedDocumentRow,
} from '@tradelog/projections/document-index/tables';
import { localizedError } from '@tradelog/schemas';
import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import type { RawRecord, RecordReader } from '@tradelog/schemas/kit/log/records';
import type { AsOfReflected } from '@tradelog/schemas/queries/freshness';
import type { Request } from 'express';
import type pg from 'pg';
import { kafkaNotConfigured } from '../operations/records.ts';
import { type Freshness, readLive } from './respond.ts';

/**
 * As of a moment (query-api/README.md "As of a moment"): a lender query carrying
 * `?asOf=<ISO date-time>` is answered as the view stood then, from the log: the records of the
 * entities asked for that were received by then (their positions from the document index) are
 * read from Kafka where they are, decoded with the schema each was written with, and folded by
 * the projection's own reducer (processors/src/<projection>/asOf.ts). The answer names the log
 * positions it reflects.
 *
 * The cost is the entity's records, not the log's: at most `asOfRecordCap` records are read for
 * one answer; an entity with more by then is refused (422 `AS_OF_TOO_MANY_RECORDS`), never
 * answered from a part of them.
 */
export const asOfRecordCap = 200;

// An RFC 3339 date-time with its offset: a moment, whichever zone the lender writes it in.
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date-time of the pattern naming a day the calendar has (Date would take 30 February for 2 March). */
function isDateTime(value: string): boolean {
  if (!dateTimePattern.test(value)) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The request's `asOf`, checked against the clock (pure): undefined when absent; a value that is
 * no date-time with an offset is 400, a moment after `now` is 422 (the log does not know it yet).
 */
export function asOfOf(req: Pick<Request, 'query'>, now: number): Date | undefined {
  const raw = req.query.asOf;
  if (raw === undefined) return undefined;
  const at = typeof raw === 'string' && isDateTime(raw) ? new Date(raw) : undefined;
  if (at === undefined || Number.isNaN(at.getTime())) {
    throw localizedError('AS_OF_INVALID', 400, {
      cn: 'asOf 须为带时区的 ISO 8601 日期时间，如 2026-03-05T14:30:00+08:00 或 2026-03-05T06:30:00Z',
      en: 'asOf must be an ISO 8601 date-time with its offset, as 2026-03-05T14:30:00+08:00 or 2026-03-05T06:30:00Z',
    });
  }
  if (at.getTime() > now) {
    throw localizedError('AS_OF_OUT_OF_RANGE', 422, {
      cn: `asOf（${raw}）晚于当前时间 ${new Date(now).toISOString()}，日志尚无那一刻的数据`,
      en: `asOf (${raw}) is later than now (${new Date(now).toISOString()}): the log holds nothing of that moment yet`,
    });
  }
  return at;
}

/**
 * The business documents behind some link-node rows (each a record key on its topic, of the row's
 * enterprise), once each: every version of them is found through the document index.
 */
export function documentsOfNodes(
  nodes: readonly { enterprise: string; provenance: Record<string, unknown> }[],
): DocumentOfEnterprise[] {
  const documents = new Map<string, DocumentOfEnterprise>();
  for (const node of nodes) {
    const topic = String(node.provenance.topic);
    const recordKey = String(node.provenance.recordKey ?? node.provenance.documentId);
    documents.set(JSON.stringify([topic, recordKey, node.enterprise]), {
      topic,
      recordKey,
      enterprise: node.enterprise,
    });
  }
  return [...documents.values()];
}

/** 422: the entity asked for had no record by `asOf` (its first one is named when known). */
export function beforeTheData(asOf: Date, what: { cn: string; en: string }, firstReceivedAt: string | null) {
  return localizedError(
    'AS_OF_OUT_OF_RANGE',
    422,
    {
      cn: `asOf（${asOf.toISOString()}）早于数据：当时尚未收到${what.cn}${firstReceivedAt ? `；最早的相关记录收到于 ${firstReceivedAt}` : ''}`,
      en: `asOf (${asOf.toISOString()}) is before the data: ${what.en} had not been received then${firstReceivedAt ? `; the first record of it was received at ${firstReceivedAt}` : ''}`,
    },
    { asOf: asOf.toISOString(), firstReceivedAt },
  );
}

/**
 * 422 beyond the cap (fetched `asOfRecordCap + 1` rows tells): records received by `asOf`, or
 * documents of what was asked for (each has a record at least), refused before any is read.
 */
export function assertWithinAsOfCap(rows: readonly unknown[], asOf: Date): void {
  if (rows.length <= asOfRecordCap) return;
  throw localizedError(
    'AS_OF_TOO_MANY_RECORDS',
    422,
    {
      cn: `按 asOf（${asOf.toISOString()}）回放所查对象需要超过 ${asOfRecordCap} 条记录，按时点查询最多回放 ${asOfRecordCap} 条`,
      en: `Answering asOf (${asOf.toISOString()}) would replay more than ${asOfRecordCap} records of what was asked for; an as-of answer replays at most ${asOfRecordCap}`,
    },
    { asOf: asOf.toISOString(), cap: asOfRecordCap },
  );
}

/** A fetched record as the consumer runtime hands it on (headers by name; a repeated one as a list). */
export function logRecordOf(topic: string, partition: number, record: RawRecord): LogRecord {
  const headers: LogRecord['headers'] = {};
  for (const [name, value] of record.headers) {
    if (value === null) continue;
    const before = headers[name];
    headers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return {
    topic,
    partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: record.key,
    value: record.value,
    headers,
  };
}

export interface RecordSource {
  reader: RecordReader | undefined;
  codec: Pick<RegistryCodec, 'decode'> | undefined;
}

/** A router's log reader and decoder as its deps give them: either is absent without KAFKA_BROKERS or the registry. */
export const recordSourceOf = (records: Partial<RecordSource> | undefined): RecordSource => ({
  reader: records?.reader,
  codec: records?.codec,
});

/**
 * The indexed records, read from the log and decoded, with the enterprise the index attributed
 * each to. A record the log no longer holds at its position (a log replaced under the index) is
 * 503, not an answer without it.
 */
export async function recordsAsOf(
  source: RecordSource,
  rows: readonly IndexedDocumentRow[],
): Promise<RecordAsOf[]> {
  const { reader, codec } = source;
  if (!reader || !codec) throw kafkaNotConfigured();
  // One after another: the reader reads one record at a time anyway (schemas/src/kit/log/records.ts).
  const records: RecordAsOf[] = [];
  for (const row of rows) {
    const page = await reader.read(row.topic, row.partition, BigInt(row.offset), 1);
    const record = page.records[0];
    if (record === undefined || record.offset !== row.offset) {
      throw localizedError(
        'AS_OF_RECORD_MISSING',
        503,
        {
          cn: `日志中已没有位置 ${row.topic}:${row.partition}:${row.offset} 的记录（单据索引与日志不一致）`,
          en: `The log holds no record at ${row.topic}:${row.partition}:${row.offset} (the document index and the log disagree)`,
        },
        {},
        { retriable: false },
      );
    }
    const event = await decodeDocumentRecord(codec, logRecordOf(row.topic, row.partition, record));
    records.push({ event, enterprise: row.enterprise ?? '' });
  }
  return records;
}

/**
 * The log positions an as-of answer reflects: per topic partition, the last record folded (every
 * record of the entity up to it and received by `asOf` is in the answer).
 */
export function positionsReflected(records: readonly RecordAsOf[]) {
  const last = new Map<string, { topic: string; partition: number; offset: string }>();
  for (const { event } of records) {
    const { topic, partition, offset } = event.provenance;
    const key = `${topic}\u0000${partition}`;
    const seen = last.get(key);
    if (!seen || BigInt(offset) > BigInt(seen.offset)) last.set(key, { topic, partition, offset });
  }
  return [...last.values()].sort((a, b) =>
    a.topic === b.topic ? a.partition - b.partition : a.topic < b.topic ? -1 : 1,
  );
}

/**
 * Every record of the documents received by `asOf`, read from the log and decoded, with the
 * document index's freshness (its rows told where they are): refused past the cap.
 */
export async function replayedRecords(
  pool: pg.Pool,
  source: RecordSource,
  documents: readonly DocumentOfEnterprise[],
  asOf: Date,
): Promise<{ records: RecordAsOf[]; freshness: Freshness }> {
  const indexed = await readLive(pool, 'document-index', (schema, db) =>
    findDocumentVersions(db, schema, { documents, receivedBy: asOf, limit: asOfRecordCap + 1 }),
  );
  assertWithinAsOfCap(indexed.result, asOf);
  return { records: await recordsAsOf(source, indexed.result), freshness: indexed.freshness };
}

/**
 * Every record of the enterprises' documents of these types received by `asOf` (an enterprise
 * query or the portfolio's stock replayed: README "As of a moment"), refused past the cap. None by then is 422 before the
 * data when the enterprise has such a record later; an enterprise with none at all answers empty,
 * as the live query does.
 */
export async function replayedEnterpriseRecords(
  pool: pg.Pool,
  source: RecordSource,
  asked: { enterprises: readonly string[]; types: readonly string[] },
  asOf: Date,
  /** False where none by then is an answer (the stock behind a receipt named before its inbound). */
  refuseBeforeTheData = true,
): Promise<{ records: RecordAsOf[]; freshness: Freshness }> {
  const indexed = await readLive(pool, 'document-index', (schema, db) =>
    findEnterpriseVersions(db, schema, { ...asked, receivedBy: asOf, limit: asOfRecordCap + 1 }),
  );
  assertWithinAsOfCap(indexed.result, asOf);
  if (indexed.result.length === 0 && refuseBeforeTheData) {
    const first = await readLive(pool, 'document-index', (schema, db) =>
      findEnterpriseFirstReceived(db, schema, asked),
    );
    if (first.result !== null) {
      throw beforeTheData(
        asOf,
        {
          cn: `企业 ${asked.enterprises.join('、')} 的相关单据`,
          en: `any document of enterprise ${asked.enterprises.join(', ')} this query reads`,
        },
        first.result,
      );
    }
  }
  return { records: await recordsAsOf(source, indexed.result), freshness: indexed.freshness };
}

/**
 * 422 for a lender query that is answered live only (README "As of a moment" lists each and
 * why): never a live answer passed off as one of the past.
 */
export function asOfNotAnswered(query: string, why: { cn: string; en: string }) {
  return localizedError(
    'AS_OF_NOT_ANSWERED',
    422,
    {
      cn: `${query} 不支持 asOf（按时点查询）：${why.cn}`,
      en: `${query} is not answered as of a moment (asOf): ${why.en}`,
    },
    { query },
  );
}

/**
 * What an as-of answer says it reflects (the `asOf` member). Positions are named only of records
 * of enterprises the caller is granted (a collateral answer replays other enterprises' chains
 * too, whose documents it only counts, as the live answer does their financings).
 */
export const asOfMember = (
  asOf: Date,
  records: readonly RecordAsOf[],
  granted: (enterprise: string) => boolean = () => true,
): AsOfReflected => {
  const shown = records.filter((record) => granted(record.enterprise));
  return {
    at: asOf.toISOString(),
    records: records.length,
    positions: positionsReflected(shown),
    ...(shown.length < records.length ? { undisclosedRecords: records.length - shown.length } : {}),
  };
};

/** A read's rows and the freshness of what they were read from. */
export interface Read<R> {
  result: R;
  freshness: Freshness;
}

/**
 * A query's read: of its live view without `asOf`, else of the log as of that moment (README
 * "As of a moment"), whose answer adds its `asOf` member (`asOfMember`). `moment` is spread into
 * the answer: empty for a live read.
 */
export async function liveOrAsOf<R>(
  asOf: Date | undefined,
  live: () => Promise<Read<R>>,
  replayed: (asOf: Date) => Promise<Read<R> & { asOf: ReturnType<typeof asOfMember> }>,
): Promise<{ read: Read<R>; moment: { asOf?: ReturnType<typeof asOfMember> } }> {
  if (asOf === undefined) return { read: await live(), moment: {} };
  const { asOf: member, ...read } = await replayed(asOf);
  return { read, moment: { asOf: member } };
}
