import {
  findBills,
  findTruck,
  findVesselCalls,
  findVessels,
  knownAirlines,
  listCarriers,
  listFlights,
  listRoutePortCalls,
} from '@tradelog/projections/reference/queries';
import type { ReferenceRow } from '@tradelog/projections/reference/tables';
import { localizedError } from '@tradelog/schemas';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import { type QueryTypeId, queryType } from '@tradelog/schemas/queries/catalogue';
import { referenceQueryIds, vesselPlanItemFields } from '@tradelog/schemas/queries/reference';
import { languageOf } from '@tradelog/schemas/runtime/envelope';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { assertEnterprise, type Caller, callerOf, requireKey } from '../reads/auth.ts';
import { queryFieldsOf } from '../reads/readAfter.ts';
import { validateQuery } from '../reads/requests.ts';
import { readLive } from '../reads/respond.ts';
import { flightSuccess, statusCodeSuccess } from './conventions.ts';
import { readForm } from './form.ts';

/**
 * The logistics reference look-ups (query spec §3, §5, §7, §8, §9) over the reference
 * projection, each in its family's own answer convention (conventions.ts).
 *
 * Who may read what (query-api/README.md "Reference look-ups"): vessels, AIS positions, route
 * schedules, vessel plans, flights and trucks are reference data, not an enterprise's — any
 * lender, subscriber or operator key reads them. A transport bill belongs to its cargo owner: a
 * lender or subscriber reads the bills of the enterprises its account was granted
 * (customerCode), an operator all. Partner keys submit the feeds; they cannot read (403).
 *
 * Order of checks, as everywhere: key → call limit → request → read. Failures are thrown to the
 * app's one error middleware, which answers in the path's convention (http/answers.ts).
 */
export const referenceReaders: readonly ApiKeyKind[] = ['lender', 'subscriber', 'operator'];

const path = (id: QueryTypeId) => queryType(id).path;

/** The look-up paths, for the key middleware: the query catalogue's reference look-ups. */
export const referencePaths: readonly string[] = referenceQueryIds.map(path);

/** §9 "Sea carriers: 46 supported": the count the spec gives, beside the carriers stated. */
const carriersDeclared = 46;

type Answer = { status?: number; body: Record<string, unknown> };

function lookUp(work: (req: Request, caller: Caller, res: Response) => Promise<Answer>): RequestHandler {
  return async (req, res) => {
    const answer = await work(req, callerOf(res), res);
    res.status(answer.status ?? 200).json(answer.body);
  };
}

const pick = (fields: Readonly<Record<string, unknown>>, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name] ?? null]));

/** The answer fields of each family, in the spec's order (§3). */
const archiveFields = [
  'shipId',
  'vesselNameEn',
  'vesselNameCn',
  'imo',
  'mmsi',
  'callsign',
  'aisVesselType',
  'shipType',
  'length',
  'width',
  'gt',
  'nt',
  'dwt',
  'flagName',
  'shipContainerNum',
  'dateBuilt',
  'built',
  'ismManager',
  'shipOwnerEn',
  'shipManagerEn',
  'carrier',
];
const aisFields = [
  'length',
  'breadth',
  'gt',
  'dwt',
  'dateBuild',
  'shipContainerNum',
  'flagName',
  'callSign',
  'mmsi',
  'imo',
  'shipType',
  'nameEn',
  'navStatus',
  'updateTime',
  'draught',
  'cog',
  'hdg',
  'sog',
  'dest',
  'destStd',
  'destcode',
  'eta',
  'etaStd',
  'lat',
  'lon',
];
const billFields = [
  'billNo',
  'sybknoteno',
  'SO',
  'shippingCompany',
  'shipName',
  'voyageNo',
  'MBL',
  'bookingDate',
  'beginCountry',
  'tradeCountry',
  'goodsPlace',
  'finalDestination',
  'beginPort',
  'designationPort',
  'issueTime',
  'berthingTime',
  'shippedOnBoardDate',
  'leaveTime',
  'podTime',
  'unloadTime',
  'pickUpTime',
  'containerInfo',
];
const routeServiceFields = [
  'scac',
  'carriercd',
  'service',
  'serviceCN',
  'route',
  'routeCode',
  'standardRouteCode',
];
const routePortFields = ['portNumber', 'portCode', 'port', 'terminal', 'eta', 'etd', 'transitTime'];
const flightFields = [
  'flightId',
  'callsign',
  'flightNumberIata',
  'flightNumberIcao',
  'aircraftRegistration',
  'aircraftType',
  'aircraftClass',
  'modeSHexCode',
  'description',
  'airlineIata',
  'airlineIcao',
  'airlineName',
  'departure',
  'arrival',
  'delayReason',
  'delayDetail',
  'latestPosition',
  'squawkCode',
  'source',
  'created',
  'updated',
  'icaoRoute',
  'status',
];
const carrierFields = ['carrierCode', 'scac', 'nameCn', 'nameEn', 'url', 'refreshHours', 'containerNoQuery'];
const flightLinks = ['flightUrl', 'kmlUrl', 'csvUrl', 'geojsonUrl'];

const stageAnswer = (stage: unknown) => {
  const known = stage as { stage: string; stageTime: string } | undefined;
  return { stage: known?.stage ?? null, stageTime: known?.stageTime ?? null };
};

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

const notFound = (en: string, cn: string) => localizedError('NOT_FOUND', 404, { cn, en });

const pages = (total: number, size: number) => Math.ceil(total / size);

const instantOf = (value: string | undefined) => (value ? parseTradeDateTime(value)?.getTime() : undefined);

export function createReferenceRouter(deps: { pool: pg.Pool; callLimit?: CallLimit }): Router {
  const { pool } = deps;
  const callLimit = deps.callLimit ?? noCallLimit;
  const router = Router();
  // §9: flights 60 calls per 10 s per caller (42900); the others the default per-key limit.
  const flightPath = path('flightSchedule');
  router.use(flightPath, requireKey(pool, referenceReaders), callLimit('flight'));
  router.use(
    referencePaths.filter((p) => p !== flightPath),
    requireKey(pool, referenceReaders),
    callLimit('default-key'),
  );

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

  // Ocean carriers (§5, §9): what the tracking providers stated about each (carrier feed).
  router.get(
    path('oceanCarriers'),
    lookUp(async (req) => {
      validateQuery('oceanCarriers', queryFieldsOf(req));
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        listCarriers(db, schema),
      );
      return {
        body: {
          flag: 'success',
          code: '200',
          message: 'success',
          data: {
            declared: carriersDeclared,
            total: result.length,
            carriers: result.map((row) => pick(row.fields, carrierFields)),
          },
          freshness,
        },
      };
    }),
  );

  router.post(
    path('transportBill'),
    lookUp(async (req, caller) => {
      const request = validateQuery('transportBill', req.body);
      assertEnterprise(caller, request.customerCode);
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        findBills(db, schema, {
          customerCode: request.customerCode,
          ...(request.billNo.trim() ? { billNo: request.billNo.trim() } : {}),
          ...(request.sybknoteno?.trim() ? { bookingNo: request.sybknoteno.trim() } : {}),
        }),
      );
      return {
        body: {
          flag: 'success',
          code: '200',
          message: 'success',
          billDetails: result.map((row) => pick(row.fields, billFields)),
          freshness,
        },
      };
    }),
  );

  router.post(
    path('routeSchedule'),
    lookUp(async (req) => {
      const request = validateQuery('routeSchedule', req.body);
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        listRoutePortCalls(db, schema, {
          carriercd: request.carriercd,
          ...(request.field_6 ? { route: request.field_6 } : {}),
          ...(request.service ? { service: request.service } : {}),
          limit: request.pageSize,
          offset: (request.pageNum - 1) * request.pageSize,
        }),
      );
      const content = result.calls.map((call) => ({
        ...pick(call.service, routeServiceFields),
        ...pick(call.port, routePortFields),
      }));
      const lang = languageOf(req.get('accept-language'));
      return {
        body: statusCodeSuccess(
          {
            pageNum: request.pageNum,
            pageSize: request.pageSize,
            size: content.length,
            total: result.total,
            pages: pages(result.total, request.pageSize),
            content,
            freshness,
          },
          lang,
        ),
      };
    }),
  );

  router.post(
    path('terminalVesselPlan'),
    lookUp(async (req) => {
      const request = validateQuery('terminalVesselPlan', req.body);
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        findVesselCalls(db, schema, request),
      );
      const lang = languageOf(req.get('accept-language'));
      return {
        body: statusCodeSuccess(
          {
            data: result.map((row) => ({
              portCode: row.fields.portCode,
              ...pick(row.fields, vesselPlanItemFields),
            })),
            freshness,
          },
          lang,
        ),
      };
    }),
  );

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

  // §8 40500 "method not allowed": the flight API is POST only.
  router.all(flightPath, (req, res) => {
    res.set('Allow', 'POST');
    throw localizedError('METHOD_NOT_ALLOWED', 405, {
      cn: `航班计划查询只接受 POST，不接受 ${req.method}`,
      en: `The flight schedule takes POST, not ${req.method}`,
    });
  });

  const truck = (withTrack: boolean) =>
    lookUp(async (req) => {
      const request = validateQuery(withTrack ? 'truckTrack' : 'truckPosition', req.body);
      const { result, freshness } = await readLive(pool, 'reference', (schema, db) =>
        findTruck(db, schema, request.vclN),
      );
      // The window is the track request's (validated there); a position request answers no track.
      const from = instantOf(withTrack && 'qryBtm' in request ? request.qryBtm : undefined);
      const to = instantOf(withTrack && 'qryEtm' in request ? request.qryEtm : undefined);
      const track = ((result?.fields.track24s as { gtm: string }[] | undefined) ?? []).filter((point) => {
        const at = Date.parse(point.gtm);
        return (from === undefined || at >= from) && (to === undefined || at <= to);
      });
      const info = result
        ? {
            isExist: true,
            truckNo: result.fields.truckNo ?? request.vclN,
            positionInfo: result.fields.positionInfo ?? null,
            // §4 truck stages (ours to answer: §3 lists no field): null until a report states one.
            ...stageAnswer(result.fields.stage),
            ...(withTrack ? { track24s: track } : {}),
          }
        : {
            isExist: false,
            truckNo: request.vclN,
            positionInfo: null,
            ...stageAnswer(undefined),
            ...(withTrack ? { track24s: [] } : {}),
          };
      const lang = languageOf(req.get('accept-language'));
      return { body: statusCodeSuccess({ content: { truckInfos: [info] }, freshness }, lang) };
    });
  router.post(path('truckPosition'), truck(false));
  router.post(path('truckTrack'), truck(true));

  return router;
}
