import { auditActions, listAuditEntries } from '@tradelog/projections';
import type { ShownAuditEntry } from '@tradelog/schemas/queries/operations';
import type { Router } from 'express';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { Operations } from './operations.ts';

export function addAuditRoutes(router: Router, { pool }: Operations): void {
  // Who did what (newest first): rebuilds, cancels, retries, discards, accounts and keys.
  router.get(
    '/ops/audit',
    handle(async (req, res) => {
      const action = auditActions.find((known) => known === req.query.action);
      const before =
        typeof req.query.before === 'string' && /^\d{1,18}$/.test(req.query.before)
          ? req.query.before
          : undefined;
      const entries = await listAuditEntries(pool, {
        limit: Math.min(Number(req.query.limit) || 100, 500),
        ...(before ? { before } : {}),
        ...(action ? { action } : {}),
      });
      const dataList = entries.map((entry): ShownAuditEntry => ({ ...entry, at: entry.at.toISOString() }));
      sendSuccess(res, { dataList });
    }),
  );
}
