/**
 * What a lender answer says it reflects (query-api/README.md "Lender queries", "As of a moment"):
 * the freshness of the projection each read was made of, or, asked as of a moment, the records
 * replayed. query-api builds both (query-api/src/reads/respond.ts, asOf.ts); the lender console
 * shows them beside the answer.
 */

/** A read's `freshness`: the projection version that answered and how far it had applied the log. */
export interface Freshness {
  projection: string;
  version: number;
  /** When the projection last applied a record (null: nothing applied yet). */
  lastAppliedAt: string | null;
  /**
   * Records of the topics the projection reads that it has not applied yet, from the log's end
   * offsets as last measured (at most about a second old); null when query-api has no Kafka.
   */
  recordsBehind: number | null;
  /** On request (`?offsets=true`): the next offset per topic partition; everything below is in the answer. */
  offsets?: { topic: string; partition: number; nextOffset: string }[];
}

/**
 * The `asOf` member of an answer asked as of a moment: the moment, the records replayed, and the
 * last position replayed of each partition, named only of enterprises the caller is granted.
 */
export interface AsOfReflected {
  /** ISO 8601. */
  at: string;
  records: number;
  positions: { topic: string; partition: number; offset: string }[];
  /** Records replayed of enterprises the caller is not granted: counted, not named; absent when none. */
  undisclosedRecords?: number;
}
