import { projections } from '@tradelog/processors/projections';
import { superviseLiveProjection } from '@tradelog/processors/runtime/supervisor';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import pg from 'pg';

/**
 * The processors side of the pipeline benchmark, in a process of its own (as `npm start` runs
 * them): every projection's live version, supervised as src/main.ts does, on the benchmark's
 * own topics (`<catalogue topic>.<run id>`) and tables (the run's Postgres schema). Prints
 * `READY` once every consumer started.
 */
const [runId, databaseUrl] = process.argv.slice(2);
if (!runId || !databaseUrl) {
  console.error('usage: pipeline-processors.ts <run-id> <database-url>');
  process.exit(2);
}
// Info: contention (deadlocks, serialization failures) is logged at info and counted by the bench.
const logger = createLogger({ service: 'pipeline-bench-processors' }, { level: 'info' });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 6 + Object.keys(projections).length * 2 });
pool.on('error', () => undefined);
const codec = createRegistryCodec({ url: process.env.SCHEMA_REGISTRY_URL ?? '' });
const topicOf = (type: string) => `${documentTypes.find((t) => t.id === type)!.topic}.${runId}`;
const supervisors = Object.values(projections).map((projection) =>
  superviseLiveProjection({
    brokers: (process.env.KAFKA_BROKERS ?? '').split(','),
    pool,
    codec,
    projection,
    topicOf,
    namespace: runId,
    logger,
  }),
);
for (const supervisor of supervisors) await supervisor.start();
console.log('READY');
process.once('SIGTERM', async () => {
  for (const supervisor of supervisors) await supervisor.stop();
  await pool.end();
  process.exit(0);
});
