import type { FeedRowRecord } from '@tradelog/projections/enterprise-feeds/tables';
import type { ValidRequest } from '@tradelog/schemas/queries/validator';
import type { Router } from 'express';
import type pg from 'pg';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { validateQuery } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { enterpriseFeedPaths } from './feedPaths.ts';
import { type FeedRowFilter, readFeedRows } from './feedRows.ts';

type FeedQueryId = Exclude<keyof typeof enterpriseFeedPaths, 'brandRanking' | 'taxInformation'>;

/**
 * How one enterprise-feed query reads and answers: the enterprise its request names (the caller
 * must be granted it), which rows of which family it reads, and the answer's members, which go
 * in the `{flag, code, message}` envelope with the read's freshness last.
 */
export interface FeedQuery<Id extends FeedQueryId> {
  family: string;
  /** Deprecated (RFC 9745): said in a header on every answer, refusals included. */
  deprecated?: true;
  enterpriseOf: (request: ValidRequest<Id>) => string;
  scopeOf?: (request: ValidRequest<Id>) => Omit<FeedRowFilter, 'family' | 'enterprise'>;
  answer: (request: ValidRequest<Id>, rows: FeedRowRecord[]) => Record<string, unknown>;
}

/** Serves one enterprise-feed query in the envelope (brand rankings and tax answer their own way). */
export function addFeedQuery<Id extends FeedQueryId>(
  router: Router,
  pool: pg.Pool,
  id: Id,
  query: FeedQuery<Id>,
) {
  router.post(
    enterpriseFeedPaths[id],
    handle(async (req, res) => {
      if (query.deprecated) res.set('Deprecation', 'true');
      const request = validateQuery(id, req.body);
      const enterprise = query.enterpriseOf(request);
      assertEnterprise(callerOf(res), enterprise);
      const { result, freshness } = await readFeedRows(pool, {
        family: query.family,
        enterprise,
        ...query.scopeOf?.(request),
      });
      sendSuccess(res, { ...query.answer(request, result), freshness });
    }),
  );
}
