/**
 * The operator's record browser answer (query-api/README.md "Record browser", `GET /ops/records`):
 * records where they are in the log, each value decoded with the schema it names in the registry
 * (the changes topic's with the change-event contract), or its bytes and why they did not decode. query-api builds it
 * (query-api/src/operations/records.ts); the operator console shows it, and a dead letter's
 * payload the same way.
 */

/** A record's value: decoded with its writer schema, or, when the value is the record's own fault, why not and its bytes. */
export interface DecodedValue {
  schemaId: number | null;
  schema: { id: string | null; title: string | null } | null;
  value: unknown;
  error: { code: string; message: string } | null;
  valueBase64?: string;
}

export interface BrowsedRecord extends DecodedValue {
  offset: string;
  timestamp: string;
  /** Printable UTF-8, else `base64:…`. */
  key: string | null;
  headers: Record<string, string | null>;
  valueBytes: number;
}

// A type, not an interface: query-api's answer senders take any record of members.
export type RecordPage = {
  topic: string;
  partition: number;
  logStartOffset: string;
  highWatermark: string;
  /** Where the next page starts: after the last record shown, else where this one asked. */
  nextOffset: string;
  dataList: BrowsedRecord[];
};
