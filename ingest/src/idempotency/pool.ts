import pg from 'pg';

/**
 * The idempotency records' own pool. Its sessions commit without waiting for the WAL flush
 * (`synchronous_commit = off`): other sessions see a committed reservation at once (visibility
 * is unchanged); only a Postgres crash can lose the last fraction of a second of records, and a
 * retry of one of those few submissions is then appended under a new document id, as without a
 * key. The records are a convenience for partners, not the truth (the log is).
 */
export function createIdempotencyPool(options: {
  connectionString: string;
  timeoutMs: number;
  max?: number;
}): pg.Pool {
  return new pg.Pool({
    connectionString: withAsyncCommit(options.connectionString),
    max: options.max ?? 4,
    connectionTimeoutMillis: options.timeoutMs,
    query_timeout: options.timeoutMs,
  });
}

/**
 * The connection string with `synchronous_commit=off` among its session's startup options, after
 * the string's own (a search_path, say). A `SET` on each new connection instead raced the pool's
 * first query on it (pg warns, and pg 9 refuses a query while another runs).
 */
export function withAsyncCommit(connectionString: string): string {
  const url = new URL(connectionString);
  const own = url.searchParams.get('options');
  url.searchParams.set('options', own ? `${own} -c synchronous_commit=off` : '-c synchronous_commit=off');
  return url.toString();
}
