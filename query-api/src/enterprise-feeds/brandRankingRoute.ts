import { findRankings, latestFeedPeriod } from '@tradelog/projections/enterprise-feeds/tables';
import type { Router } from 'express';
import type pg from 'pg';
import { validateQuery } from '../reads/requests.ts';
import { handle, readLive, sendSuccess } from '../reads/respond.ts';
import { allRankings, type Content, rankingFieldOf } from './feedAnswers.ts';
import { enterpriseFeedPaths } from './feedPaths.ts';

/** Brand rankings (query spec §3): market data any lender key reads. */
export function addBrandRankingRoute(router: Router, pool: pg.Pool): void {
  router.post(
    enterpriseFeedPaths.brandRanking,
    handle(async (req, res) => {
      const request = validateQuery('brandRanking', req.body);
      const brands = [...new Set(request.brandRankings.map((item) => item.brand))];
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', async (schema, db) => {
        const period = request.dataMonth ?? (await latestFeedPeriod(db, schema, 'ranking', ''));
        return { period, rows: period ? await findRankings(db, schema, period, brands) : [] };
      });
      const places: readonly string[] =
        request.rankingType === '99' ? allRankings : rankingFieldOf[request.rankingType];
      // All three places of §3 in every row; a type not asked for is null like a place not held.
      const answer = (brand: string, category: string | null, content: Content | undefined) => ({
        brand,
        category,
        ...Object.fromEntries(
          allRankings.map((place) => [place, places.includes(place) ? (content?.[place] ?? null) : null]),
        ),
      });
      const dataList = request.brandRankings.flatMap((asked) => {
        const found = result.rows.filter(
          (row) =>
            row.content.brand === asked.brand &&
            (asked.category === undefined || row.content.category === asked.category),
        );
        // A brand not ranked in the period is answered with empty places, not left out.
        if (found.length === 0) return [answer(asked.brand, asked.category ?? null, undefined)];
        return found.map((row) => answer(asked.brand, String(row.content.category), row.content));
      });
      sendSuccess(res, { dataMonth: result.period, dataList, freshness });
    }),
  );
}
