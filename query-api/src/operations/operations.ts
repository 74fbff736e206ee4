import {
  type AuditAction,
  insertAuditEntry,
  isProjectionName,
  type ProjectionName,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { type Caller, callerOf } from '../reads/auth.ts';
import type { LogSnapshotOf, TopicOffsets } from '../reads/topicOffsets.ts';

/** What the operator endpoints (router.ts) are built with. */
export interface OperationsDependencies {
  pool: pg.Pool;
  namespace: string;
  now?: () => Date;
  /** The log's ids and ends, to tell the push processor's checkpoints of another log. */
  logSnapshot?: LogSnapshotOf;
  /** The topics' starts and ends: push's checkpoints below a start name records deleted unpushed. */
  topicOffsets?: TopicOffsets;
  changesTopic?: string;
}

/** The dependencies with their defaults, and the audit every change writes in its transaction. */
export interface Operations extends Omit<OperationsDependencies, 'now'> {
  now: () => Date;
  /** Records who did what, on the transaction of the change it records. */
  audit: (
    db: Parameters<typeof insertAuditEntry>[0],
    res: Response,
    action: AuditAction,
    subject: Record<string, unknown>,
  ) => ReturnType<typeof insertAuditEntry>;
}

export function operationsOf(deps: OperationsDependencies): Operations {
  const now = deps.now ?? (() => new Date());
  return {
    ...deps,
    now,
    audit: (db, res, action, subject) =>
      insertAuditEntry(db, { ...actorOf(callerOf(res)), at: now(), action, subject }),
  };
}

/** The `:projection` of a path, one of the declared projections (404 otherwise). */
export function projectionParam(req: Request): ProjectionName {
  const name = String(req.params.projection);
  if (!isProjectionName(name))
    throw localizedError('PROJECTION_UNKNOWN', 404, {
      cn: `没有投影 "${name}"`,
      en: `Unknown projection "${name}"`,
    });
  return name;
}

/** The audit's actor for a caller: its account and key, named by the account's code. */
export const actorOf = (caller: Caller) => ({
  accountId: caller.accountId,
  keyId: caller.keyId,
  actor: caller.ownerId,
});
