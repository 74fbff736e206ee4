import type { Queryable } from './db.ts';

/**
 * The operator audit (migration 1765700000000): who asked for which change to the pipeline.
 * One function per statement; a change and its entry are written in one transaction.
 */
export const auditActions = [
  'rebuild.requested',
  'rebuild.cancelled',
  'deadLetters.retried',
  'deadLetters.discarded',
  'account.created',
  'key.created',
  'grants.added',
  'grants.withdrawn',
  'grants.narrowed',
  'key.revoked',
  'push.startedOnNewLog',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditActor {
  /** The caller's account and key; null for the command line. */
  accountId: string | null;
  keyId: string | null;
  /** Who, as a person reads it: the account's code, or `cli:<user>`. */
  actor: string;
}

export interface AuditEntry extends AuditActor {
  id: string;
  at: Date;
  action: AuditAction;
  subject: Record<string, unknown>;
}

export async function insertAuditEntry(
  db: Queryable,
  entry: AuditActor & { at: Date; action: AuditAction; subject: Record<string, unknown> },
): Promise<void> {
  await db.query(
    `INSERT INTO operator_audit (at, account_id, key_id, actor, action, subject) VALUES ($1, $2, $3, $4, $5, $6)`,
    [entry.at, entry.accountId, entry.keyId, entry.actor, entry.action, JSON.stringify(entry.subject)],
  );
}

/** Newest first; `before` pages back by id. */
export async function listAuditEntries(
  db: Queryable,
  filter: { limit: number; before?: string; action?: AuditAction },
): Promise<AuditEntry[]> {
  const { rows } = await db.query(
    `SELECT id, at, account_id, key_id, actor, action, subject FROM operator_audit
     WHERE ($1::bigint IS NULL OR id < $1) AND ($2::text IS NULL OR action = $2)
     ORDER BY id DESC LIMIT $3`,
    [filter.before ?? null, filter.action ?? null, filter.limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    at: row.at,
    accountId: row.account_id,
    keyId: row.key_id,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
  }));
}
