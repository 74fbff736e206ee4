import { leadForms } from '@tradelog/schemas/portal/forms';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { choiceParameter, idParameter, shortListLimit, wholeParameter } from '../http/queryParameters.ts';
import { requireKey } from '../reads/auth.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { listLeads } from './portalStore.ts';

/**
 * `GET /ops/leads?form=&before=&limit=` (operator keys): the forms visitors saved on the portal
 * (consultations, contact, sign-up, inquiries, messages), newest first, for the console's leads
 * page. `before` is the last id of the previous page.
 */
export function createLeadRoutes(deps: { pool: pg.Pool; callLimit?: CallLimit }): Router {
  const router = Router();
  router.get(
    '/ops/leads',
    requireKey(deps.pool, ['operator']),
    (deps.callLimit ?? noCallLimit)('default-key'),
    handle(async (req, res) => {
      const form = choiceParameter(req.query, 'form', leadForms);
      const before = idParameter(req.query, 'before', { cn: '线索编号', en: 'a lead id' });
      const limit = wholeParameter(req.query, 'limit', shortListLimit);
      const rows = await listLeads(deps.pool, { form, before, limit });
      sendSuccess(res, { dataList: rows });
    }),
  );
  return router;
}
