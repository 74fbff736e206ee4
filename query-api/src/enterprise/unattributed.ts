import { attributingProjections } from '@tradelog/projections';
import { listPendingDocuments } from '@tradelog/projections/attribution/tables';
import { localizedError } from '@tradelog/schemas';
import { Router } from 'express';
import type pg from 'pg';
import { pageRange, wholeParameter } from '../http/queryParameters.ts';
import { handle, readLive, sendSuccess } from '../reads/respond.ts';

/**
 * `GET /ops/unattributed/:projection` (operator keys): the documents a projection could not
 * attribute to an enterprise yet — no enterprise field, no partner enterprise on the record, no
 * order key resolved so far (processors/README.md, "Attribution") — oldest first, with the order
 * keys that would resolve them. `page` (from 1) and `pageSize` (1 to 200, default 100). The
 * projections are those declared to attribute (projections/src/catalogue.ts).
 */

export function createUnattributedRouter(deps: { pool: pg.Pool }): Router {
  const router = Router();
  router.get(
    '/ops/unattributed/:projection',
    handle(async (req, res) => {
      const projection = attributingProjections.find((name) => name === req.params.projection);
      if (!projection) {
        throw localizedError('PROJECTION_UNKNOWN', 404, {
          cn: `投影 "${req.params.projection}" 不做企业归属；可用：${attributingProjections.join('、')}`,
          en: `Projection "${req.params.projection}" attributes no documents; use one of ${attributingProjections.join(', ')}`,
        });
      }
      const page = wholeParameter(req.query, 'page', pageRange);
      const pageSize = wholeParameter(req.query, 'pageSize', { fallback: 100, max: 200 });
      const { result, freshness } = await readLive(deps.pool, projection, (schema, db) =>
        listPendingDocuments(db, schema, { limit: pageSize, offset: (page - 1) * pageSize }),
      );
      sendSuccess(res, {
        projection,
        page,
        pageSize,
        totalCount: result.total,
        dataList: result.rows,
        freshness,
      });
    }),
  );
  return router;
}
