import { localizedError } from '@tradelog/schemas';
import { createPortalValidators } from '@tradelog/schemas/portal/forms';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { shortListLimit, wholeParameter } from '../http/queryParameters.ts';
import { callerOf, requireKey } from '../reads/auth.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { grantPortalRole, listRoleRequests } from './portalStore.ts';

/**
 * Portal roles for operators (README "Roles"): a visitor's applied-for role is a request; only
 * what an operator grants here reaches a session (`user/info.do` serverFlag).
 *
 * - `GET /ops/portal/role-requests?all=&limit=`: accounts that applied for a role, newest
 *   first; pending ones only (request not yet the granted role) unless `all=true`.
 * - `PUT /ops/portal/accounts/:phone/role` `{role}`: grants one of the §3 roles.
 * - `DELETE /ops/portal/accounts/:phone/role`: withdraws the grant.
 */
export function createPortalRoleRoutes(deps: {
  pool: pg.Pool;
  now?: () => Date;
  callLimit?: CallLimit;
}): Router {
  const now = deps.now ?? (() => new Date());
  const validators = createPortalValidators();
  const router = Router();
  const guard = [requireKey(deps.pool, ['operator']), (deps.callLimit ?? noCallLimit)('default-key')];
  const unknownAccount = (phone: string) =>
    localizedError('PORTAL_ACCOUNT_UNKNOWN', 404, {
      cn: `没有手机号为 ${phone} 的门户账户`,
      en: `No portal account with phone ${phone}`,
    });

  router.get(
    '/ops/portal/role-requests',
    ...guard,
    handle(async (req, res) => {
      const limit = wholeParameter(req.query, 'limit', shortListLimit);
      const rows = await listRoleRequests(deps.pool, { pending: req.query.all !== 'true', limit });
      sendSuccess(res, { dataList: rows });
    }),
  );

  router.put(
    '/ops/portal/accounts/:phone/role',
    ...guard,
    handle(async (req, res) => {
      const issues = validators.roleGrant(req.body ?? {});
      if (issues.length > 0)
        throw localizedError('VALIDATION_FAILED', 400, issues[0]!.message, { errors: issues.slice(0, 20) });
      const phone = String(req.params.phone);
      const role = String((req.body as { role: string }).role);
      const granted = await grantPortalRole(deps.pool, { phone, role, by: callerOf(res).ownerId, at: now() });
      if (!granted) throw unknownAccount(phone);
      sendSuccess(res, { phone, grantedRole: role });
    }),
  );

  router.delete(
    '/ops/portal/accounts/:phone/role',
    ...guard,
    handle(async (req, res) => {
      const phone = String(req.params.phone);
      const withdrawn = await grantPortalRole(deps.pool, {
        phone,
        role: null,
        by: callerOf(res).ownerId,
        at: now(),
      });
      if (!withdrawn) throw unknownAccount(phone);
      sendSuccess(res, { phone, grantedRole: null });
    }),
  );
  return router;
}
