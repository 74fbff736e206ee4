import {
  findBills,
  findVesselCalls,
  listCarriers,
  listRoutePortCalls,
} from '@tradelog/projections/reference/queries';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import { vesselPlanItemFields } from '@tradelog/schemas/queries/reference';
import type { Router } from 'express';
import type pg from 'pg';
import { assertEnterprise } from '../reads/auth.ts';
import { queryFieldsOf } from '../reads/readAfter.ts';
import { validateQuery } from '../reads/requests.ts';
import { readLive } from '../reads/respond.ts';
import { statusCodeSuccess } from './conventions.ts';
import { lookUp, pages, path, pick } from './lookUp.ts';
import {
  billFields,
  carrierFields,
  carriersDeclared,
  routePortFields,
  routeServiceFields,
} from './referenceFields.ts';

/** The ocean carriers and a cargo owner's transport bills (query spec §3, §5, §9). */
export function addCarrierAndBillRoutes(router: Router, pool: pg.Pool): void {
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
}

/** Route schedules and terminals' vessel plans (query spec §3, §9). */
export function addScheduleRoutes(router: Router, pool: pg.Pool): void {
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
}
