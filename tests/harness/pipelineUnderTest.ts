import type { AddressInfo } from 'node:net';
import type { ProjectionName } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { type DocumentTypeId, documentType } from '@tradelog/schemas/documents/catalogue';
import type { KafkaSecurity } from '@tradelog/schemas/log/kafkaSecurity';
import pg from 'pg';
import { createApp } from '../../query-api/src/app.ts';
import { noSmsSender } from '../../query-api/src/content/smsSenders.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { createTestApiKey } from './apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from './index.ts';
import { type IngestUnderTest, startIngestUnderTest } from './ingestUnderTest.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from './projectionsUnderTest.ts';

/**
 * The pipeline a cross-service test drives, in one call: a migrated Postgres schema of the
 * test's own, API keys, ingest on topics of its own, the named projections running as the
 * processors run them, and the real query-api app (bounded bodies, the one error middleware)
 * serving the lender routes on a loopback port. `close` takes it all down again.
 */
export interface PipelineUnderTest {
  db: Awaited<ReturnType<typeof createTestSchema>>;
  pool: pg.Pool;
  ingest: IngestUnderTest;
  projections: ProjectionsUnderTest;
  queryUrl: string;
  keys: Record<string, string>;
  topicOf: (type: DocumentTypeId) => string;
  close(): Promise<void>;
}

export async function startPipelineUnderTest(options: {
  prefix: string;
  /** Another Kafka than the shared stack's (a secured listener's test). */
  kafka?: { brokers: string[]; security?: KafkaSecurity };
  projections: readonly ProjectionName[];
  keys: Record<
    string,
    {
      kind: 'partner' | 'lender' | 'operator';
      enterprises: string[];
      feeds?: readonly string[];
      /** The account's name; its code by default. */
      name?: string;
    }
  >;
}): Promise<PipelineUnderTest> {
  const services = testServices();
  const kafka = options.kafka ?? { brokers: services.kafkaBrokers };
  const db = await createTestSchema(services.databaseUrl, options.prefix);
  await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
  const keys: Record<string, string> = {};
  for (const [name, key] of Object.entries(options.keys))
    keys[name] = (
      await createTestApiKey(pool, key.kind, {
        ownerId: uniqueName(key.kind),
        ...(key.name === undefined ? {} : { ownerName: key.name }),
        enterprises: key.enterprises,
        ...(key.feeds === undefined ? {} : { feeds: key.feeds }),
      })
    ).key;
  const ingest = await startIngestUnderTest({
    ...kafka,
    schemaRegistryUrl: services.schemaRegistryUrl,
    keysDatabaseUrl: db.databaseUrl,
    topicSuffix: uniqueName(options.prefix),
    logger: quietLogger,
  });
  const topicOf = (type: DocumentTypeId) => ingest.topicOf(documentType(type));
  const projections = await startProjectionsUnderTest({
    ...kafka,
    schemaRegistryUrl: services.schemaRegistryUrl,
    pool,
    namespace: db.schema,
    topicOf,
    logger: quietLogger,
    clientId: `${options.prefix}-processors`,
    only: [...options.projections],
  });
  const app = createApp({
    logger: quietLogger,
    content: {
      pool,
      clock: { now: () => Date.now() },
      logger: quietLogger,
      product: 'tradelog',
      sendSms: noSmsSender,
    },
    routers: [createProjectionRoutes({ pool, namespace: db.schema })],
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    db,
    pool,
    ingest,
    projections,
    queryUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keys,
    topicOf,
    async close() {
      await projections.stop();
      server.close();
      await ingest.close();
      const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
        `${db.schema}\\_%`,
      ]);
      for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
      await pool.end();
      await db.drop();
    },
  };
}
