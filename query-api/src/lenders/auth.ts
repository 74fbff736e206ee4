import { hashApiKey } from '@tradelog/projections/access/apiKey';
import { localizedError } from '@tradelog/schemas';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { readCacheOf } from './readCache.ts';

/**
 * Caller authentication of the query API (issue 4, "Lenders authenticate"): an API key from the
 * `api_keys` table, sent as `Authorization: Bearer <key>` or `X-Api-Key` (as at ingest). The
 * key's account owns what the caller makes and holds its grants: a lender reads only the
 * enterprises its account was granted; a request about any other enterprise is 403.
 */
export type CallerKind = 'partner' | 'lender' | 'subscriber' | 'operator';

export interface Caller {
  keyId: string;
  kind: CallerKind;
  /** The owning account's stable id: ownership is by this, never by a name (README "Accounts"). */
  accountId: string;
  /** The account's code (for logs). */
  ownerId: string;
  enterprises: readonly string[];
}

export function presentedKey(req: Request): string {
  const authorization = req.get('authorization');
  const bearer = authorization ? /^\s*bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  const key = bearer ?? req.get('x-api-key')?.trim();
  if (!key) {
    throw localizedError('API_KEY_MISSING', 401, {
      cn: '缺少 API 密钥：请在 Authorization: Bearer <密钥> 或 X-Api-Key 中提供',
      en: 'API key missing: send "Authorization: Bearer <key>" or X-Api-Key',
    });
  }
  return key;
}

/**
 * Middleware admitting keys of the given kinds; the caller is left in `res.locals.caller`.
 * Errors go to the app's error middleware (Express 5 passes rejected promises on).
 */
export function requireKey(pool: Pick<pg.Pool, 'query'>, kinds: readonly CallerKind[]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = presentedKey(req);
    // Bounded before hashing or querying: a key is 47 characters. Keys come from the pool's
    // read cache when main.ts attached one (README "Read caches"; revocation drops it at once).
    const row = key.length <= 200 ? await readCacheOf(pool).findKey(hashApiKey(key)) : null;
    if (!row) throw localizedError('API_KEY_UNKNOWN', 401, { cn: 'API 密钥无效', en: 'Unknown API key' });
    if (row.revokedAt)
      throw localizedError('API_KEY_REVOKED', 401, {
        cn: 'API 密钥已被吊销',
        en: 'This API key has been revoked',
      });
    if (!kinds.includes(row.kind)) {
      throw localizedError('API_KEY_KIND_FORBIDDEN', 403, {
        cn: `${row.kind} 类型的密钥不能调用此接口`,
        en: `A ${row.kind} key cannot use this interface`,
      });
    }
    const caller: Caller = {
      keyId: row.id,
      kind: row.kind,
      accountId: row.accountId,
      ownerId: row.ownerId,
      enterprises: row.enterprises,
    };
    res.locals.caller = caller;
    next();
  };
}

/** A lender reads only the enterprises its account was granted (operators read all). */
export function assertEnterprise(caller: Caller, enterprise: string): void {
  if (caller.kind === 'operator') return;
  if (!caller.enterprises.includes(enterprise)) {
    throw localizedError('ENTERPRISE_FORBIDDEN', 403, {
      cn: `该密钥无权查询企业 ${enterprise} 的数据`,
      en: `This key may not read data of enterprise ${enterprise}`,
    });
  }
}

export const callerOf = (res: Response): Caller => res.locals.caller as Caller;
