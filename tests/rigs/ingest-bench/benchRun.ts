import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import type { Logger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';
import pg from 'pg';

/**
 * A benchmark run's own, throwaway corner of the stack, shared by the ingest and pipeline
 * benchmarks: a Postgres schema named after the run (migrated: keys, checkpoints, projection
 * versions), partner keys that may submit for every enterprise (one unless asked for more), and the run's document topics
 * `<catalogue topic>.<run id>`; `cleanUp` removes the topics, their registry subjects and every
 * schema the run created.
 */
export interface BenchRun {
  runId: string;
  /** The database URL with the run's schema as search path. */
  databaseUrl: string;
  /** The first of `partnerKeys`. */
  partnerKey: string;
  partnerKeys: string[];
  cleanUp(extraTopics?: readonly string[]): Promise<void>;
}

export async function startBenchRun(options: {
  databaseUrl: string;
  kafkaBrokers: string[];
  schemaRegistryUrl: string;
  logger: Logger;
  /** How many partner keys to make (1 unless given). */
  partnerKeys?: number;
}): Promise<BenchRun> {
  const runId = `bench_${Date.now().toString(36)}`;
  await migrate(options.databaseUrl, { schema: runId, logger: options.logger });
  const runUrl = new URL(options.databaseUrl);
  runUrl.searchParams.set('options', `-c search_path="${runId}"`);
  const pool = new pg.Pool({ connectionString: runUrl.toString(), max: 1 });
  const partnerKeys: string[] = [];
  try {
    for (let index = 0; index < (options.partnerKeys ?? 1); index++) {
      const generated = generateApiKey();
      await createApiKey(pool, {
        id: randomUUID(),
        kind: 'partner',
        ownerId: index === 0 ? 'bench-partner' : `bench-partner-${index}`,
        ownerName: `Benchmark partner ${index + 1}`,
        // Submits for every enterprise of the generated documents (partner grants, ingest/README).
        enterprises: ['*'],
        keyPrefix: generated.prefix,
        keyHash: generated.hash,
        createdAt: new Date(),
      });
      partnerKeys.push(generated.key);
    }
  } finally {
    await pool.end();
  }
  return {
    runId,
    databaseUrl: runUrl.toString(),
    partnerKey: partnerKeys[0]!,
    partnerKeys,
    async cleanUp(extraTopics = []) {
      const topics = [...documentTypes.map((type) => `${type.topic}.${runId}`), ...extraTopics];
      const admin = createKafka({
        brokers: options.kafkaBrokers,
        clientId: 'bench-cleanup',
        logger: options.logger,
      }).admin();
      await admin.connect();
      const existing = new Set(await admin.listTopics());
      await admin.deleteTopics({ topics: topics.filter((topic) => existing.has(topic)) }).catch(() => {});
      await admin.disconnect();
      for (const topic of topics)
        await fetch(`${options.schemaRegistryUrl}/subjects/${encodeURIComponent(`${topic}-value`)}`, {
          method: 'DELETE',
        }).catch(() => {});
      const db = new pg.Client({ connectionString: options.databaseUrl });
      await db.connect();
      const { rows } = await db.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
        `${runId}%`,
      ]);
      for (const row of rows) await db.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
      await db.end();
    },
  };
}
