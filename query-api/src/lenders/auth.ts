import { hashApiKey } from '@tradelog/projections/access/apiKey';
import { findApiKeyByHash } from '@tradelog/projections/access/store';
import { TradelogError } from '@tradelog/schemas';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { sendFailure } from './respond.ts';

/**
 * Caller authentication of the query API (issue 4, "Lenders authenticate"): an API key from the
 * `api_keys` table, sent as `Authorization: Bearer <key>` or `X-Api-Key` (as at ingest). A
 * lender key lists the enterprises it may read; a request about any other enterprise is 403.
 */
export interface Caller {
  keyId: string;
  kind: 'partner' | 'lender' | 'operator';
  ownerId: string;
  enterprises: readonly string[];
}

const localized = (code: string, status: number, en: string, cn: string) =>
  new TradelogError(code, en, { status, details: { message: { en, cn } } });

export function presentedKey(req: Request): string {
  const authorization = req.get('authorization');
  const bearer = authorization ? /^\s*bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  const key = bearer ?? req.get('x-api-key')?.trim();
  if (!key) {
    throw localized(
      'API_KEY_MISSING',
      401,
      'API key missing: send "Authorization: Bearer <key>" or X-Api-Key',
      '缺少 API 密钥：请在 Authorization: Bearer <密钥> 或 X-Api-Key 中提供',
    );
  }
  return key;
}

/** Middleware admitting keys of the given kinds; the caller is left in `res.locals.caller`. */
export function requireKey(pool: Pick<pg.Pool, 'query'>, kinds: readonly Caller['kind'][]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const row = await findApiKeyByHash(pool, hashApiKey(presentedKey(req)));
      if (!row) throw localized('API_KEY_UNKNOWN', 401, 'Unknown API key', 'API 密钥无效');
      if (row.revokedAt)
        throw localized('API_KEY_REVOKED', 401, 'This API key has been revoked', 'API 密钥已被吊销');
      if (!kinds.includes(row.kind)) {
        throw localized(
          'API_KEY_KIND_FORBIDDEN',
          403,
          `A ${row.kind} key cannot use this interface`,
          `${row.kind} 类型的密钥不能调用此接口`,
        );
      }
      const caller: Caller = {
        keyId: row.id,
        kind: row.kind,
        ownerId: row.ownerId,
        enterprises: row.enterprises,
      };
      res.locals.caller = caller;
      next();
    } catch (error) {
      if (error instanceof TradelogError && error.status === 401)
        res.set('WWW-Authenticate', 'Bearer realm="tradelog"');
      sendFailure(req, res, error);
    }
  };
}

/** A lender reads only the enterprises its key lists (operators read all). */
export function assertEnterprise(caller: Caller, enterprise: string): void {
  if (caller.kind === 'operator') return;
  if (!caller.enterprises.includes(enterprise)) {
    throw localized(
      'ENTERPRISE_FORBIDDEN',
      403,
      `This key may not read data of enterprise ${enterprise}`,
      `该密钥无权查询企业 ${enterprise} 的数据`,
    );
  }
}

export const callerOf = (res: Response): Caller => res.locals.caller as Caller;
