import {
  type ApiKeyKind,
  admitKey,
  apiKeyFromHeaders,
  hashApiKey,
  standingOf,
} from '@tradelog/schemas/access/apiKey';
import { grantError } from '@tradelog/schemas/access/grants';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { readCacheOf } from './readCache.ts';

/**
 * Caller authentication of the query API (every caller authenticates): an API key from the
 * `api_keys` table, read from the headers by the front door ingest uses too
 * (schemas/src/access/apiKey.ts: one rule for Bearer and X-Api-Key, one set of codes). The
 * key's account owns what the caller makes and holds its grants: a lender reads only the
 * enterprises its account was granted; a request about any other enterprise is 403.
 */
export interface Caller {
  keyId: string;
  kind: ApiKeyKind;
  /** The owning account's stable id: ownership is by this, never by a name (README "Accounts"). */
  accountId: string;
  /** The account's code (for logs). */
  ownerId: string;
  enterprises: readonly string[];
}

/**
 * Middleware admitting keys of the given kinds; the caller is left in `res.locals.caller`.
 * Errors go to the app's error middleware (Express 5 passes rejected promises on).
 */
export function requireKey(pool: Pick<pg.Pool, 'query'>, kinds: readonly ApiKeyKind[]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = apiKeyFromHeaders(req.get('authorization'), req.get('x-api-key'));
    // Bounded before hashing or querying: a key is 47 characters. Keys come from the pool's
    // read cache when main.ts attached one (README "Read caches"; revocation drops it at once).
    const row = key.length <= 200 ? await readCacheOf(pool).findKey(hashApiKey(key)) : null;
    const admitted = admitKey(standingOf(row), kinds);
    const caller: Caller = {
      keyId: admitted.id,
      kind: admitted.kind,
      accountId: admitted.accountId,
      ownerId: admitted.ownerId,
      enterprises: admitted.enterprises,
    };
    res.locals.caller = caller;
    next();
  };
}

/** A lender reads only the enterprises its account was granted (operators read all). */
export function assertEnterprise(caller: Caller, enterprise: string): void {
  if (caller.kind === 'operator') return;
  if (!caller.enterprises.includes(enterprise)) {
    throw grantError('ENTERPRISE_NOT_GRANTED', {
      cn: `该密钥无权查询企业 ${enterprise} 的数据`,
      en: `This key may not read data of enterprise ${enterprise}`,
    });
  }
}

export const callerOf = (res: Response): Caller => res.locals.caller as Caller;
