import { listFeedRows } from '@tradelog/projections/enterprise-feeds/tables';
import type pg from 'pg';
import { readLive } from '../reads/respond.ts';

export type FeedRowFilter = Parameters<typeof listFeedRows>[2];

/** One family of an enterprise's feed rows, read live: the feeds are never answered as of a moment (router.ts). */
export const readFeedRows = (pool: pg.Pool, filter: FeedRowFilter) =>
  readLive(pool, 'enterprise-feeds', (schema, db) => listFeedRows(db, schema, filter));
