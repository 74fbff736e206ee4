import { localizedError } from '@tradelog/schemas';
import { leadForms } from '@tradelog/schemas/portal/forms';
import { Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
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
      const form = typeof req.query.form === 'string' && req.query.form !== '' ? req.query.form : undefined;
      const before =
        typeof req.query.before === 'string' && req.query.before !== '' ? req.query.before : undefined;
      const limit = Number(req.query.limit ?? 50);
      if (form !== undefined && !(leadForms as readonly string[]).includes(form)) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: `form 须为 ${leadForms.join('、')} 之一`,
          en: `form must be one of ${leadForms.join(', ')}`,
        });
      }
      if (before !== undefined && !/^\d{1,18}$/.test(before)) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'before 须为线索编号',
          en: 'before must be a lead id',
        });
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'limit 须为 1 到 200 的整数',
          en: 'limit must be a whole number from 1 to 200',
        });
      }
      const rows = await listLeads(deps.pool, { form, before, limit });
      sendSuccess(res, { dataList: rows });
    }),
  );
  return router;
}
