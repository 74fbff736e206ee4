import type { ProjectionName, Queryable } from '@tradelog/projections';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { type asOfMember, asOfOf, liveOrAsOf, type Read } from '../reads/asOf.ts';
import type { pageOf } from '../reads/requests.ts';
import { readLive, readOptionsOf, sendReadWithPartners } from '../reads/respond.ts';
import { boundedOf, pageEnvelope } from './pages.ts';

/**
 * A paged enterprise query's read and answer (query spec §9 paging): live from its projection
 * (an export of every page bounded, `boundedOf`), or as of a moment through the route's own replay
 * (README "As of a moment"); the answer is the page envelope, then the page's rows, with the
 * partners' names.
 */
export async function sendPagedRead<R>(
  req: Request,
  res: Response,
  pool: pg.Pool,
  read: {
    projection: ProjectionName;
    page: ReturnType<typeof pageOf>;
    live: (schema: string, db: Queryable, bounded: { bounded?: true }) => Promise<R>;
    replayed: (asOf: Date) => Promise<Read<R> & { asOf: ReturnType<typeof asOfMember> }>;
    total: (result: R) => number;
    /** The answer's rows under their own key (`dataList`, `goodsList`). */
    rows: (result: R) => Record<string, unknown>;
  },
): Promise<void> {
  const { page } = read;
  const { read: answered, moment } = await liveOrAsOf(
    asOfOf(req, Date.now()),
    () => readLive(pool, read.projection, (s, db) => read.live(s, db, boundedOf(page)), readOptionsOf(req)),
    read.replayed,
  );
  await sendReadWithPartners(res, pool, answered, (result) => ({
    ...pageEnvelope(moment, page, read.total(result)),
    ...read.rows(result),
  }));
}
