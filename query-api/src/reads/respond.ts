import { createHash } from 'node:crypto';
import {
  type ProjectionName,
  type ProjectionVersion,
  type Queryable,
  type VersionSummary,
  versionFreshness,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import { success } from '@tradelog/schemas/kit/runtime/envelope';
import type { Freshness } from '@tradelog/schemas/queries/freshness';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { assertWithinExportCap, callsOfExport, type PageScope, pageScopeOf } from '../export/allPages.ts';
import { answerFormatOf, tableBody } from '../export/answerFormat.ts';
import { spendMoreCalls } from '../http/callLimit.ts';
import { partnerCodesIn, partnerNamesOf, withPartnerNames } from './partnerNames.ts';
import { awaitAfter, currentAfter } from './readAfter.ts';
import { type ReadCache, readCacheOf } from './readCache.ts';

/**
 * A projection whose live version's checkpoints are of another log, or below records deleted
 * before it applied them (projections/src/logBinding.ts), answers nothing: its rows are no answer to the log as it is, and the operator has been told
 * what to do (processors/README.md "When the log was replaced").
 */
export function logReplacedError(projection: string, details: Record<string, unknown> = {}) {
  return localizedError(
    'PROJECTION_LOG_REPLACED',
    503,
    {
      cn: `投影 ${projection} 的检查点与日志不一致（Kafka 集群或主题已被替换、其尚未应用的记录已被删除，或日志已从较早的备份恢复），在运维人员重建之前不作答`,
      en: `The ${projection} projection’s checkpoints do not agree with the log (the Kafka cluster or topic was replaced, records it had not applied were deleted, or the log was restored from an older backup); no answer until an operator rebuilds it`,
    },
    details,
    { retriable: true },
  );
}

/**
 * A success answer with a strong ETag over its bytes; a caller presenting the same tag in
 * If-None-Match gets 304 and no body (README "ETag"). The lender queries are POSTs, but safe
 * reads (like the QUERY method): an unchanged answer is "not modified", not a failed precondition.
 */
export function sendSuccess(res: Response, extra: Record<string, unknown>, status = 200): void {
  if (sendAsTable(res, () => extra, status)) return;
  sendBody(res, JSON.stringify(success(extra)), status);
}

function sendBody(
  res: Response,
  body: string | Buffer,
  status = 200,
  etag = etagOf(body),
  contentType = 'application/json',
): void {
  res.set('ETag', etag);
  // The same request answers JSON, CSV or a workbook by Accept (export/answerFormat.ts).
  res.vary('Accept');
  const presented = res.req.get('if-none-match');
  if (status === 200 && presented && matchesEtag(presented, etag)) {
    res.status(304).end();
    return;
  }
  res.status(status).type(contentType).send(body);
}

/**
 * A caller that asked for CSV or a workbook (`Accept`) gets the answer as one table, made by the
 * one serializer the console's exports use too (query-api/README.md "Exports"); false: JSON it is.
 */
export function sendAsTable(res: Response, answer: () => Record<string, unknown>, status = 200): boolean {
  const format = answerFormatOf(res.req);
  if (format === 'json') return false;
  const table = tableBody(answer(), format, res.req.path);
  res.set('Content-Disposition', `attachment; filename="${table.fileName}"`);
  sendBody(res, table.body, status, etagOf(table.body), table.contentType);
  return true;
}

const etagOf = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * The bytes last answered for a read's result: its envelope serialised once, and the whole body
 * with its tag for the freshness last spliced in. Keyed by the result object, which readLive
 * hands out again while it may be reused (README "Read caches"); fresh results never hit.
 */
const answersOfResult = new WeakMap<
  object,
  { envelope: string; freshness: string; body: string; etag: string }
>();

/** Whether a request asks for the page it names or, as a table export, for every page (export/allPages.ts). */
export const pageScopeOfRequest = (req: Request): PageScope =>
  pageScopeOf(req.query, answerFormatOf(req) !== 'json');

/**
 * An export of every page (README "Exports"): refused past the cap, else counted as its pages'
 * calls (the request itself was counted on arrival), then sent as one table.
 */
async function sendAllPages(res: Response, answer: Record<string, unknown>): Promise<void> {
  const total = typeof answer.totalCount === 'number' ? answer.totalCount : 0;
  assertWithinExportCap(res.req.path, total);
  await spendMoreCalls(res, callsOfExport(total) - 1);
  sendAsTable(res, () => answer);
}

/**
 * A lender query's success answer: `shape(result)` and the read's freshness. `shape` may use the
 * result and the request body only (a remembered result is keyed by both, never by the caller),
 * so a reused result is shaped, serialised and tagged once; each answer splices in its freshness
 * (which moves with the log's end while the result stays) and is tagged again only when it moved.
 */
export async function sendRead<T>(
  res: Response,
  live: { result: T; freshness: Freshness },
  shape: (result: T) => Record<string, unknown>,
): Promise<void> {
  if (pageScopeOfRequest(res.req) === 'all') return sendAllPages(res, shape(live.result));
  if (sendAsTable(res, () => shape(live.result))) return;
  const freshness = JSON.stringify(live.freshness);
  const memoKey = typeof live.result === 'object' && live.result !== null ? live.result : undefined;
  let answer = memoKey && answersOfResult.get(memoKey);
  if (!answer || answer.freshness !== freshness) {
    const envelope = answer?.envelope ?? JSON.stringify(success(shape(live.result)));
    // The envelope is a JSON object with at least flag, code and message: freshness goes last.
    const body = `${envelope.slice(0, -1)},"freshness":${freshness}}`;
    answer = { envelope, freshness, body, etag: etagOf(body) };
    if (memoKey) answersOfResult.set(memoKey, answer);
  }
  sendBody(res, answer.body, 200, answer.etag);
}

/**
 * sendRead for answers that show provenance: each provenance also names its partner account
 * (`partnerName`, reads/partnerNames.ts), looked up once a minute per account, not per answer.
 */
export async function sendReadWithPartners<T>(
  res: Response,
  pool: Pick<pg.Pool, 'query'>,
  live: { result: T; freshness: Freshness },
  shape: (result: T) => Record<string, unknown>,
): Promise<void> {
  const names = await partnerNamesOf(pool).of(partnerCodesIn(live.result));
  await sendRead(res, live, (result) => withPartnerNames(shape(result), names));
}

/** If-None-Match: a list of tags (weak ones compare by their opaque part) or `*`. */
export function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * An async handler whose errors go to the app's one error middleware (http/answers.ts), which
 * answers them in the route's convention (the `{flag, code, message}` envelope by default).
 */
export function handle(work: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => work(req, res).catch(next);
}

/** `?offsets=true` (or `1`) asks for the per-partition offsets in `freshness` (README "Freshness"). */
export const wantsOffsets = (req: Request): boolean => {
  const value = req.query.offsets;
  return value === 'true' || value === '1';
};

/**
 * A lender query's read options: offsets on request, and the key its result may be reused
 * under — the interface, the page scope (an export of every page reads more rows) and the
 * request body (the caller's access was checked before the read; the result depends on
 * nothing else).
 */
export const readOptionsOf = (req: Request): { offsets: boolean; resultKey: string } => ({
  offsets: wantsOffsets(req),
  resultKey: requestKey(
    pageScopeOfRequest(req) === 'all' ? `${req.path}?pages=all` : req.path,
    JSON.stringify(req.body),
  ),
});

/** A small body is its own key; a larger one is hashed, so that a key stays small (bodies are bounded, not small). */
const requestKey = (path: string, body: string) =>
  `${path}\u0000${body.length <= 256 ? body : createHash('sha256').update(body).digest('base64url')}`;

/**
 * Runs a read against a projection's live version. The version comes from the read cache
 * (readCache.ts) and is checked in a statement that starts after the request arrived: a version
 * that is no longer live is forgotten and resolved again. So an answer's version was live at a
 * moment after the request arrived, and a reader never sees a version older than one it already
 * saw (README "Read caches"). The read's statements go through the `db` it is handed. If a
 * retired version was dropped between the check and the read (Postgres 42P01), it resolves again.
 */
export async function readLive<T>(
  pool: Pick<pg.Pool, 'query'>,
  projection: ProjectionName,
  read: (schema: string, db: Queryable) => Promise<T>,
  options: { offsets?: boolean; resultKey?: string } = {},
): Promise<{ result: T; freshness: Freshness }> {
  const cache = readCacheOf(pool);
  const after = currentAfter();
  for (let attempt = 0; ; attempt++) {
    const version = await cache.liveVersion(projection);
    if (!version) {
      throw localizedError('PROJECTION_NOT_READY', 503, {
        cn: `投影 ${projection} 尚未构建完成，请稍后重试`,
        en: `The ${projection} projection has not been built yet; retry later`,
      });
    }
    if (
      after &&
      !(await awaitAfter(pool as Queryable, after, version, {
        readsTopic: (topic) => cache.readsTopic(projection, topic),
        documentIndex: () => cache.liveVersion('document-index'),
        indexHasAll: async (index) => {
          const summary = await cache.summaryOf(index);
          return summary.recordsBehind === 0 && summary.logReplaced === false;
        },
        logEndOf: async (position) => {
          const end = (await cache.logEnds(projection))?.find(
            (partition) => partition.topic === position.topic && partition.partition === position.partition,
          );
          return end === undefined ? undefined : BigInt(end.end);
        },
      }))
    ) {
      const summary = await cache.summaryOf(version);
      throw localizedError(
        'NOT_YET_APPLIED',
        503,
        {
          cn: `投影 ${projection} 尚未处理 after 所指的单据，请稍后重试`,
          en: `The ${projection} projection has not applied the record named by after yet; retry`,
        },
        { freshness: freshnessOf(version, summary) },
        { retriable: true },
      );
    }
    try {
      const { summary, result, offsets } = await readVersion(pool, cache, version, read, options);
      if (!summary.live) {
        cache.forgetVersion(projection);
        if (attempt < 3) continue;
        throw localizedError(
          'PROJECTION_SWITCHING',
          503,
          {
            cn: `投影 ${projection} 正在切换版本，请稍后重试`,
            en: `The ${projection} projection is switching versions; retry`,
          },
          {},
          { retriable: true },
        );
      }
      if (summary.logReplaced) {
        // Its checkpoints are of another log: the rows are no answer to the log as it is
        // (projections/src/logBinding.ts), and the operator has been told what to do.
        throw logReplacedError(projection, { freshness: freshnessOf(version, summary) });
      }
      return {
        result: result as T,
        freshness: { ...freshnessOf(version, summary), ...(offsets ? { offsets } : {}) },
      };
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') {
        // Read from a version a switch had just retired and a drop removed: the live one is
        // asked again. Still missing, the live version's own tables are gone (a schema dropped
        // by hand): no answer until it is rebuilt, which the comparison with a version without
        // tables refuses unless told (README "Operator endpoints": `acceptDifferences`).
        cache.forgetVersion(projection);
        if (attempt === 0) continue;
        throw localizedError(
          'PROJECTION_TABLES_MISSING',
          503,
          {
            cn: `投影 ${projection} 当前版本的数据表已不存在，在运维人员重建之前不作答`,
            en: `The tables of the ${projection} projection’s live version are gone; no answer until an operator rebuilds it`,
          },
          {},
          { retriable: true },
        );
      }
      throw error;
    }
  }
}

const freshnessOf = (version: ProjectionVersion, summary: VersionSummary): Freshness => ({
  projection: version.projection,
  version: version.version,
  lastAppliedAt: summary.appliedAt?.toISOString() ?? null,
  recordsBehind: summary.recordsBehind,
});

/**
 * One version's answer, as cheaply as its guarantees allow (README "Read caches"); `result` is
 * undefined when the summary says the version is no longer live.
 * - A result remembered at the version's last known progress is confirmed by the version check
 *   that concurrent readers share (one statement per round trip, no read); if the version has
 *   applied more since, or nothing is remembered, the read runs.
 * - A read runs in one statement with the check (summarisedRead.ts): freshness and rows come
 *   from one snapshot, so the rows hold exactly what the freshness says was applied.
 * - With offsets: the check, then the offsets, then the rows (rows and offsets commit together,
 *   so rows read afterwards hold at least everything the offsets say was applied).
 */
async function readVersion<T>(
  pool: Pick<pg.Pool, 'query'>,
  cache: ReadCache,
  version: ProjectionVersion,
  read: (schema: string, db: Queryable) => Promise<T>,
  options: { offsets?: boolean; resultKey?: string },
): Promise<{ summary: VersionSummary; result?: T; offsets?: Freshness['offsets'] }> {
  if (options.offsets) {
    const summary = await cache.summaryOf(version);
    if (!summary.live) return { summary };
    const { offsets } = await versionFreshness(pool, version.consumerGroup);
    const result = await read(version.schemaName, pool);
    cache.answered(version.projection, 'read');
    return { summary, offsets, result };
  }
  // Same version, applied through the same offsets: the same rows, so a remembered result is
  // the answer. Results are shared: routers never change them.
  const request = options.resultKey;
  const kept = request === undefined ? undefined : cache.remembered(version, request);
  if (kept && kept.appliedThrough === cache.appliedThrough(version)) {
    const summary = await cache.summaryOf(version);
    if (!summary.live) return { summary };
    if (summary.appliedThrough === kept.appliedThrough) {
      cache.answered(version.projection, 'reused');
      return { summary, result: kept.result as T };
    }
  }
  const { summary, result } = await cache.readSummarised(version, (db) => read(version.schemaName, db));
  // A version no longer live is resolved again and read then: only that read answers.
  if (summary.live) cache.answered(version.projection, 'read');
  if (summary.live && request !== undefined) {
    cache.keep(version, request, { appliedThrough: summary.appliedThrough, result });
  }
  return { summary, result };
}

// An answer's freshness is the lender contract's (README "Freshness").
export type { Freshness };
