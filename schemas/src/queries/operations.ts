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

/** A projection version's states (projections/src/versions.ts). */
export type VersionState = 'requested' | 'building' | 'live' | 'retired' | 'failed';

/** One table of two versions compared (processors/README.md "Projection versions and rebuild"). */
export interface TableComparison {
  table: string;
  rowsA: number;
  rowsB: number;
  differingKeys: string[];
  /**
   * The version schema that lacks the table: a revision that adds tables is rebuilt beside a live
   * version built without them (processors/README.md "Upgrading a projection"). Never equal.
   */
  absentFrom?: string;
}

/** Pure: whether one compared table is the same in both versions (a table absent from one never is). */
export const tableEqual = (t: TableComparison): boolean =>
  t.absentFrom === undefined && t.rowsA === t.rowsB && t.differingKeys.length === 0;

/** Pure: whether a comparison found the two versions equal (the rebuild switches only then, unless told). */
export const versionsEqual = (comparison: readonly TableComparison[]): boolean =>
  comparison.every(tableEqual);

/** How far a build is, as the rebuild reports it at each tick (processors/src/rebuild/rebuild.ts). */
export interface RebuildProgress {
  state: 'building' | 'comparing' | 'switched' | 'built' | 'failed';
  recordsApplied: number;
  ratePerSecond: number;
  remainingLag: number;
  elapsedMs: number;
  comparison?: TableComparison[];
  /**
   * Partitions the build stopped waiting for (no batch at all came for 30 s: a broker gone, say)
   * and read on without: from there its order may differ from another build's of the same log
   * (processors/README.md "One order whatever the fetches"). Absent while there are none.
   */
  readOnWithout?: { partition: string; waitedMs: number; at: string }[];
}

/**
 * A projection version as `GET /ops/rebuild/{projection}` lists it, and the operator console shows
 * it: its progress as last stored (empty before the build's first report), with why it failed or
 * who cancelled it. `Time` is `Date` where query-api reads it and `string` (ISO 8601) in the console.
 */
export interface ListedVersion<Time = string> {
  projection: string;
  version: number;
  schemaName: string;
  consumerGroup: string;
  state: VersionState;
  progress: Partial<RebuildProgress> & { failure?: string; cancelledBy?: string; cancelledAt?: string };
  createdAt: Time;
  liveSince: Time | null;
  retiredAt: Time | null;
  /** The revision of the projection's declaration it was built with. */
  revision: number;
  /** Asked to switch when built even though it differs from the live version (an operator's rebuild). */
  acceptDifferences: boolean;
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

/** What `POST /ops/dead-letters/retry` answers (202): the letters now retrying, and those it left (already resolved, discarded, unknown). */
export type DeadLettersRetrying = { retrying: string[]; skipped: string[] };

/** What `POST /ops/dead-letters/discard` answers (202): the letters discarded, and those it left. */
export type DeadLettersDiscarded = { discarded: string[]; skipped: string[] };
