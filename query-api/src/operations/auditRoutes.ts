import { auditActions, listAuditEntries } from '@tradelog/projections';
import type { ShownAuditEntry } from '@tradelog/schemas/queries/operations';
import type { Router } from 'express';
import { choiceParameter, idParameter, listLimit, wholeParameter } from '../http/queryParameters.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { Operations } from './operations.ts';

export function addAuditRoutes(router: Router, { pool }: Operations): void {
  // Who did what (newest first): rebuilds, cancels, retries, discards, accounts and keys.
  router.get(
    '/ops/audit',
    handle(async (req, res) => {
      const action = choiceParameter(req.query, 'action', auditActions);
      const before = idParameter(req.query, 'before', { cn: '审计记录编号', en: 'an audit entry id' });
      const entries = await listAuditEntries(pool, {
        limit: wholeParameter(req.query, 'limit', listLimit),
        ...(before ? { before } : {}),
        ...(action ? { action } : {}),
      });
      const dataList = entries.map((entry): ShownAuditEntry => ({ ...entry, at: entry.at.toISOString() }));
      sendSuccess(res, { dataList });
    }),
  );
}
