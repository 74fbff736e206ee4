import type { DeadLetterState } from './operations.ts';

/**
 * The partner tools' answers (query-api README "Partner tools"): a partner's recent submissions
 * (`GET /documents`) and one submission looked up (`GET /documents/{documentId}`): its place in
 * the log and its state in every projection that reads its type. query-api builds them
 * (query-api/src/documents/router.ts, status.ts) and the partner console shows them.
 */

/** A submission as the document index recorded it. */
export interface SubmittedDocument {
  documentId: string;
  type: string;
  enterprise: string | null;
  partnerId: string;
  receivedAt: string;
}

// Types, not interfaces: query-api's answer senders take any record of members.
export type SubmittedDocumentsPage = {
  dataList: SubmittedDocument[];
  /** The cursor of the next page (`?before=`), null on the last. */
  next: string | null;
};

/**
 * `dead-lettered`: the projection could not apply it; `applied`: its live version has
 * checkpointed past the record; `pending`: not yet; `log-replaced`: its live version was built
 * from another log (a new cluster, a recreated topic) and applies nothing until an operator
 * rebuilds it from this one (processors/README.md "When the log was replaced").
 */
export type ProjectionState = 'applied' | 'pending' | 'dead-lettered' | 'log-replaced';

export interface ShownDeadLetter {
  id: string;
  projection: string;
  errorCode: string;
  errorMessage: string;
  state: DeadLetterState;
  attempts: number;
  failedAt: string;
  resolvedAt: string | null;
}

export interface ProjectionStatus {
  projection: string;
  state: ProjectionState;
  /** The projection's dead letter of this record, whatever its state (a resolved one too). */
  deadLetter?: ShownDeadLetter;
}

/**
 * One submission looked up. A document the index has not recorded (it could not apply it, or
 * has not yet) is told from its dead letters: its partner and time may then be unknown.
 */
export type DocumentLookUp = {
  document: Omit<SubmittedDocument, 'partnerId' | 'receivedAt'> & {
    partnerId: string | null;
    receivedAt: string | null;
    indexed: boolean;
    topic: string;
    partition: number;
    offset: string;
  };
  projections: ProjectionStatus[];
  deadLetters: ShownDeadLetter[];
};
