import {
  liveVersionSummary,
  type ProjectionName,
  slotParts,
  type VersionSummary,
} from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import type { Logger } from '@tradelog/schemas';
import { documentTypes, writerSchemaOf } from '@tradelog/schemas/documents/catalogue';
import { enterprisesNamedBy } from '@tradelog/schemas/documents/enterpriseFields';
import { createRegistryCodec, type RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import {
  bodySha256,
  encodeDocumentHeaders,
  newDocumentId,
  partnerGrantsStamp,
} from '@tradelog/schemas/kit/log/headers';
import { readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import type { Appended } from '@tradelog/schemas/kit/log/pendingAppends';
import { createLogProducer, type LogProducer } from '@tradelog/schemas/kit/log/producer';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { createTestSchema, uniqueName, waitFor, withKafkaAdmin } from '../../../tests/harness/index.ts';
import type { DocumentTypeId } from '../documents/event.ts';
import { projections } from '../projections.ts';
import type { RebuildOptions } from '../rebuild/options.ts';
import { rebuildProjection } from '../rebuild/rebuild.ts';
import {
  createProjectionConsumer,
  type ProjectionConsumer,
  type ProjectionConsumerOptions,
} from '../runtime/consumer.ts';
import { topicsRead } from '../runtime/projection.ts';

/**
 * An isolated piece of the real stack for one test file: a Postgres schema (migrated), topics
 * of its own per document type with their schemas registered, and a producer that appends
 * documents exactly the way ingest does (registry wire format, provenance headers, business key).
 */
export interface LogFixture {
  namespace: string;
  databaseUrl: string;
  pool: pg.Pool;
  codec: RegistryCodec;
  producer: LogProducer;
  topicOf: (type: DocumentTypeId) => string;
  topics: string[];
  changesTopic: string;
  append(
    type: DocumentTypeId,
    document: Record<string, unknown>,
    /** `grants`: the submitting account's, stamped as ingest does ('*' by default; null for none). */
    options?: { partnerId?: string; grants?: readonly string[] | null },
  ): Promise<Appended>;
  appendRaw(
    type: DocumentTypeId,
    value: Buffer,
    headers: Record<string, string>,
    key?: string,
  ): Promise<Appended>;
  /**
   * A live consumer of one projection version on these topics and this pool, not started;
   * `extra` overrides any option (brokers behind a proxy, a projection made to fail, a
   * capturing logger, the changes producer, `beforeCommit`).
   */
  projectionConsumer(
    name: ProjectionName,
    version: ProjectionConsumerOptions['version'],
    extra?: Partial<ProjectionConsumerOptions>,
  ): ProjectionConsumer;
  /** The operator's rebuild of a projection from these topics (`extra`: progress, freezing, a version to resume). */
  rebuild(name: ProjectionName, extra?: Partial<RebuildOptions>): ReturnType<typeof rebuildProjection>;
  /** What a reader's answer says of a version (query-api's freshness): against the log's ends and starts now. */
  summaryOf(version: Parameters<typeof liveVersionSummary>[1]): Promise<VersionSummary>;
  close(): Promise<void>;
}

export async function createLogFixture(
  services: { kafkaBrokers: string[]; schemaRegistryUrl: string; databaseUrl: string },
  logger: Logger,
  prefix = 'proc',
): Promise<LogFixture> {
  const db = await createTestSchema(services.databaseUrl, prefix);
  await migrate(db.databaseUrl, { schema: db.schema, logger });
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
  const base = uniqueName(`tradelog.${prefix}`);
  const topicOf = (type: DocumentTypeId) => `${base}.${type}`;
  const changesTopic = `${base}.changes`;
  const topics = documentTypes.map((type) => topicOf(type.id));
  await ensureTopics({
    brokers: services.kafkaBrokers,
    topics: [...topics.map((topic) => ({ topic, partitions: 2 })), { topic: changesTopic, partitions: 1 }],
    logger,
  });
  const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
  const schemaIds = new Map<DocumentTypeId, number>();
  for (const type of documentTypes)
    schemaIds.set(type.id, await codec.registerSchema(`${topicOf(type.id)}-value`, writerSchemaOf(type)));
  const producer = createLogProducer({
    brokers: services.kafkaBrokers,
    clientId: `${prefix}-fixture`,
    logger,
  });
  await producer.connect();
  await waitFor(() => producer.isReady(), { what: 'fixture producer ready' });
  const keyFieldOf = new Map(documentTypes.map((type) => [type.id, type.keyField]));

  return {
    namespace: db.schema,
    databaseUrl: db.databaseUrl,
    pool,
    codec,
    producer,
    topicOf,
    topics,
    changesTopic,
    append(type, document, options = {}) {
      const schemaId = schemaIds.get(type)!;
      const documentId = newDocumentId();
      const body = Buffer.from(JSON.stringify(document));
      return producer.append({
        topic: topicOf(type),
        key: String(document[keyFieldOf.get(type)!] ?? documentId),
        value: codec.encodeRaw(schemaId, body),
        headers: {
          ...encodeDocumentHeaders({
            documentId,
            partnerId: options.partnerId ?? 'partner-test',
            receivedAt: new Date().toISOString(),
            contentSha256: bodySha256(body),
            interfaceId: type,
            schemaId,
            requestId: documentId,
          }),
          ...(options.grants === null
            ? {}
            : partnerGrantsStamp(type, enterprisesNamedBy(type, document), options.grants ?? ['*'])),
        },
      });
    },
    appendRaw(type, value, headers, key = 'raw') {
      return producer.append({ topic: topicOf(type), key, value, headers });
    },
    projectionConsumer(name, version, extra = {}) {
      return createProjectionConsumer({
        brokers: services.kafkaBrokers,
        pool,
        codec,
        projection: projections[name],
        version,
        topics: topicsRead(projections[name], topicOf),
        live: true,
        logger,
        ...extra,
      });
    },
    rebuild(name, extra = {}) {
      return rebuildProjection({
        brokers: services.kafkaBrokers,
        pool,
        codec,
        projection: projections[name],
        topicOf,
        namespace: db.schema,
        logger,
        ...extra,
      });
    },
    async summaryOf(version) {
      const snapshot = await readLogSnapshot({ brokers: services.kafkaBrokers, topics, starts: true });
      const ends = [...snapshot.ends].map(([slot, end]) => ({
        ...slotParts(slot),
        end: String(end),
        topicId: snapshot.topicIds.get(slotParts(slot).topic),
        clusterId: snapshot.clusterId,
        start: String(snapshot.starts?.get(slot) ?? 0n),
      }));
      return liveVersionSummary(pool, version, ends);
    },
    async close() {
      await producer.disconnect();
      // The topics are the test's own: leave the broker's metadata as it was.
      await withKafkaAdmin(
        { brokers: services.kafkaBrokers, clientId: `${prefix}-fixture`, logger },
        (admin) => admin.deleteTopics({ topics: [...topics, changesTopic] }).catch(() => undefined),
      );
      const { rows } = await pool.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [
        `${db.schema}\\_%`,
      ]);
      for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
      await pool.end();
      await db.drop();
    },
  };
}
