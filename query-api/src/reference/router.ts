import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { referenceQueryIds } from '@tradelog/schemas/queries/reference';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { requireKey } from '../reads/auth.ts';
import { addFlightRoutes } from './flightRoutes.ts';
import { path } from './lookUp.ts';
import { addCarrierAndBillRoutes, addScheduleRoutes } from './oceanRoutes.ts';
import { addTruckRoutes } from './truckRoutes.ts';
import { addVesselRoutes } from './vesselRoutes.ts';

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

/** The look-up paths, for the key middleware: the query catalogue's reference look-ups. */
export const referencePaths: readonly string[] = referenceQueryIds.map(path);

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
  addVesselRoutes(router, pool);
  addCarrierAndBillRoutes(router, pool);
  addScheduleRoutes(router, pool);
  addFlightRoutes(router, pool);
  addTruckRoutes(router, pool);
  return router;
}
