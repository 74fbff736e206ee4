import { createVersionTables, inTransaction, type ProjectionName } from '@tradelog/projections';
import pg from 'pg';
import { afterEach } from 'vitest';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import type { Projection } from '../runtime/projection.ts';
import { statementQueue } from '../runtime/statementQueue.ts';

/**
 * Given/When/Then against real Postgres (house style §5): given these records, when the
 * projection has applied them in batches (one transaction per batch, as the runtime would),
 * then these rows. No Kafka: this checks the projection's load-fold-save batch shell, not the
 * consumer. Batches are one record each unless `batchSize` says otherwise (a number, or a
 * function drawing each batch's size, e.g. from a seeded random source).
 */
export async function projectionTables(databaseUrl: string, projection: Projection) {
  const db = await createTestSchema(databaseUrl, 'gwt');
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
  const schema = db.schema;
  await createVersionTables(pool, projection.declaration.name as ProjectionName, schema);
  return {
    pool,
    schema,
    async given(
      events: readonly DocumentEvent[],
      batchSize: number | (() => number) = 1,
    ): Promise<ChangeEvent[]> {
      const changes: ChangeEvent[] = [];
      for (let at = 0; at < events.length; ) {
        const size = Math.max(1, typeof batchSize === 'number' ? batchSize : batchSize());
        const batch = events.slice(at, at + size);
        at += size;
        changes.push(
          ...(
            await inTransaction(pool, (client) =>
              projection.applyBatch(statementQueue(client), schema, batch),
            )
          ).changes,
        );
      }
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

/** Batch sizes from 1 to 40 drawn from a seeded source: the batch shells must not depend on where batches end. */
export function batchSizes(seed: number): () => number {
  const next = seededRandom(seed * 31 + 1);
  return () => 1 + next(40);
}
