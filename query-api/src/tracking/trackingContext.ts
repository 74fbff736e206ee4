import { expressSubject } from '@tradelog/projections/push/families';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { localizedError } from '@tradelog/schemas';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import {
  createQueryValidators,
  type ValidationIssue,
  withDefaults,
} from '@tradelog/schemas/queries/validator';
import type { RequestHandler, Response } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { callerOf as callerOfResponse, requireKey } from '../reads/auth.ts';
import { type CheckValueRules, defaultCheckValueRules, verifyCustomerName } from './checkValueAttempts.ts';
import { findTracked } from './trackedReads.ts';

/** The tracking routes' shared parts: keys, call limits, request checks and the express check value. */
export interface TrackingRoutesOptions {
  pool: pg.Pool;
  /** The call limits (query-api/src/http/callLimit.ts); none when absent (tests). */
  callLimit?: CallLimit;
  now?: () => Date;
  /** TRACKING_PROVIDER_WINDOW_MINUTES: START until then, NODATA after (README "Tracking queries"). */
  providerWindowMs?: number;
  /** Wrong customerName values per key, parcel and account (README "Check-value attempts"). */
  checkValueRules?: CheckValueRules;
}

const messageOf = (issues: readonly ValidationIssue[], lang: 'cn' | 'en') =>
  issues.map((issue) => issue.message[lang]).join(lang === 'en' ? '; ' : '；');

export interface TrackingContext {
  pool: pg.Pool;
  now: () => Date;
  providerWindowMs?: number;
  anyKey: RequestHandler;
  instantLimit: RequestHandler;
  defaultLimit: RequestHandler;
  /** The tracked item a key names, or null while nothing is known. */
  find: (key: string) => Promise<TrackedItem | null>;
  /** A wrong customerName is counted (README "Check-value attempts") and refused. */
  verifyExpress: (
    res: Response,
    query: { shipperCode: string; logisticCode: string; customerName?: string },
    item: TrackedItem | null,
  ) => ReturnType<typeof verifyCustomerName>;
  /** The request against its query schema, with the schema's defaults (400 naming every issue). */
  validated: (id: QueryTypeId, body: unknown) => Record<string, unknown>;
}

export function trackingContextOf(options: TrackingRoutesOptions): TrackingContext {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const validators = createQueryValidators();
  // Bodies are parsed and bounded once, by the app (http/body.ts); failures go to its error middleware.
  const anyKey = requireKey(pool, ['partner', 'lender', 'subscriber', 'operator']);
  const callLimit = options.callLimit ?? noCallLimit;
  // §9: the express instant query at most 10 calls per second per caller; the others our default.
  const instantLimit = callLimit('express-instant-query');
  const defaultLimit = callLimit('default-key');

  const find = (key: string) => findTracked(pool, key);
  const checkValueRules = options.checkValueRules ?? defaultCheckValueRules;
  const verifyExpress = (
    res: Response,
    query: { shipperCode: string; logisticCode: string; customerName?: string },
    item: TrackedItem | null,
  ) =>
    verifyCustomerName({
      pool,
      rules: checkValueRules,
      res,
      caller: callerOfResponse(res),
      shipperCode: query.shipperCode,
      customerName: query.customerName,
      item,
      parcel: expressSubject(query),
      now: now().getTime(),
    });

  function validated(id: QueryTypeId, body: unknown): Record<string, unknown> {
    const issues = validators[id](body ?? {});
    if (issues.length > 0) {
      throw localizedError(
        'VALIDATION_FAILED',
        400,
        { cn: messageOf(issues, 'cn'), en: messageOf(issues, 'en') },
        { errors: issues },
      );
    }
    return withDefaults(id, body as Record<string, unknown>);
  }

  return {
    pool,
    now,
    providerWindowMs: options.providerWindowMs,
    anyKey,
    instantLimit,
    defaultLimit,
    find,
    verifyExpress,
    validated,
  };
}
