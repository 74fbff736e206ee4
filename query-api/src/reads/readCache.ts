import {
  findLiveVersion,
  liveVersionSummary,
  type ProjectionName,
  type ProjectionVersion,
  projectionDeclaration,
  type Queryable,
  type SummaryLogEnds,
  type VersionSummary,
} from '@tradelog/projections';
import { changeChannels, listenForChanges } from '@tradelog/projections/notifications';
import type { Logger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { type ApiKeyRow, findApiKeyByHash } from '@tradelog/schemas/kit/access/keyStore';
import type { ChangeListener } from '@tradelog/schemas/kit/runtime/notifications';
import type pg from 'pg';
import { Counter, type Registry } from 'prom-client';
import { createLogEndsReader } from './logEndsReader.ts';
import { createNextRound } from './nextRound.ts';
import { createReadBatches } from './readBatches.ts';
import { firstStatementsAlone, readWithSummary } from './summarisedRead.ts';
import type { LogSnapshotOf } from './topicOffsets.ts';
import { createTtlCache, type TtlCache } from './ttlCache.ts';

/**
 * The read caches of one query-api instance (README "Read caches"): API keys by hash, for a
 * short TTL; each projection's live version; the log's end offsets, for `recordsBehind`.
 *
 * - Keys and versions are dropped the moment Postgres announces a change (LISTEN on the
 *   channels the migration's triggers notify on commit), on every instance. While the listening
 *   connection is down nothing is cached at all: a revocation can never be missed.
 * - A cached live version is never trusted on its own: every answer checks, in the same
 *   statement that reads its freshness, that the version is still live (reads/respond.ts).
 * - The log's ends a freshness counts against are read after the answer's question arrived
 *   (concurrent answers share one read, ./nextRound.ts): every record acknowledged before the
 *   question is below them, so `recordsBehind` 0 means it is applied (README "Freshness"). While
 *   Kafka does not answer, for `kafkaDownMs` after a failed read, answers say `recordsBehind: null`
 *   (not known) at once instead of waiting.
 */
export interface ReadCache {
  findKey(keyHash: string): Promise<ApiKeyRow | null>;
  /** Drops every cached key: the instance that changed keys or grants need not wait for the notification. */
  forgetKeys(): void;
  liveVersion(projection: ProjectionName): Promise<ProjectionVersion | null>;
  forgetVersion(projection: ProjectionName): void;
  /**
   * The version's summary (liveness, freshness) from a statement that started after this call;
   * concurrent callers share one statement per round trip (./nextRound.ts).
   */
  summaryOf(version: ProjectionVersion): Promise<VersionSummary>;
  /** A read whose first statement also reads the version's summary (./summarisedRead.ts). */
  readSummarised<T>(
    version: ProjectionVersion,
    read: (db: Queryable) => Promise<T>,
  ): Promise<{ result: T; summary: VersionSummary }>;
  /** How far the version had applied the log when last seen (undefined: not seen yet). */
  appliedThrough(version: ProjectionVersion): string | undefined;
  /**
   * The last result read for a request (the interface and its body: reads/respond.ts) from the
   * version, with how far the version had applied the log when it was read: while it has applied
   * nothing more, the result is the one a read would give.
   */
  remembered(version: ProjectionVersion, request: string): RememberedResult | undefined;
  keep(version: ProjectionVersion, request: string, result: RememberedResult): void;
  /** Counts an answer by where its rows came from: a remembered result, or a read. */
  answered(projection: ProjectionName, source: 'reused' | 'read'): void;
  /** Whether the projection reads the topic (the catalogue's topics, or those a test renamed). */
  readsTopic(projection: ProjectionName, topic: string): boolean;
  /** The log's ends of the topics a projection reads, read after this call; null when not known. */
  logEnds(projection: ProjectionName): Promise<SummaryLogEnds>;
  close(): Promise<void>;
}

export interface RememberedResult {
  appliedThrough: string;
  result: unknown;
}

export interface ReadCacheOptions {
  pool: pg.Pool;
  /** For the listening connection (its own, outside the pool). */
  connectionString: string;
  logger: Logger;
  keyTtlMs: number;
  /** The log's ids and ends (absent: no KAFKA_BROKERS, `recordsBehind` is null). */
  logSnapshot?: LogSnapshotOf;
  /** The document topics in the catalogue's order (tests rename them). */
  documentTopics?: string[];
  /** After a failed read of the log, how long answers say "not known" without asking (5 s). */
  kafkaDownMs?: number;
  /** The shortest time between the starts of two reads of the log's ends (5 ms). */
  logRoundMs?: number;
  now?: () => number;
  /** Where `query_lender_answers_total` is registered (the service's /metrics); absent: not counted. */
  registry?: Registry;
}

/**
 * The instance's read cache: one line per operation over the caches below, which the change
 * listener empties together.
 */
export async function createReadCache(options: ReadCacheOptions): Promise<ReadCache> {
  const now = options.now ?? Date.now;
  // How many answers reused a result and how many read: the results' worth, for operators (and
  // bench:query, which reports the share of reads beside each figure).
  const answers = options.registry ? answersCounter(options.registry) : undefined;
  // How far each cached version had applied the log, from its latest summary.
  const applied = new WeakMap<ProjectionVersion, string>();
  const seen = (version: ProjectionVersion, summary: VersionSummary) => {
    applied.set(version, summary.appliedThrough);
    return summary;
  };
  // Reads that miss the results below share statements (./readBatches.ts).
  const batches = createReadBatches(options.pool);
  const summaries = createNextRound(async (version: ProjectionVersion) =>
    seen(version, await liveVersionSummary(options.pool, version, await logEndsOf(version.projection))),
  );
  const results = rememberedResults(now);
  const { keys, versions, listener } = await changeDrivenCaches(options, now);
  const documentTopics = options.documentTopics ?? documentTypes.map((type) => type.topic);
  const topicOf = new Map(documentTypes.map((type, index) => [type.id, documentTopics[index]!]));
  const logEndsOf = createLogEndsReader({
    logSnapshot: options.logSnapshot,
    documentTopics,
    topicOf,
    now,
    logRoundMs: options.logRoundMs ?? 5,
    kafkaDownMs: options.kafkaDownMs ?? 5_000,
  });

  return {
    findKey: (keyHash) => keys.get(keyHash, () => findApiKeyByHash(options.pool, keyHash)),
    forgetKeys: () => keys.clear(),
    liveVersion: (projection) => versions.get(projection, () => findLiveVersion(options.pool, projection)),
    forgetVersion: (projection) => versions.delete(projection),
    summaryOf: (version) => summaries(version),
    async readSummarised(version, read) {
      const answer = await readWithSummary(
        options.pool,
        batches,
        version,
        await logEndsOf(version.projection),
        read,
      );
      seen(version, answer.summary);
      return answer;
    },
    appliedThrough: (version) => applied.get(version),
    remembered: results.remembered,
    keep: results.keep,
    answered: (projection, source) => answers?.inc({ projection, source }),
    logEnds: (projection) => logEndsOf(projection),
    readsTopic: (projection, topic) =>
      projectionDeclaration(projection).reads.some((type) => topicOf.get(type) === topic),
    async close() {
      await listener.close();
    },
  };
}

/** `query_lender_answers_total`, registered where the service's /metrics reads. */
function answersCounter(registry: Registry): Counter<'projection' | 'source'> {
  return new Counter({
    name: 'query_lender_answers_total',
    help: 'Lender query answers, by projection and by where their rows came from (reused: a result remembered at the same progress; read: Postgres)',
    labelNames: ['projection', 'source'],
    registers: [registry],
  });
}

/** Results per version (forgotten with it) and request; the TTL and the bound only limit memory. */
function rememberedResults(now: () => number): Pick<ReadCache, 'remembered' | 'keep'> {
  const results = new WeakMap<ProjectionVersion, TtlCache<string, RememberedResult>>();
  const resultsOf = (version: ProjectionVersion) => {
    let held = results.get(version);
    if (!held) {
      held = createTtlCache<string, RememberedResult>({ ttlMs: 60_000, now, maxEntries: 2_000 });
      results.set(version, held);
    }
    return held;
  };
  return {
    remembered: (version, request) => results.get(version)?.peek(request),
    keep: (version, request, result) => resultsOf(version).set(request, result),
  };
}

/**
 * API keys by hash, for a short TTL, and each projection's live version, dropped the moment
 * Postgres announces a change and trusted only while the listening connection is up.
 */
async function changeDrivenCaches(
  options: Pick<ReadCacheOptions, 'connectionString' | 'logger' | 'keyTtlMs'>,
  now: () => number,
) {
  let listener: ChangeListener | undefined;
  const trusted = () => listener?.listening() ?? false;
  const keys = createTtlCache<string, ApiKeyRow | null>({
    ttlMs: options.keyTtlMs,
    now,
    maxEntries: 10_000,
    trusted,
  });
  // A live version changes only by a switch, which notifies: no TTL beyond the listener's word.
  const versions = createTtlCache<ProjectionName, ProjectionVersion | null>({
    ttlMs: Number.MAX_SAFE_INTEGER,
    now,
    maxEntries: 64,
    trusted,
  });
  listener = await listenForChanges({
    connectionString: options.connectionString,
    channels: [changeChannels.apiKeys, changeChannels.projectionVersions],
    onChange: (channel, payload) => {
      if (channel === changeChannels.apiKeys) keys.clear();
      else versions.delete(payload as ProjectionName);
    },
    onReset: () => {
      keys.clear();
      versions.clear();
    },
    logger: options.logger,
  });
  return { keys, versions, listener };
}

/** No cache: every key and version read from Postgres (tests and routers built without one). */
export function uncachedReads(pool: Pick<pg.Pool, 'query'>): ReadCache {
  return {
    findKey: (keyHash) => findApiKeyByHash(pool, keyHash),
    forgetKeys: () => {},
    liveVersion: (projection) => findLiveVersion(pool, projection),
    forgetVersion: () => {},
    summaryOf: (version) => liveVersionSummary(pool, version, null),
    readSummarised: (version, read) => readWithSummary(pool, firstStatementsAlone(pool), version, null, read),
    appliedThrough: () => undefined,
    remembered: () => undefined,
    keep: () => {},
    answered: () => {},
    logEnds: async () => null,
    readsTopic: (projection, topic) =>
      projectionDeclaration(projection).reads.some(
        (type) => documentTypes.find((documentType) => documentType.id === type)?.topic === topic,
      ),
    close: async () => {},
  };
}

/**
 * The cache a pool's readers use. Routers receive the pool alone (the lender routers and those
 * that other interfaces add); main.ts attaches the instance's cache to it once.
 */
const cacheOfPool = new WeakMap<object, ReadCache>();

export function attachReadCache(pool: Pick<pg.Pool, 'query'>, cache: ReadCache): void {
  cacheOfPool.set(pool, cache);
}

export function readCacheOf(pool: Pick<pg.Pool, 'query'>): ReadCache {
  let cache = cacheOfPool.get(pool);
  if (!cache) {
    cache = uncachedReads(pool);
    cacheOfPool.set(pool, cache);
  }
  return cache;
}
