import type { ProjectionName } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { type DocumentTypeId, documentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import pg from 'pg';
import { createTestApiKeys, type TestKeySpec } from './apiKeys.ts';
import { createTestSchema, quietLogger, step, testServices, uniqueName } from './index.ts';
import { type IngestUnderTest, startIngestUnderTest } from './ingestUnderTest.ts';
import { dropPipelineState } from './pipelineTeardown.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from './projectionsUnderTest.ts';

/** A migrated Postgres schema of the test's own, a pool on it and the declared API keys. */
export interface TestDatabase<K extends string> {
  db: Awaited<ReturnType<typeof createTestSchema>>;
  pool: pg.Pool;
  keys: Record<K, string>;
}

export async function startTestDatabase<K extends string = never>(options: {
  prefix: string;
  poolSize?: number;
  keys?: Record<K, TestKeySpec>;
}): Promise<TestDatabase<K>> {
  const db = await step('test schema', () => createTestSchema(testServices().databaseUrl, options.prefix));
  await step('migrations', () => migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger }));
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: options.poolSize ?? 8 });
  const keys = await createTestApiKeys(pool, options.keys ?? ({} as Record<K, TestKeySpec>));
  return { db, pool, keys };
}

/**
 * Documents flowing in as in production: a test database, ingest on topics of the test's own and
 * the named projections (every one when none are named) running as processors' main runs them,
 * publishing their change events when given a changes topic. `stop` takes it all down and drops
 * what it left in Postgres and Kafka.
 */
export interface DocumentPipeline<K extends string> extends TestDatabase<K> {
  ingest: IngestUnderTest;
  projections: ProjectionsUnderTest;
  topicOf: (type: DocumentTypeId) => string;
  /** Every document type's topic, in the catalogue's order. */
  documentTopics: string[];
  stop(): Promise<void>;
}

export async function startDocumentPipeline<K extends string = never>(options: {
  prefix: string;
  poolSize?: number;
  keys?: Record<K, TestKeySpec>;
  projections?: readonly ProjectionName[];
  changesTopic?: string;
  /** Another Kafka than the shared stack's (a secured listener's test). */
  kafka?: { brokers: string[]; security?: KafkaSecurity };
}): Promise<DocumentPipeline<K>> {
  const services = testServices();
  const kafka = options.kafka ?? { brokers: services.kafkaBrokers };
  const database = await startTestDatabase(options);
  const { db, pool } = database;
  let ingest: IngestUnderTest | undefined;
  let projections: ProjectionsUnderTest | undefined;
  const stop = async () => {
    await projections?.stop();
    await ingest?.close();
    await dropPipelineState({ kafkaBrokers: kafka.brokers, changesTopic: options.changesTopic, pool, db });
  };
  try {
    const started = await step('ingest', () =>
      startIngestUnderTest({
        ...kafka,
        schemaRegistryUrl: services.schemaRegistryUrl,
        keysDatabaseUrl: db.databaseUrl,
        topicSuffix: uniqueName(options.prefix),
        logger: quietLogger,
      }),
    );
    ingest = started;
    const topicOf = (type: DocumentTypeId) => started.topicOf(documentType(type));
    projections = await step('projections', () =>
      startProjectionsUnderTest({
        ...kafka,
        schemaRegistryUrl: services.schemaRegistryUrl,
        pool,
        namespace: db.schema,
        topicOf,
        logger: quietLogger,
        clientId: `${options.prefix}-processors`,
        ...(options.projections ? { only: [...options.projections] } : {}),
        ...(options.changesTopic ? { changesTopic: options.changesTopic } : {}),
      }),
    );
    return {
      ...database,
      ingest: started,
      projections,
      topicOf,
      documentTopics: documentTypes.map((type) => started.topicOf(type)),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
