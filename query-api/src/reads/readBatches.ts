import type { Queryable, VersionSummary } from '@tradelog/projections';
import {
  type FirstStatements,
  type LogEnds,
  type Row,
  type Statement,
  type SummarisedVersion,
  splitSummarisedRows,
  summarisedStatement,
} from './summarisedRead.ts';

/**
 * Reads that miss the result cache share statements (README "Read caches"): the first statements
 * of concurrent reads of one text (one query kind on one version) that arrive while `inFlight`
 * such statements run wait for one to end and then go together, with the version's summary, in
 * one statement (./summarisedRead.ts), as the version checks do (./nextRound.ts). A lender
 * query that reads pays for Postgres' statement, the round trip and the socket writes once per
 * batch instead of once per request. Every read still runs in a statement that started after it
 * arrived, and its rows and its freshness still come from one snapshot.
 *
 * A shared statement that fails is run again read by read, so one read's fault (a value Postgres
 * refuses) is only that read's.
 *
 * Batches are of 1, 2, 4, 8, 16 or 32 reads: each size is a statement text of its own, prepared
 * on every connection (./preparedClient.ts), so a few sizes keep what each connection holds small.
 */
export function createReadBatches(
  pool: Queryable,
  options: { maxReads?: number; inFlight?: number } = {},
): FirstStatements {
  const maxReads = batchSize(options.maxReads ?? 32, Number.POSITIVE_INFINITY);
  // Two: a batch is being formed while one runs, and a lone read never waits for another's.
  const inFlight = options.inFlight ?? 2;
  const lines = new Map<string, Line>();

  interface Waiting {
    values: unknown[];
    version: SummarisedVersion;
    logEnds: LogEnds;
    resolve: (answer: { summary: VersionSummary; rows: Row[] }) => void;
    reject: (error: unknown) => void;
  }
  /** Per text and version: the statements in flight, and the reads waiting for the next. */
  interface Line {
    running: number;
    waiting: Waiting[];
  }

  async function run(text: string, reads: readonly Waiting[]): Promise<void> {
    // The freshest log ends among the reads (they are refreshed in the background).
    const { version, logEnds } = reads[reads.length - 1]!;
    try {
      const statement = summarisedStatement(
        text,
        reads.map((read) => read.values),
        version,
        logEnds,
      );
      const { rows } = await pool.query(statement.text, statement.values);
      const { summary, items } = splitSummarisedRows(rows, reads.length);
      for (const [i, read] of reads.entries()) read.resolve({ summary, rows: items[i]! });
    } catch (error) {
      if (reads.length === 1) return reads[0]!.reject(error);
      await Promise.all(reads.map((read) => run(text, [read])));
    }
  }

  function launch(key: string, text: string, line: Line): void {
    while (line.running < inFlight && line.waiting.length > 0) {
      line.running++;
      const reads = line.waiting.splice(0, batchSize(line.waiting.length, maxReads));
      void run(text, reads).finally(() => {
        line.running--;
        if (line.running === 0 && line.waiting.length === 0) lines.delete(key);
        else launch(key, text, line);
      });
    }
  }

  return (statement: Statement, version: SummarisedVersion, logEnds: LogEnds) =>
    new Promise((resolve, reject) => {
      const key = `${version.projection}\u0000${version.version}\u0000${statement.text}`;
      let line = lines.get(key);
      if (!line) {
        line = { running: 0, waiting: [] };
        lines.set(key, line);
      }
      line.waiting.push({ values: statement.values, version, logEnds, resolve, reject });
      launch(key, statement.text, line);
    });
}

/** The largest power of two no greater than `waiting` and `max` (at least 1). */
export function batchSize(waiting: number, max: number): number {
  let size = 1;
  while (size * 2 <= waiting && size * 2 <= max) size *= 2;
  return size;
}
