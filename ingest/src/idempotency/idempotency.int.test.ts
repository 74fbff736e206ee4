import { migrate } from '@tradelog/projections/migrate';
import { documentType } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { decodeDocumentHeaders } from '@tradelog/schemas/log/headers';
import { topicOffsets } from '@tradelog/schemas/log/topics';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../../../tests/harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../testing/ingestUnderTest.ts';
import { readTopics } from '../testing/readTopics.ts';
import { createIdempotency } from './idempotency.ts';
import { createIdempotencyPool } from './pool.ts';
import { findKey } from './store.ts';

/**
 * Idempotent submission against the real broker, registry and Postgres: a repeated
 * Idempotency-Key, or an identical body within the window, is answered with the first
 * answer and leaves one record in Kafka.
 */
const services = testServices();

let schema: Awaited<ReturnType<typeof createTestSchema>>;
let pool: pg.Pool;
let ingest: IngestUnderTest;
let partnerKey: string;
let otherPartnerKey: string;

const podPath = () => ingest.interfaces.find((intf) => intf.id === 'pod')!.path;

async function submitPod(
  entOrderNo: string,
  options: { idempotencyKey?: string; notes?: string; key?: string } = {},
) {
  const response = await fetch(`${ingest.url}${podPath()}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${options.key ?? partnerKey}`,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body: JSON.stringify({ ...examples.pod, entOrderNo, ...(options.notes ? { notes: options.notes } : {}) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed'),
  };
}

/** The pod records of these business keys: the topic read to its end offsets, so a duplicate cannot hide. */
async function podRecords(keys: readonly string[]) {
  const topic = ingest.topicOf(documentType('pod'));
  const ends = await topicOffsets({ brokers: services.kafkaBrokers, topics: [topic], logger: quietLogger });
  const count = [...ends.values()]
    .flat()
    .reduce((sum, p) => sum + Number(BigInt(p.end) - BigInt(p.start)), 0);
  const records = await readTopics({
    brokers: services.kafkaBrokers,
    topics: [topic],
    count,
    logger: quietLogger,
  });
  return records.filter((record) => keys.includes(record.key ?? ''));
}

beforeAll(async () => {
  schema = await createTestSchema(services.databaseUrl, 'ingest_idempotency');
  await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
  pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
  partnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'repeat-partner' })).key;
  otherPartnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'other-partner' })).key;
  ingest = await startIngestUnderTest({
    brokers: services.kafkaBrokers,
    schemaRegistryUrl: services.schemaRegistryUrl,
    keysDatabaseUrl: schema.databaseUrl,
    topicSuffix: uniqueName('idem'),
    logger: quietLogger,
  });
});

afterAll(async () => {
  await ingest?.close();
  await pool?.end();
  await schema?.drop();
});

describe('idempotent submission', () => {
  it('the same Idempotency-Key twice: one record in Kafka, the same documentId', async () => {
    const first = await submitPod('IDEM-1', { idempotencyKey: 'idem-1', notes: 'one' });
    const second = await submitPod('IDEM-1', { idempotencyKey: 'idem-1', notes: 'one' });
    expect(first).toMatchObject({ status: 200, replayed: null });
    expect(second).toMatchObject({ status: 200, replayed: 'true' });
    expect(second.body.documentId).toBe(first.body.documentId);

    // A new version of the document under a new key is appended.
    const next = await submitPod('IDEM-1', { idempotencyKey: 'idem-2', notes: 'two' });
    expect(next.body.documentId).not.toBe(first.body.documentId);

    const records = await podRecords(['IDEM-1']);
    expect(records.map((record) => decodeDocumentHeaders(record.headers).documentId)).toEqual([
      first.body.documentId,
      next.body.documentId,
    ]);
  });

  it('an identical body without a key within the window: one record', async () => {
    const first = await submitPod('IDEM-BODY');
    const again = await submitPod('IDEM-BODY');
    expect(first.status).toBe(200);
    expect(again).toMatchObject({
      status: 200,
      replayed: 'true',
      body: { documentId: first.body.documentId },
    });
    // Another partner sending the same body is another submission.
    const other = await submitPod('IDEM-BODY', { key: otherPartnerKey });
    expect(other).toMatchObject({ status: 200, replayed: null });
    expect(other.body.documentId).not.toBe(first.body.documentId);

    const records = await podRecords(['IDEM-BODY']);
    expect(records.map((record) => decodeDocumentHeaders(record.headers).documentId)).toEqual([
      first.body.documentId,
      other.body.documentId,
    ]);
  });

  it('the same key with another document is refused (422), and nothing is appended for it', async () => {
    expect((await submitPod('IDEM-REUSE', { idempotencyKey: 'reuse', notes: 'a' })).status).toBe(200);
    const reused = await submitPod('IDEM-REUSE', { idempotencyKey: 'reuse', notes: 'b' });
    expect(reused).toMatchObject({ status: 422, body: { flag: 'failure', code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(reused.body.message).toMatch(/Idempotency-Key/);
  });

  it('concurrent requests with one key: one record; the others get the same answer or 409 in progress', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => submitPod('IDEM-RACE', { idempotencyKey: 'race', notes: 'r' })),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(accepted.length + busy.length).toBe(answers.length);
    expect(new Set(accepted.map((answer) => answer.body.documentId)).size).toBe(1);
    for (const answer of busy) expect(answer.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    // One more after they settled: the first answer.
    const after = await submitPod('IDEM-RACE', { idempotencyKey: 'race', notes: 'r' });
    expect(after.body.documentId).toBe(accepted[0]!.body.documentId);
    const records = await podRecords(['IDEM-RACE']);
    expect(records).toHaveLength(1);
  });

  it('refuses a malformed Idempotency-Key with a bilingual 400', async () => {
    const answer = await submitPod('IDEM-BAD', { idempotencyKey: 'x'.repeat(300) });
    expect(answer).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_INVALID' } });
    expect(answer.body.message).toMatch(/Idempotency-Key 必须是/);
  });
});

describe('the idempotency pool', () => {
  it('commits without waiting for the WAL flush, in the connection string’s own schema', async () => {
    const idempotencyDb = createIdempotencyPool({
      connectionString: schema.databaseUrl,
      timeoutMs: 2_000,
    });
    try {
      const { rows } = await idempotencyDb.query<{ commit: string; schema: string }>(
        "SELECT current_setting('synchronous_commit') AS commit, current_schema() AS schema",
      );
      expect(rows[0]).toEqual({ commit: 'off', schema: schema.schema });
    } finally {
      await idempotencyDb.end();
    }
  });
});

describe('the outcome, recorded after the answer', () => {
  it('is waited for by a retry on the same instance, and is in the store once settled', async () => {
    const idempotencyDb = createIdempotencyPool({
      connectionString: schema.databaseUrl,
      timeoutMs: 2_000,
    });
    // The real store, its outcome statement held back a moment (a busy database): the retry
    // below then certainly arrives while the outcome is still on its way.
    const slowOutcomes = {
      query: (async (config: string | pg.QueryConfig, values?: unknown[]) => {
        if (typeof config === 'object' && config.name === 'ingest-settle-keys')
          await new Promise((resolve) => setTimeout(resolve, 300));
        return idempotencyDb.query(config, values);
      }) as unknown as pg.Pool['query'],
    };
    const idempotency = createIdempotency({
      db: slowOutcomes,
      now: () => new Date(),
      logger: quietLogger,
      keyTtlMs: 60_000,
      duplicateWindowMs: 60_000,
      staleAfterMs: 60_000,
    });
    const request = {
      partnerId: 'outcome-partner',
      interfaceId: 'pod',
      idempotencyKey: uniqueName('outcome'),
      bodySha256: 'sha256:abc',
    };
    try {
      const first = await idempotency.claim({ ...request, newDocumentId: 'doc-first' });
      expect(first).toMatchObject({ kind: 'append', documentId: 'doc-first', guarded: true });
      first.settle('acknowledged'); // returns at once: the answer does not wait for the store
      // The retry arrives while the outcome is on its way: it waits for it, so it is answered
      // with the first document id, not 409 in progress.
      const retry = await idempotency.claim({ ...request, newDocumentId: 'doc-second' });
      expect(retry).toMatchObject({ kind: 'replay', documentId: 'doc-first' });
      await idempotency.settled();
      const scope = {
        partnerId: request.partnerId,
        interfaceId: 'pod',
        key: `key:${request.idempotencyKey}`,
      };
      expect(await findKey(idempotencyDb, scope)).toMatchObject({ state: 'done', documentId: 'doc-first' });
    } finally {
      await idempotency.settled();
      await idempotencyDb.end();
    }
  });
});
