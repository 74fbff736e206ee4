import type pg from 'pg';
import { withKafkaAdmin } from './index.ts';

/**
 * What a pipeline suite (ingest, projections, push service and query-api on one test schema)
 * leaves behind, removed: its changes topic (ingest under test deletes the topics it made), every
 * projection version's schema under the test schema, the push queue's schema, the pool, the
 * test schema itself.
 */
export async function dropPipelineState(options: {
  kafkaBrokers: string[];
  changesTopic?: string;
  pool: pg.Pool | undefined;
  db: { schema: string; drop(): Promise<void> } | undefined;
  bossSchema?: string;
}): Promise<void> {
  if (options.changesTopic) {
    const topics = [options.changesTopic];
    await withKafkaAdmin({ brokers: options.kafkaBrokers, clientId: 'pipeline-teardown' }, (admin) =>
      admin.deleteTopics({ topics }).catch(() => undefined),
    );
  }
  const { pool, db } = options;
  if (pool && db) {
    const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
      `${db.schema}\\_%`,
    ]);
    for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
  }
  if (pool) {
    if (options.bossSchema) await pool.query(`DROP SCHEMA IF EXISTS "${options.bossSchema}" CASCADE`);
    await pool.end();
  }
  await db?.drop();
}
