/**
 * Where a document came from: its record's headers and its place in the log. Processors build it
 * from a record (processors/src/documents/decode.ts) and every projected row keeps it
 * (ARCHITECTURE: "every projected row keeps the account and document that produced it"), so it is
 * declared here, with the log's contract, for both. A type rather than an interface: it is stored
 * as a JSON column, and an object type reads as a record of unknowns where JSON is expected.
 */
export type Provenance = {
  documentId: string;
  topic: string;
  partition: number;
  offset: string;
  partnerId: string;
  receivedAt: string;
  schemaId: number;
  contentSha256: string;
  /** The record key: the document's business key as ingest chose it. */
  recordKey: string | null;
  /** The submitting partner's single granted enterprise, from the header of records written before the grants header. */
  partnerEnterprise?: string;
};
