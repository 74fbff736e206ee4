import { inTransaction } from '@tradelog/projections';
import { oceanSubject, terminalSubject } from '@tradelog/projections/push/families';
import { findReferenceRows } from '@tradelog/projections/reference/tables';
import { oceanUnknownResult, terminalResult } from '@tradelog/projections/tracking/answers';
import {
  defaultProviderWindowMs,
  recordFirstAsk,
  unknownOceanStatus,
} from '@tradelog/projections/tracking/firstAsks';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { carrierMatches, oceanView, withinPortHistory } from '@tradelog/projections/tracking/oceanView';
import { findItemByKey } from '@tradelog/projections/tracking/tables';
import { recordTrackingUse as recordUse } from '@tradelog/projections/tracking/usage';
import { localizedError, TradelogError } from '@tradelog/schemas';
import type { ShownTrackedItem } from '@tradelog/schemas/queries/tracking';
import type { Response } from 'express';
import type pg from 'pg';
import { type Caller, callerOf as callerOfResponse } from '../reads/auth.ts';
import { readLive } from '../reads/respond.ts';
import { checkCarrierRequest, checkPortRequest, type RuleBreach } from './rules.ts';

/**
 * What the tracking queries read and bill (router.ts, and the subscription routes that answer
 * first when a query names a callback): tracked items from the live tracking version, the
 * ocean and terminal answers, the billing owner and its use.
 */
export const breachError = (breach: RuleBreach) =>
  localizedError(breach.code, 400, { cn: breach.cn, en: breach.en });

/**
 * The tracked item a key names, from the live tracking version; null while nothing is known —
 * also before the projection's first version exists (a subscription made then gets its first
 * push when the first feed arrives, like any other).
 */
export async function findTracked(pool: pg.Pool, key: string): Promise<TrackedItem | null> {
  try {
    return (await readLive(pool, 'tracking', (schema, db) => findItemByKey(db, schema, key))).result;
  } catch (error) {
    if (error instanceof TradelogError && error.code === 'PROJECTION_NOT_READY') return null;
    throw error;
  }
}

/** What the providers stated about a carrier (carrierFeed), or undefined while unknown. */
async function findCarrier(pool: pg.Pool, carrierCode: string | undefined) {
  const code = carrierCode?.trim().toUpperCase();
  if (!code || code === 'AUTO') return undefined;
  try {
    const { result } = await readLive(pool, 'reference', (schema, db) =>
      findReferenceRows(db, schema, 'carrier', [code]),
    );
    return result[0]?.fields;
  } catch (error) {
    if (error instanceof TradelogError && error.code === 'PROJECTION_NOT_READY') return undefined;
    throw error;
  }
}

export interface OceanParams {
  billNo: string;
  containerNo?: string;
  carrierCode?: string;
  portCode?: string;
  isExport?: string;
}

/**
 * The ocean answer's `result` (§3, §5, §9): the port area's rules first (a breach is a 400),
 * then the container number if given (it takes priority), else the bill, answered as
 * `oceanView` renders it for pushes too. While no provider has reported the bill or container:
 * START from its first ask until the provider window has passed, NODATA after it (§4;
 * projections/src/tracking/firstAsks.ts). START when the carrierCode names another carrier than
 * the bill's.
 */
export async function oceanAnswer(
  pool: pg.Pool,
  params: OceanParams,
  now: Date,
  providerWindowMs: number = defaultProviderWindowMs,
): Promise<Record<string, unknown>> {
  const containerNo = params.containerNo?.trim() || undefined;
  const asked = { billNo: params.billNo, ...(containerNo ? { containerNo } : {}) };
  const item = await findOceanItem(pool, params);
  if (!item) {
    const firstAskedAt = await recordFirstAsk(pool, oceanSubject(asked), now);
    return oceanUnknownResult(asked, unknownOceanStatus(firstAskedAt, now, providerWindowMs));
  }
  return oceanView(item, params, now) ?? oceanUnknownResult(asked);
}

/**
 * The container or bill an ocean request names, under the port area's rules (a breach is a 400):
 * the container number first if given, else the bill; a carrier other than AUTO must be the
 * bill's, and the carrier table's rules hold (§5); the history the port area allows. Null while
 * nothing is known.
 */
export async function oceanItem(pool: pg.Pool, params: OceanParams, now: Date): Promise<TrackedItem | null> {
  const item = await findOceanItem(pool, params);
  return item && carrierMatches(item, params.carrierCode)
    ? withinPortHistory(item, params.portCode, now)
    : null;
}

/**
 * The bill a request names, after the port area's and carrier table's rules: by its container
 * when one is given (it takes priority, §3) — a container no provider has reported is unknown
 * even when the bill named beside it is known, as its subscription's pushes are keyed by the
 * container (projections/src/push/README.md "Families and match keys") — else by the bill.
 */
async function findOceanItem(pool: pg.Pool, params: OceanParams): Promise<TrackedItem | null> {
  const breach =
    checkPortRequest(params) ?? checkCarrierRequest(params, await findCarrier(pool, params.carrierCode));
  if (breach) throw breachError(breach);
  return findTracked(pool, oceanSubject(params));
}

/**
 * A tracked item as the console's timeline shows it (the contract's `ShownTrackedItem`): the
 * derived status and every event with its provenance. One shape for the subscriber's
 * `/subscriptions/:id/tracking` and the lender's `/open/tracking/timeline`.
 */
export const trackedItemView = (item: TrackedItem): ShownTrackedItem => ({
  family: item.family,
  subject: item.subject,
  status: item.derived.status,
  statusEx: item.derived.statusEx ?? null,
  location: item.derived.location ?? null,
  facts: item.facts,
  events: item.events,
  reports: item.reports.length,
  lastReceivedAt: item.lastReceivedAt,
});

/** The terminal answer's `result` (§3): `{ shipment }`, or null while nothing is known. */
export async function terminalAnswer(
  pool: pg.Pool,
  params: { businessNumber: string; portCode: string; ieid: string },
): Promise<Record<string, unknown> | null> {
  const item = await findTracked(pool, terminalSubject(params));
  return item ? terminalResult(item) : null;
}

/**
 * Whom a use is billed to (§9): the account that owns the caller's key — the partner, whichever
 * of its keys it used (the call limits count per account too).
 */
export const usageOwnerOf = (caller: Pick<Caller, 'accountId'>) => ({
  kind: 'account',
  id: caller.accountId,
});
export const callerOf = (res: Response) => usageOwnerOf(callerOfResponse(res));

export const recordTrackingUse = (
  pool: pg.Pool,
  owner: { kind: string; id: string },
  use: Parameters<typeof recordUse>[2],
) => inTransaction(pool, (db) => recordUse(db, owner, use));
