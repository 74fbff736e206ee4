import { apiKeyKinds } from '@tradelog/schemas/access/apiKey';
import type { KeyAccount } from '@tradelog/schemas/access/keyAccount';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { callerOf, requireKey } from '../reads/auth.ts';
import { handle, sendSuccess } from '../reads/respond.ts';

/**
 * What a key is and may read (query-api/README.md "The key's account"): its kind and its
 * account's grants, for the console to open on the key's own tab and to offer a lender the
 * enterprises it was granted instead of an empty code field. Any kind of key asks about itself
 * only; `*` stands for every enterprise (a platform-wide partner), operators read all.
 */
export const keyAccountPath = '/open/account';

export function createKeyAccountRouter(deps: { pool: pg.Pool; callLimit?: CallLimit }): Router {
  const router = Router();
  router.get(
    keyAccountPath,
    requireKey(deps.pool, apiKeyKinds),
    (deps.callLimit ?? noCallLimit)('default-key'),
    handle(async (_req, res) => {
      const caller = callerOf(res);
      const answer: KeyAccount = {
        kind: caller.kind,
        account: caller.ownerId,
        enterprises: [...caller.enterprises].sort(),
      };
      sendSuccess(res, answer);
    }),
  );
  return router;
}
