import { randomUUID } from 'node:crypto';
import type { ProjectionVersion } from '@tradelog/projections';
import { createDocumentIndexTables } from '@tradelog/projections/document-index/tables';
import { migrate } from '@tradelog/projections/migrate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../../../tests/harness/index.ts';
import { awaitAfter } from './readAfter.ts';

/**
 * `?after=<documentId>` on Postgres (README "Read your writes"): the document index's look-up and
 * the summary saying it holds the whole log are two reads, and the index may apply the document
 * between them.
 */
describe('?after= naming a document id, on Postgres', () => {
  let pool: pg.Pool;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let index: ProjectionVersion;
  beforeAll(async () => {
    // Migrated as `npm start` migrates (dead letters are looked at too), in a schema of its own.
    schema = await createTestSchema(testServices().databaseUrl, 'after');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    await createDocumentIndexTables(pool, schema.schema);
    index = {
      projection: 'document-index',
      version: 1,
      schemaName: schema.schema,
      consumerGroup: uniqueName('after-group'),
      state: 'live',
      progress: {},
      createdAt: new Date(),
      liveSince: new Date(),
      retiredAt: null,
      revision: 1,
      acceptDifferences: false,
    };
  });
  afterAll(async () => {
    await pool.end();
    await schema.drop();
  });

  const indexDocument = (documentId: string) =>
    pool.query(
      `INSERT INTO "${schema.schema}".documents (document_id, doc_type, enterprise, topic, partition, record_offset,
         record_key, partner_id, received_at, schema_id, content_sha256)
       VALUES ($1, 'pod', 'ENT1', 'tradelog.doc.pod.v1', 3, 7, 'k', 'p1', now(), 1, 'sha')`,
      [documentId],
    );
  const waitFor = (documentId: string, indexHasAll: () => Promise<boolean>) =>
    awaitAfter(pool, { raw: documentId, deadline: Date.now() + 2_000 }, index, {
      // The projection asked reads no document topic: once the record is found, it is answered.
      readsTopic: () => false,
      documentIndex: async () => index,
      indexHasAll,
      logEndOf: async () => undefined,
    });

  it('given a document the index applies between its look-up and the summary, when asked after it, then it is found, not AFTER_NOT_FOUND', async () => {
    const documentId = randomUUID();
    await expect(
      waitFor(documentId, async () => {
        await indexDocument(documentId);
        return true;
      }),
    ).resolves.toBe(true);
  });

  it('given an id the index does not hold once it holds every record, when asked after it, then 404 AFTER_NOT_FOUND at once', async () => {
    await expect(waitFor(randomUUID(), async () => true)).rejects.toMatchObject({
      code: 'AFTER_NOT_FOUND',
      status: 404,
    });
  });
});
