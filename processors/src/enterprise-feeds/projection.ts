import { enterpriseFeedsDeclaration } from '@tradelog/projections/enterprise-feeds/declaration';
import {
  type FeedRowRecord,
  findFeedRows,
  upsertFeedRows,
} from '@tradelog/projections/enterprise-feeds/tables';
import { keyedProjection } from '../runtime/projection.ts';
import { type FeedRow, feedKeysOf, reduceEnterpriseFeeds } from './reducer.ts';

const toState = (row: FeedRowRecord): FeedRow => ({
  family: row.family,
  enterprise: row.enterprise,
  scope: row.scope,
  period: row.period,
  asOf: row.asOf,
  content: row.content,
  contentSha256: row.contentSha256,
  source: row.source,
});

const toRecord = (key: string, row: FeedRow): FeedRowRecord => ({
  rowKey: key,
  family: row.family,
  enterprise: row.enterprise,
  scope: row.scope,
  period: row.period,
  asOf: row.asOf,
  content: { ...row.content },
  contentSha256: row.contentSha256,
  source: { ...row.source },
});

export const enterpriseFeedsProjection = keyedProjection<FeedRow>({
  declaration: enterpriseFeedsDeclaration,
  keysOf: feedKeysOf,
  load: async (db, schema, keys) =>
    new Map((await findFeedRows(db, schema, keys)).map((row) => [row.rowKey, toState(row)])),
  reduce: reduceEnterpriseFeeds,
  save: (db, schema, rows) =>
    upsertFeedRows(
      db,
      schema,
      rows.map(([key, row]) => toRecord(key, row)),
    ),
});
