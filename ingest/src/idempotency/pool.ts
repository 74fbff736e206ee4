import pg from 'pg';

/**
 * The idempotency records' own pool. Its sessions commit without waiting for the WAL flush
 * (`synchronous_commit = off`, set per session so that a connection string's own `options`,
 * e.g. a search_path, still apply): other sessions see a committed reservation at once
 * (visibility is unchanged); only a Postgres crash can lose the last fraction of a second of
 * records, and a retry of one of those few submissions is then appended under a new document
 * id, as without a key. The records are a convenience for partners, not the truth (the log is).
 */
export function createIdempotencyPool(options: {
  connectionString: string;
  timeoutMs: number;
  onError: (error: Error) => void;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 4,
    connectionTimeoutMillis: options.timeoutMs,
    query_timeout: options.timeoutMs,
    // Awaited before the pool hands the new client out: a 'connect' listener's query would still
    // be running when the first statement is sent (two statements at once on one client).
    onConnect: async (client) => {
      await client.query('SET synchronous_commit = off');
    },
  });
  pool.on('error', options.onError);
  return pool;
}
