import { createVersionTables, inTransaction, type ProjectionName } from '@tradelog/projections';
import pg from 'pg';
import { createTestSchema } from '../../../tests/harness/index.ts';
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
