import { findVessels } from '@tradelog/projections/reference/queries';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type { Router } from 'express';
import type pg from 'pg';
import { queryFieldsOf } from '../reads/readAfter.ts';
import { validateQuery } from '../reads/requests.ts';
import { readLive } from '../reads/respond.ts';
import { statusCodeSuccess } from './conventions.ts';
import { readForm } from './form.ts';
import { lookUp, notFound, path, pick } from './lookUp.ts';
import { aisFields, archiveFields } from './referenceFields.ts';

/** The vessel archive and AIS positions (query spec §3, §7): reference data any reader reads. */
export function addVesselRoutes(router: Router, pool: pg.Pool): void {
  // Vessel archive: the query string, or a multipart (or urlencoded) form (§3, §7).
  const archive = lookUp(async (req) => {
    const request = validateQuery('vesselArchive', { ...queryFieldsOf(req), ...(await readForm(req)) });
    const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
      findVessels(db, schema, 'vessels', request, 100),
    );
    const lang = languageOf(req.get('accept-language'));
    return {
      body: statusCodeSuccess(
        { data: result.map((row) => pick(row.fields, archiveFields)), freshness },
        lang,
      ),
    };
  });
  router.get(path('vesselArchive'), archive);
  router.post(path('vesselArchive'), archive);

  router.get(
    path('vesselAis'),
    lookUp(async (req) => {
      const request = validateQuery('vesselAis', queryFieldsOf(req));
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        findVessels(db, schema, 'ais_positions', { mmsi: request.mmsi }, 1),
      );
      const [vessel] = result;
      if (!vessel)
        throw notFound(
          `No AIS position of mmsi ${request.mmsi}`,
          `没有 mmsi 为 ${request.mmsi} 的船舶 AIS 位置`,
        );
      return {
        body: {
          flag: 'success',
          code: '200',
          message: 'success',
          data: pick(vessel.fields, aisFields),
          freshness,
        },
      };
    }),
  );
}
