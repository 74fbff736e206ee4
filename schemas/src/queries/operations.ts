/**
 * Answers of the operator endpoints (query-api/README.md "Operator endpoints") that query-api
 * builds (query-api/src/operations/router.ts) and the operator console shows.
 */

/** A declared projection as `GET /ops/projections` lists it (projections/src/catalogue.ts). */
export interface ListedProjection {
  name: string;
  title: { cn: string; en: string };
  /** The document and feed types whose topics it reads. */
  reads: readonly string[];
  /** The change-event kinds it publishes to the changes topic. */
  changeKinds: readonly string[];
}

/**
 * An entry of the operator audit as `GET /ops/audit` answers it (newest first): who asked for
 * which change to the pipeline, from the audit table (projections/src/operatorAudit.ts, which
 * lists the actions).
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
