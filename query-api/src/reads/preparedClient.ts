import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * A pg client that prepares every statement with parameters, named by its text (README
 * "Timeouts, pools, health, shutdown"): Postgres parses and plans each distinct statement once
 * per connection instead of once per request. Statement texts name their version's schema, so a
 * switched version gets statements of its own; statements without parameters (DDL, `SELECT 1`)
 * run unnamed as before.
 *
 * A prepared statement whose result columns changed under it (a migration, or a new revision's
 * tables, added a column to a table it reads with `*`, while this process runs: a rolling
 * upgrade) fails on every execution with "cached plan must not change result type". It is then
 * prepared again under a new name on this connection, and run again at once when it ran on its
 * own; inside a transaction that error aborts the transaction, so the caller's retry takes the
 * new statement.
 */
export class PreparingClient extends pg.Client {
  /** Per statement text, how often its prepared statement went stale on this connection. */
  readonly #stale = new Map<string, number>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query overloads, passed through
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const answer = this.#prepared(config, values);
      if (typeof callback !== 'function') return answer;
      answer.then(
        (result) => callback(undefined, result),
        (error: unknown) => callback(error),
      );
      return undefined;
    }
    return super.query(config, values, callback);
  }

  async #prepared(text: string, values: unknown[]): Promise<pg.QueryResult> {
    try {
      return await super.query({ name: this.#nameOf(text), text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.#stale.set(text, (this.#stale.get(text) ?? 0) + 1);
      // 'I': the failed statement was its own transaction, so nothing else was undone.
      if (this.getTransactionStatus() !== 'I') throw error;
      return await super.query({ name: this.#nameOf(text), text, values });
    }
  }

  #nameOf(text: string): string {
    const stale = this.#stale.get(text);
    return stale === undefined ? statementName(text) : `${statementName(text)}_${stale}`;
  }
}

/** SQLSTATE 0A000 with Postgres' words for a prepared statement whose result columns changed. */
const isStalePlan = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '0A000' &&
  String((error as { message?: unknown }).message).includes('cached plan must not change result type');

/**
 * A pool of preparing clients whose prepared statements each keep one generic plan, and no
 * parallel plans (a lender read is small; and a shared read's rows keep each read's order only
 * when the branches of its UNION ALL run one after the other: ./summarisedRead.ts). Postgres'
 * default (`plan_cache_mode` auto) plans a prepared statement again on every execution whenever
 * its generic plan's estimate looks worse than the custom plans' — which our reads' did, on
 * tables without statistics as much as with them (a link-node read: 0.25 ms of planning for
 * 0.08 ms of execution). Our statements filter by equality and ranges on indexed columns, which
 * a generic plan serves as well.
 */
export function createPreparingPool(config: Omit<pg.PoolConfig, 'Client'>): pg.Pool {
  return new pg.Pool({
    ...config,
    Client: PreparingClient,
    // Awaited before the pool hands the new client out (a 'connect' listener's statement would
    // still be running when the first one is sent).
    onConnect: async (client) => {
      await client.query('SET plan_cache_mode = force_generic_plan; SET max_parallel_workers_per_gather = 0');
    },
  });
}

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size > 5_000) names.clear();
    names.set(text, name);
  }
  return name;
}
