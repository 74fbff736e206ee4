import { createVersionTables, inTransaction, type ProjectionName } from '@tradelog/projections';
import pg from 'pg';
import { afterEach } from 'vitest';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import type { Projection } from '../runtime/projection.ts';

/**
 * Given/When/Then against real Postgres (house style §5): given these records, when the
 * projection has applied them (one transaction per record, as the runtime would), then these
 * rows. No Kafka: this checks the projection's load-reduce-save shell, not the consumer.
 */
export async function projectionTables(databaseUrl: string, projection: Projection) {
  const db = await createTestSchema(databaseUrl, 'gwt');
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
  const schema = db.schema;
  await createVersionTables(pool, projection.name as ProjectionName, schema);
  return {
    pool,
    schema,
    async given(events: readonly DocumentEvent[]): Promise<ChangeEvent[]> {
      const changes: ChangeEvent[] = [];
      for (const event of events)
        changes.push(...(await inTransaction(pool, (client) => projection.apply(client, schema, event))));
      return changes;
    },
    async rows<T = Record<string, unknown>>(sql: string): Promise<T[]> {
      return (await pool.query(sql.replaceAll('{schema}', `"${schema}"`))).rows as T[];
    },
    async drop() {
      await pool.end();
      await db.drop();
    },
  };
}

export type ProjectionTables = Awaited<ReturnType<typeof projectionTables>>;

/**
 * Fresh tables of one projection for each test of the calling `describe`, dropped after each
 * test (house style §6). Call it inside `describe`; each test calls the returned function once.
 */
export function projectionTablesPerTest(projection: Projection): () => Promise<ProjectionTables> {
  const services = testServices();
  let tables: ProjectionTables | undefined;
  afterEach(async () => {
    await tables?.drop();
    tables = undefined;
  });
  return async () => {
    tables = await projectionTables(services.databaseUrl, projection);
    return tables;
  };
}

/**
 * A seeded pseudo-random source (a linear congruential generator): `next(n)` is in [0, n), and
 * the same seed gives the same stream, so a failing seed can be replayed.
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}
