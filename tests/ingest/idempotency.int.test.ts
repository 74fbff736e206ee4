import { migrate } from '@tradelog/projections/migrate';
import { type DocumentTypeId, documentType } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { bodySha256, decodeDocumentHeaders } from '@tradelog/schemas/kit/log/headers';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpired } from '../../ingest/src/idempotency/expiry.ts';
import { createIdempotency } from '../../ingest/src/idempotency/idempotency.ts';
import { createIdempotencyPool } from '../../ingest/src/idempotency/pool.ts';
import { findKey } from '../../ingest/src/idempotency/store.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import {
  createTestSchema,
  quietLogger,
  testServices,
  uniqueName,
  waitFor,
  withKafkaAdmin,
} from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { readTopics } from '../harness/readTopics.ts';

/**
 * Idempotent submission against the real broker, registry and Postgres: a repeated
 * Idempotency-Key is answered with the first answer and leaves one record in Kafka; without a
 * key every request is a new submission, and nothing is written to the database for it.
 */
const services = testServices();

let schema: Awaited<ReturnType<typeof createTestSchema>>;
let pool: pg.Pool;
let ingest: IngestUnderTest;
let partnerKey: string;

const podPath = () => ingest.interfaces.find((intf) => intf.id === 'pod')!.path;

async function submitPod(
  entOrderNo: string,
  options: { idempotencyKey?: string; notes?: string; reserialised?: boolean } = {},
) {
  const document = { ...examples.pod, entOrderNo, ...(options.notes ? { notes: options.notes } : {}) };
  // The same document serialised again, as a client retrying from its own model may: keys in
  // reverse order, indented.
  const body = options.reserialised
    ? JSON.stringify(Object.fromEntries(Object.entries(document).reverse()), null, 2)
    : JSON.stringify(document);
  const response = await fetch(`${ingest.url}${podPath()}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${partnerKey}`,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed'),
  };
}

/** The records of these business keys: the type's topic read to its end offsets, so a duplicate cannot hide. */
async function recordsOf(type: DocumentTypeId, keys: readonly string[]) {
  const topic = ingest.topicOf(documentType(type));
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

const podRecords = (keys: readonly string[]) => recordsOf('pod', keys);

/** The idempotency records a partner has (ingest's own table). */
async function keyRowsOf(partnerId: string): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    'SELECT count(*) FROM ingest_idempotency WHERE partner_id = $1',
    [partnerId],
  );
  return Number(rows[0]!.count);
}

async function submitDocument(type: DocumentTypeId, document: object) {
  const path = ingest.interfaces.find((intf) => intf.id === type)!.path;
  const response = await fetch(`${ingest.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
    body: JSON.stringify(document),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed'),
  };
}

beforeAll(async () => {
  schema = await createTestSchema(services.databaseUrl, 'ingest_idempotency');
  await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
  pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
  partnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'repeat-partner' })).key;
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
    // Answered as the first was: its position in the log too (for `?after=`).
    expect(second.body.position).toMatch(/^[\w.-]+:\d+:\d+$/);
    expect(second.body.position).toBe(first.body.position);

    // A new version of the document under a new key is appended.
    const next = await submitPod('IDEM-1', { idempotencyKey: 'idem-2', notes: 'two' });
    expect(next.body.documentId).not.toBe(first.body.documentId);

    const records = await podRecords(['IDEM-1']);
    expect(records.map((record) => decodeDocumentHeaders(record.headers).documentId)).toEqual([
      first.body.documentId,
      next.body.documentId,
    ]);
  });

  it('a retry that serialised the same document again is a repeat; its content hash is of the first bytes', async () => {
    const first = await submitPod('IDEM-RESERIALISED', { idempotencyKey: 'reserialised' });
    const retry = await submitPod('IDEM-RESERIALISED', {
      idempotencyKey: 'reserialised',
      reserialised: true,
    });
    expect(retry).toMatchObject({
      status: 200,
      replayed: 'true',
      body: { documentId: first.body.documentId },
    });
    const records = await podRecords(['IDEM-RESERIALISED']);
    expect(records).toHaveLength(1);
    const headers = decodeDocumentHeaders(records[0]!.headers);
    expect(headers.contentSha256).toBe(bodySha256(records[0]!.value!.subarray(5)));
  });

  it('without a key, a status sent A → B → A is appended three times, in order, and ends at A', async () => {
    const rowsBefore = await keyRowsOf('repeat-partner');
    const submit = (orderStatus: string) =>
      submitDocument('saleOrderToB', { ...examples.saleOrderToB, entOrderNo: 'IDEM-ABA', orderStatus });
    const answers = [];
    for (const orderStatus of ['10', '20', '10']) answers.push(await submit(orderStatus));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, replayed: null });
    expect(new Set(answers.map((answer) => answer.body.documentId)).size).toBe(3);

    const records = await recordsOf('saleOrderToB', ['IDEM-ABA']);
    expect(records.map((record) => decodeDocumentHeaders(record.headers).documentId)).toEqual(
      answers.map((answer) => answer.body.documentId),
    );
    expect(records.map((record) => JSON.parse(record.value!.subarray(5).toString()).orderStatus)).toEqual([
      '10',
      '20',
      '10',
    ]);
    // Nothing was written for them: a keyless submission touches no database.
    expect(await keyRowsOf('repeat-partner')).toBe(rowsBefore);
  });

  it('without a key, an identical body sent twice is two submissions', async () => {
    const first = await submitPod('IDEM-BODY');
    const again = await submitPod('IDEM-BODY');
    expect(first).toMatchObject({ status: 200, replayed: null });
    expect(again).toMatchObject({ status: 200, replayed: null });
    expect(again.body.documentId).not.toBe(first.body.documentId);
    const records = await podRecords(['IDEM-BODY']);
    expect(records.map((record) => decodeDocumentHeaders(record.headers).documentId)).toEqual([
      first.body.documentId,
      again.body.documentId,
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

  // Last of these: it replaces the pod topic under the running ingest.
  it('a repeat after the log lost the first record is appended again under its first documentId, not answered "accepted"', async () => {
    const first = await submitPod('IDEM-LOST', { idempotencyKey: 'lost', notes: 'l' });
    expect(first).toMatchObject({ status: 200, replayed: null });
    const scope = { partnerId: 'repeat-partner', interfaceId: 'pod', key: 'key:lost' };
    const kept = await waitFor(async () => (await findKey(pool, scope))?.place, {
      what: 'the first record’s place kept with its key',
    });
    expect(kept).toMatchObject({ topic: ingest.topicOf(documentType('pod')), offset: expect.any(BigInt) });
    expect(kept.clusterId).toEqual(expect.any(String));

    // The log replaced, as a reset or a move to another cluster does: the topic deleted and
    // created again (a new topic id, empty partitions).
    const topic = ingest.topicOf(documentType('pod'));
    await withKafkaAdmin({ brokers: services.kafkaBrokers, clientId: 'idem-replace' }, async (admin) => {
      const [before] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      await admin.deleteTopics({ topics: [topic] });
      await waitFor(async () => !(await admin.listTopics()).includes(topic), { what: 'topic deleted' });
      await admin.createTopics({
        topics: [{ topic, numPartitions: before!.partitions.length }],
        waitForLeaders: true,
      });
    });

    const retry = await submitPod('IDEM-LOST', { idempotencyKey: 'lost', notes: 'l' });
    expect(retry).toMatchObject({ status: 200, replayed: null });
    expect(retry.body.documentId).toBe(first.body.documentId);
    const records = await podRecords(['IDEM-LOST']);
    expect(records.map((record) => decodeDocumentHeaders(record.headers).documentId)).toEqual([
      first.body.documentId,
    ]);

    // Held by the log as it is now: a further repeat is one again, and appends nothing.
    await waitFor(async () => (await findKey(pool, scope))?.state === 'done', { what: 'the retry settled' });
    const again = await submitPod('IDEM-LOST', { idempotencyKey: 'lost', notes: 'l' });
    expect(again).toMatchObject({ status: 200, replayed: 'true' });
    expect(again.body.documentId).toBe(first.body.documentId);
    expect(again.body.position).toBe(retry.body.position);
    expect(await podRecords(['IDEM-LOST'])).toHaveLength(1);
  }, 60_000);
});

describe('expired records', () => {
  it('are deleted batch after batch until none is left, never a live one', async () => {
    const insert = (partner: string, count: number, expiresAt: string) =>
      pool.query(
        `INSERT INTO ingest_idempotency
           (partner_id, interface_id, idempotency_key, body_sha256, document_id, state, reserved_at, expires_at)
         SELECT $1, 'pod', 'key:' || n, 'h', 'd' || n, 'done', now(), $3::timestamptz
           FROM generate_series(1, $2) AS n`,
        [partner, count, expiresAt],
      );
    await insert('expired-partner', 25_001, '2000-01-01T00:00:00Z');
    await insert('live-partner', 3, '2999-01-01T00:00:00Z');
    // More than one batch a round: a partner keying every document adds more than 10,000 a minute.
    expect(await deleteExpired(pool, new Date(), 10_000, 2)).toBe(20_000);
    expect(await deleteExpired(pool, new Date(), 10_000)).toBe(5_001);
    expect([await keyRowsOf('expired-partner'), await keyRowsOf('live-partner')]).toEqual([0, 3]);
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
      first.settle('acknowledged', { topic: 'pods', partition: 0, offset: '0' }); // returns at once: the answer does not wait for the store
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

  it('a repeat the log cannot be asked about is a retriable 503, never a new document appended unchecked', async () => {
    const idempotencyDb = createIdempotencyPool({ connectionString: schema.databaseUrl, timeoutMs: 2_000 });
    let kafkaAway = false;
    const idempotency = createIdempotency({
      db: idempotencyDb,
      now: () => new Date(),
      logger: quietLogger,
      keyTtlMs: 60_000,
      staleAfterMs: 60_000,
      log: {
        placeOf: async ({ topic, partition, offset }) => ({
          clusterId: 'c1',
          topicId: 't1',
          topic,
          partition,
          offset: BigInt(offset),
        }),
        holds: async () => {
          if (kafkaAway) throw new Error('no broker answers');
          return true;
        },
      },
    });
    const request = {
      partnerId: 'unconfirmed-partner',
      interfaceId: 'pod',
      idempotencyKey: uniqueName('unconfirmed'),
      bodySha256: 'sha256:def',
    };
    try {
      const first = await idempotency.claim({ ...request, newDocumentId: 'doc-first' });
      first.settle('acknowledged', { topic: 'pods', partition: 0, offset: '5' });
      await idempotency.settled();
      expect(await idempotency.claim({ ...request, newDocumentId: 'doc-2' })).toMatchObject({
        kind: 'replay',
        documentId: 'doc-first',
      });
      kafkaAway = true;
      await expect(idempotency.claim({ ...request, newDocumentId: 'doc-3' })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_UNCONFIRMED',
        status: 503,
        retriable: true,
      });
    } finally {
      await idempotency.settled();
      await idempotencyDb.end();
    }
  });
});
