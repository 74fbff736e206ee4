import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * A pg client that prepares every statement with parameters, named by its text (README
 * "Pools"): Postgres parses and plans each distinct statement once per connection instead of
 * once per request. Statement texts name their version's schema, so a switched version gets
 * statements of its own; statements without parameters (DDL, `SELECT 1`) run unnamed as before.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query overloads, passed through
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      return super.query({ name: statementName(config), text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

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
