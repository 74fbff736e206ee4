import type { DecodedValue } from './records.ts';

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

/**
 * A dead letter's states (processors/README.md "Dead letters"): `resolved`, applied by a retry;
 * `superseded`, a retry found every row it would replace already newer in log order. The dead
 * letter table (projections/src/deadLetters.ts) and the operator's list both take them from here.
 */
export const deadLetterStates = ['open', 'retrying', 'resolved', 'superseded', 'discarded'] as const;
export type DeadLetterState = (typeof deadLetterStates)[number];

/**
 * A dead letter as `GET /ops/dead-letters` lists it: where its record is, why it failed, its
 * key as text where it is text (else `base64:…`) and its value's size. `Time` is `Date` where
 * query-api builds it and `string` (ISO 8601) where the console reads its JSON.
 */
// Types, not interfaces: query-api's answer senders take any record of members.
export type ListedDeadLetter<Time = string> = {
  id: string;
  projection: string;
  consumerGroup: string;
  topic: string;
  partition: number;
  offset: string;
  recordKey: string | null;
  headers: Record<string, string>;
  errorCode: string;
  errorMessage: string;
  state: DeadLetterState;
  attempts: number;
  failedAt: Time;
  resolvedAt: Time | null;
  valueBytes: number;
};

/** One dead letter with its payload, decoded as the record browser decodes values (`GET /ops/dead-letters/{id}`). */
export type ViewedDeadLetter<Time = string> = ListedDeadLetter<Time> & { payload: DecodedValue };
