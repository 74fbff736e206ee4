import { knownAirlines, listFlights } from '@tradelog/projections/reference/queries';
import type { ReferenceRow } from '@tradelog/projections/reference/tables';
import { localizedError } from '@tradelog/schemas';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type { Router } from 'express';
import type pg from 'pg';
import { validateQuery } from '../reads/requests.ts';
import { readLive } from '../reads/respond.ts';
import { flightSuccess } from './conventions.ts';
import { lookUp, pages, path, pick } from './lookUp.ts';
import { flightFields, flightLinks } from './referenceFields.ts';

/** §8 40020: an airline code no flight in the reference data names. */
const airlineUnknown = (codes: readonly string[]) =>
  localizedError('AIRLINE_UNKNOWN', 400, {
    cn: `未知的航司代码：${codes.join('、')}`,
    en: `Unknown airline code: ${codes.join(', ')}`,
  });

/** §8 40010: positions are answered in WGS84 as reported; no other system is converted to. */
function assertCoordinateSystem(system: string | undefined): void {
  if (system === undefined || system.trim().toUpperCase() === 'WGS84') return;
  throw localizedError('COORDINATE_SYSTEM_UNSUPPORTED', 400, {
    cn: `不支持的坐标系 ${system}：仅支持 WGS84`,
    en: `Unsupported coordinate system ${system}: WGS84 only`,
  });
}

/** The flight schedule (query spec §3, §8): POST only; its own call limit is set by the router. */
export function addFlightRoutes(router: Router, pool: pg.Pool): void {
  router.post(
    path('flightSchedule'),
    lookUp(async (req) => {
      const request = validateQuery('flightSchedule', req.body);
      assertCoordinateSystem(request.coordinateSystem);
      const { result, freshness } = await readLive(pool, 'reference', async (schema, db) => {
        const airlines = request.airlines ?? [];
        const known = new Set(await knownAirlines(db, schema, airlines));
        const unknown = airlines.filter((code) => !known.has(code));
        if (unknown.length > 0) throw airlineUnknown(unknown);
        return listFlights(db, schema, {
          fromAirports: request.fromAirports,
          toAirports: request.toAirports,
          departureFrom: request.departureFromDate,
          departureTo: request.departureToDate,
          arrivalFrom: request.arrivalFromDate,
          arrivalTo: request.arrivalToDate,
          from: request.fromDate,
          to: request.toDate,
          airlines: request.airlines,
          flightIds: request.flightIds,
          registrations: request.registrations,
          modeSHexCodes: request.modeSHexCodes,
          aircraftClasses: request.aircraftClasses,
          sources: request.sources,
          limit: request.pageSize,
          offset: (request.page - 1) * request.pageSize,
        });
      });
      const flights = result.flights.map((row: ReferenceRow) => ({
        ...pick(row.fields, flightFields),
        ...(request.includeFlightPaths ? { positions: row.fields.positions ?? [] } : {}),
        ...(request.includeFlightUrls ? pick(row.fields, flightLinks) : {}),
      }));
      const answer = flightSuccess(
        {
          success: true,
          comment: '',
          totaPages: pages(result.total, request.pageSize),
          totalRecords: result.total,
          pageSize: request.pageSize,
          currentPage: request.page,
          flights,
        },
        languageOf(req.get('accept-language')),
      );
      return { body: { ...answer, freshness } };
    }),
  );

  // §8 40500 "method not allowed": answered by the app for every path it serves (http/methodNotAllowed.ts).
}
