/**
 * An entry of the operator audit as `GET /ops/audit` answers it (query-api/README.md "Operator
 * endpoints"; newest first): who asked for which change to the pipeline. query-api builds it from
 * the audit table (projections/src/operatorAudit.ts, which lists the actions); the operator
 * console shows it.
 */
export interface ShownAuditEntry {
  id: string;
  /** ISO 8601. */
  at: string;
  /** The caller's account and key; null for the command line. */
  accountId: string | null;
  keyId: string | null;
  /** Who, as a person reads it: the account's code, or `cli:<user>`. */
  actor: string;
  /** One of projections' `auditActions`. */
  action: string;
  subject: Record<string, unknown>;
}
