import { revokeApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { bodySha256, decodeDocumentHeaders } from '@tradelog/schemas/kit/log/headers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessKeyOf } from '../../ingest/src/intake/examine.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { readTopics } from '../harness/readTopics.ts';

/**
 * The submission interfaces end to end against the real broker, registry and Postgres: each of
 * the 14 documents goes in over HTTP and comes back out of Kafka byte for byte; every rule
 * class of submission spec §5 and every transport error is refused with the right code.
 */
const services = testServices();
const suffix = uniqueName('ingest');
const bodyLimitBytes = 64 * 1024;

let schema: Awaited<ReturnType<typeof createTestSchema>>;
let pool: pg.Pool;
let ingest: IngestUnderTest;
const keys: Record<'partner' | 'revoked' | 'lender', string> = { partner: '', revoked: '', lender: '' };

const addKey = (kind: 'partner' | 'lender', ownerId: string) =>
  createTestApiKey(pool, kind, { ownerId, ...(kind === 'lender' ? { enterprises: ['E1'] } : {}) });

const pathOf = (id: string) => ingest.interfaces.find((intf) => intf.id === id)!.path;

async function submit(
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${ingest.url}${pathOf(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}`, ...headers },
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const example = (id: string) =>
  structuredClone(examples[id as keyof typeof examples]) as unknown as Record<string, unknown>;

beforeAll(async () => {
  schema = await createTestSchema(services.databaseUrl, 'ingest');
  await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
  pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
  keys.partner = (await addKey('partner', 'acme-logistics')).key;
  const revoked = await addKey('partner', 'old-partner');
  await revokeApiKey(pool, revoked.id, new Date());
  keys.revoked = revoked.key;
  keys.lender = (await addKey('lender', 'first-bank')).key;
  ingest = await startIngestUnderTest({
    brokers: services.kafkaBrokers,
    schemaRegistryUrl: services.schemaRegistryUrl,
    keysDatabaseUrl: schema.databaseUrl,
    topicSuffix: suffix,
    logger: quietLogger,
    bodyLimitBytes,
    producers: 3,
  });
});

afterAll(async () => {
  await ingest?.close();
  await pool?.end();
  await schema?.drop();
});

describe('every interface accepts its valid example and stores it exactly as submitted', () => {
  it('appends all 14 documents with topic, key, headers and wire format', async () => {
    const sent = new Map<string, { raw: Buffer; documentId: string; requestId: string }>();
    for (const type of documentTypes) {
      // Submitted with unusual spacing and key order: what is stored must be these very bytes.
      const raw = Buffer.from(JSON.stringify(example(type.id), null, 1));
      const requestId = `req-${type.id}`;
      const response = await submit(type.id, raw, { 'x-request-id': requestId });
      expect(response.status, `${type.id}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body).toMatchObject({ flag: 'success', code: type.id === 'tally' ? 'Success' : '200' });
      expect(response.body.documentId).toMatch(
        /^[\da-f]{8}-[\da-f]{4}-7[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/,
      );
      expect(response.headers.get('x-request-id')).toBe(requestId);
      if (type.response === 'ecommerce') {
        expect(response.body).toMatchObject({ entOrderNo: example(type.id).entOrderNo, status: '1' });
      }
      if (type.response === 'goods') {
        expect(response.body).toMatchObject({
          enterpriseCode: example(type.id).enterpriseCode,
          enterpriseName: example(type.id).enterpriseName,
          busiCode: response.body.documentId,
        });
      }
      sent.set(type.id, { raw, documentId: response.body.documentId as string, requestId });
    }

    const records = await readTopics({
      brokers: services.kafkaBrokers,
      topics: documentTypes.map(ingest.topicOf),
      count: documentTypes.length,
      logger: quietLogger,
    });
    expect(records).toHaveLength(documentTypes.length);
    const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
    for (const type of documentTypes) {
      const record = records.find((candidate) => candidate.topic === ingest.topicOf(type));
      expect(record, `record of ${type.id}`).toBeDefined();
      const submitted = sent.get(type.id)!;
      const headers = decodeDocumentHeaders(record!.headers);
      const intf = ingest.interfaces.find((candidate) => candidate.id === type.id)!;
      expect(headers).toEqual({
        documentId: submitted.documentId,
        partnerId: 'acme-logistics',
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        // The bytes as sent, spacing and key order included: any sha256 tool checks it.
        contentSha256: bodySha256(submitted.raw),
        interfaceId: type.id,
        schemaId: intf.schemaId,
        requestId: submitted.requestId,
      });
      expect(record!.key).toBe(businessKeyOf(example(type.id), type.keyField) ?? submitted.documentId);
      expect(record!.key).not.toBe(submitted.documentId);
      // Confluent wire format: magic byte, schema id, then the submitted bytes unchanged.
      expect(record!.value!.readUInt8(0)).toBe(0);
      expect(record!.value!.readUInt32BE(1)).toBe(intf.schemaId);
      expect(record!.value!.subarray(5).equals(submitted.raw)).toBe(true);
      const decoded = await codec.decode(record!.value!);
      expect(decoded).toEqual({ schemaId: intf.schemaId, value: example(type.id) });
    }

    const metrics = await (await fetch(`${ingest.url}/metrics`)).text();
    expect(metrics).toContain('ingest_documents_accepted_total{interface="pod"} 1');
  });

  it('serves the {product}-prefixed paths with the configured product', () => {
    expect(pathOf('purchase')).toBe('/tradelog/tradelog-order/api/v2/doc/purchase/accept');
    expect(pathOf('clearance')).toBe('/tradelog-order/api/v2/doc/clearance/accept');
    expect(pathOf('tally')).toBe('/api/v2/doc/tally/accept');
  });
});

describe('concurrent submissions', () => {
  it('loses nothing acknowledged and appends each accepted document exactly once', async () => {
    // The 14 submission documents, whose keys are free text; feeds' keys have patterns (a 9-digit
    // mmsi, a period …) that "CONC-n" would break. They share the same append path.
    const types = documentTypes.filter((type) => type.group === 'logistics' || type.group === 'business');
    const submissions = Array.from({ length: 280 }, (_, index) => {
      const type = types[index % types.length]!;
      const document = example(type.id);
      document[type.keyField] = `CONC-${index}`;
      return { type, document };
    });
    const acknowledged: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < submissions.length) {
          const { type, document } = submissions[next++]!;
          const response = await submit(type.id, document);
          expect(response.status).toBe(200);
          acknowledged.push(response.body.documentId as string);
        }
      }),
    );
    expect(acknowledged).toHaveLength(submissions.length);
    const wanted = new Set(acknowledged);
    const records = await readTopics({
      brokers: services.kafkaBrokers,
      topics: documentTypes.map(ingest.topicOf),
      count: Number.POSITIVE_INFINITY,
      logger: quietLogger,
      until: (seen) =>
        seen.filter((record) => wanted.has(decodeDocumentHeaders(record.headers).documentId)).length >=
        wanted.size,
    });
    const appended = records
      .map((record) => decodeDocumentHeaders(record.headers).documentId)
      .filter((documentId) => wanted.has(documentId));
    expect(appended).toHaveLength(wanted.size);
    expect(new Set(appended)).toEqual(wanted);
  });
});

describe('§5 rule classes are refused with the field path and nothing is appended', () => {
  const cases: {
    name: string;
    id: string;
    change: (doc: Record<string, unknown>) => void;
    path: string;
    rule: string;
  }[] = [
    {
      name: 'required field',
      id: 'pod',
      change: (doc) => delete doc.entOrderNo,
      path: 'entOrderNo',
      rule: 'required',
    },
    {
      name: 'maximum length (order number 32)',
      id: 'pod',
      change: (doc) => (doc.entOrderNo = 'X'.repeat(33)),
      path: 'entOrderNo',
      rule: 'maxLength',
    },
    {
      name: 'maximum length (port arrival billNo 512)',
      id: 'pod',
      change: (doc) => (doc.billNo = 'B'.repeat(513)),
      path: 'billNo',
      rule: 'maxLength',
    },
    {
      name: 'maximum length (tally orderNo 60)',
      id: 'tally',
      change: (doc) => (doc.orderNo = 'T'.repeat(61)),
      path: 'orderNo',
      rule: 'maxLength',
    },
    {
      name: 'either-or (port arrival)',
      id: 'pod',
      change: (doc) => {
        delete doc.busiOrderNo;
        delete doc.customerCode;
      },
      path: 'busiOrderNo|customerCode',
      rule: 'eitherOr',
    },
    {
      name: 'either-or (tally, blank values)',
      id: 'tally',
      change: (doc) => {
        doc.busiOrderNo = ' ';
        doc.customerCode = '';
      },
      path: 'busiOrderNo|customerCode',
      rule: 'eitherOr',
    },
    {
      name: 'either-or (clearance)',
      id: 'clearance',
      change: (doc) => {
        delete doc.busiOrderNo;
        delete doc.customerCode;
      },
      path: 'busiOrderNo|customerCode',
      rule: 'eitherOr',
    },
    {
      name: 'e-commerce goodList more than 2',
      id: 'ondedEcOrder',
      change: (doc) => {
        const list = doc.goodList as unknown[];
        doc.goodList = [list[0], list[0], list[0]];
      },
      path: 'goodList',
      rule: 'maxItems',
    },
    {
      name: 'e-commerce goodList empty',
      id: 'ondedEcOrder',
      change: (doc) => (doc.goodList = []),
      path: 'goodList',
      rule: 'minItems',
    },
    {
      name: 'goods import list more than 3',
      id: 'goods',
      change: (doc) => {
        const list = doc.goodsList as unknown[];
        doc.goodsList = [list[0], list[0], list[0], list[0]];
      },
      path: 'goodsList',
      rule: 'maxItems',
    },
    {
      name: 'orderType at most 2',
      id: 'ondedEcOrder',
      change: (doc) => (doc.orderType = '3'),
      path: 'orderType',
      rule: 'enum',
    },
    {
      name: 'packNo above 999999999',
      id: 'clearance',
      change: (doc) => (doc.packNo = 1_000_000_000),
      path: 'packNo',
      rule: 'maximum',
    },
    {
      name: 'packNo negative',
      id: 'clearance',
      change: (doc) => (doc.packNo = -1),
      path: 'packNo',
      rule: 'minimum',
    },
    {
      name: 'packNo not whole',
      id: 'clearance',
      change: (doc) => (doc.packNo = 1.5),
      path: 'packNo',
      rule: 'type',
    },
    {
      name: 'date-time format',
      id: 'pod',
      change: (doc) => (doc.orderCreateTime = '2022/07/13'),
      path: 'orderCreateTime',
      rule: 'format',
    },
    {
      name: 'enumeration ieFlag',
      id: 'check',
      change: (doc) => (doc.ieFlag = 'X'),
      path: 'ieFlag',
      rule: 'enum',
    },
    {
      name: 'enumeration clearanceType',
      id: 'ondedEcOrder',
      change: (doc) => (doc.clearanceType = '1234'),
      path: 'clearanceType',
      rule: 'enum',
    },
    {
      name: 'nested required (recipient.city)',
      id: 'ondedEcOrder',
      change: (doc) => delete (doc.recipient as Record<string, unknown>).city,
      path: 'recipient.city',
      rule: 'required',
    },
    {
      name: 'nested list item (goodsList[0].entGoodsNo)',
      id: 'inbound',
      change: (doc) => delete (doc.goodsList as Record<string, unknown>[])[0]!.entGoodsNo,
      path: 'goodsList[0].entGoodsNo',
      rule: 'required',
    },
    { name: 'wrong type', id: 'pod', change: (doc) => (doc.portNo = 42), path: 'portNo', rule: 'type' },
  ];

  it.each(cases)('$name → $rule at "$path"', async ({ id, change, path, rule }) => {
    const doc = example(id);
    change(doc);
    const response = await submit(id, doc);
    expect(response.status).toBe(400);
    expect(response.body.flag).toBe('failure');
    expect(response.body.code).toBe(
      id === 'ondedEcOrder' ? '500' : id === 'tally' ? 'Error' : 'VALIDATION_FAILED',
    );
    const errors = response.body.errors as { path: string; rule: string; message: string }[];
    expect(errors).toContainEqual({ path, rule, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it('lists every failed rule at once, in English when asked', async () => {
    const doc = example('pod');
    doc.entOrderNo = 'X'.repeat(40);
    doc.orderCreateTime = 'soon';
    delete doc.portNo;
    const response = await submit('pod', doc, { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/failed validation \(3 problems\)/);
    const errors = response.body.errors as { path: string; rule: string; message: string }[];
    expect(errors.map((error) => `${error.rule} ${error.path}`).sort()).toEqual([
      'format orderCreateTime',
      'maxLength entOrderNo',
      'required portNo',
    ]);
    for (const error of errors) expect(error.message).toMatch(/^[\x20-\x7e]+$/);
  });

  it('answers e-commerce rejections with code 500, status 2 and the order number (§8)', async () => {
    const doc = example('bondedEcLogistics');
    doc.sendType = '03';
    const response = await submit('bondedEcLogistics', doc);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      flag: 'failure',
      code: '500',
      reason: 'VALIDATION_FAILED',
      status: '2',
      entOrderNo: doc.entOrderNo,
    });
  });

  it('counted the rejections by rule', async () => {
    const metrics = await (await fetch(`${ingest.url}/metrics`)).text();
    expect(metrics).toMatch(/ingest_documents_rejected_total\{interface="pod",rule="maxLength"\} [1-9]/);
  });
});

describe('transport errors', () => {
  const raw = (init: RequestInit & { headers?: Record<string, string> }, id = 'pod') =>
    fetch(`${ingest.url}${pathOf(id)}`, {
      method: 'POST',
      ...init,
      headers: { authorization: `Bearer ${keys.partner}`, ...init.headers },
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }));

  it('415 without Content-Type application/json', async () => {
    const body = JSON.stringify(example('pod'));
    const variants: Record<string, string>[] = [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/json; charset=gbk' },
    ];
    for (const headers of variants) {
      const response = await raw({ body, headers });
      expect(response).toMatchObject({
        status: 415,
        body: { flag: 'failure', code: 'UNSUPPORTED_MEDIA_TYPE' },
      });
    }
  });

  it('413 above the body limit', async () => {
    const response = await raw({
      body: JSON.stringify({ ...example('pod'), notes: 'n'.repeat(bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 413, body: { flag: 'failure', code: 'BODY_TOO_LARGE' } });
  });

  it('reads a body that starts with a byte order mark as the JSON after it, and stores that', async () => {
    // Windows editors save UTF-8 with a mark (EF BB BF); the query API's bodies ignore it too.
    const text = Buffer.from(JSON.stringify({ ...example('pod'), entOrderNo: `BOM-${suffix}` }));
    const response = await submit('pod', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [record] = await readTopics({
      brokers: services.kafkaBrokers,
      topics: [ingest.topicOf(documentTypes.find((type) => type.id === 'pod')!)],
      count: 1,
      logger: quietLogger,
      until: (records) => records.some((read) => read.key === `BOM-${suffix}`),
    }).then((records) => records.filter((read) => read.key === `BOM-${suffix}`));
    expect(record!.value!.subarray(5).equals(text)).toBe(true);
    expect(decodeDocumentHeaders(record!.headers)).toMatchObject({
      documentId: response.body.documentId,
      contentSha256: bodySha256(text),
    });
  });

  it('400 for malformed JSON and for JSON that is not an object', async () => {
    const headers = { 'content-type': 'application/json' };
    expect(await raw({ body: '{"entOrderNo": ', headers })).toMatchObject({
      status: 400,
      body: { code: 'MALFORMED_JSON' },
    });
    expect(await raw({ body: '', headers })).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
    // JSON.parse would keep the second entOrderNo; other parsers keep the first or refuse.
    expect(await raw({ body: '{"entOrderNo":"A","entOrderNo":"B"}', headers })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', errors: [{ path: 'entOrderNo', rule: 'duplicateName' }] },
    });
    expect(await raw({ body: '[{"entOrderNo":"1"}]', headers })).toMatchObject({
      status: 400,
      body: { code: 'NOT_AN_OBJECT' },
    });
    expect(await raw({ body: '"pod"', headers })).toMatchObject({
      status: 400,
      body: { code: 'NOT_AN_OBJECT' },
    });
    expect(await raw({ body: 'null', headers })).toMatchObject({
      status: 400,
      body: { code: 'NOT_AN_OBJECT' },
    });
  });

  it('405 for other methods on an interface path, 404 elsewhere', async () => {
    const get = await fetch(`${ingest.url}${pathOf('pod')}`, {
      headers: { authorization: `Bearer ${keys.partner}` },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const missing = await fetch(`${ingest.url}/api/v2/doc/nothing/accept`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ flag: 'failure', code: 'NOT_FOUND' });
  });

  it('keeps serving after all of the above', async () => {
    const response = await submit('pod', example('pod'));
    expect(response.status).toBe(200);
  });
});

describe('partner authentication', () => {
  const withKey = (headers: Record<string, string>) =>
    fetch(`${ingest.url}${pathOf('pod')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(example('pod')),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      challenge: response.headers.get('www-authenticate'),
    }));

  it('401 without a key, with an unknown key and with a revoked key, each saying why', async () => {
    const missing = await withKey({});
    expect(missing).toMatchObject({ status: 401, body: { flag: 'failure', code: 'API_KEY_MISSING' } });
    expect(missing.body.message).toMatch(/Authorization/);
    expect(missing.challenge).toMatch(/^Bearer/);
    expect(await withKey({ authorization: `Bearer ${keys.partner}x` })).toMatchObject({
      status: 401,
      body: { code: 'API_KEY_INVALID' },
    });
    expect(await withKey({ 'x-api-key': keys.revoked, 'accept-language': 'en' })).toMatchObject({
      status: 401,
      body: { code: 'API_KEY_REVOKED', message: expect.stringMatching(/revoked/) },
    });
  });

  it('403 for a key that is not a partner key', async () => {
    expect(await withKey({ authorization: `Bearer ${keys.lender}` })).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_KIND_FORBIDDEN' },
    });
  });

  it('accepts the key in X-Api-Key as well', async () => {
    expect(await withKey({ 'x-api-key': keys.partner })).toMatchObject({
      status: 200,
      body: { flag: 'success' },
    });
  });

  it('refuses two different keys rather than choosing one', async () => {
    expect(
      await withKey({ authorization: `Bearer ${keys.partner}`, 'x-api-key': keys.lender }),
    ).toMatchObject({
      status: 401,
      body: { code: 'API_KEY_AMBIGUOUS' },
    });
  });
});

describe('health', () => {
  it('is alive and ready while Kafka is reachable', async () => {
    expect((await fetch(`${ingest.url}/health`)).status).toBe(200);
    expect((await fetch(`${ingest.url}/ready`)).status).toBe(200);
  });
});

describe('?validateOnly=true: validated and answered, nothing appended', () => {
  const validateOnly = (id: string, body: unknown, value = 'true') =>
    fetch(`${ingest.url}${pathOf(id)}?validateOnly=${value}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }));

  it('answers a valid document as valid, without a document id', async () => {
    const response = await validateOnly('pod', { ...example('pod'), entOrderNo: 'VALIDATE-ONLY-1' });
    expect(response).toEqual({
      status: 200,
      body: { flag: 'success', code: '200', message: '校验通过，未提交', validateOnly: true },
    });
    const ecommerce = await validateOnly('bondedEcLogistics', example('bondedEcLogistics'));
    expect(ecommerce.body).toMatchObject({
      validateOnly: true,
      entOrderNo: example('bondedEcLogistics').entOrderNo,
    });
    expect(ecommerce.body).not.toHaveProperty('status');
    expect(ecommerce.body).not.toHaveProperty('documentId');
  });

  it('refuses an invalid document as a submission would, and a validateOnly that is not true or false', async () => {
    const doc = { ...example('pod'), entOrderNo: 'X'.repeat(33) };
    const invalid = await validateOnly('pod', doc);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    expect(invalid.body.errors).toContainEqual(
      expect.objectContaining({ path: 'entOrderNo', rule: 'maxLength' }),
    );
    expect(await validateOnly('pod', example('pod'), 'yes')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATE_ONLY_INVALID' },
    });
  });

  it('appended nothing: the topic holds the next real submission and not the validated one', async () => {
    const marker = await submit('pod', { ...example('pod'), entOrderNo: 'AFTER-VALIDATE-ONLY' });
    expect(marker.status).toBe(200);
    const records = await readTopics({
      brokers: services.kafkaBrokers,
      topics: [ingest.topicOf(documentTypes.find((type) => type.id === 'pod')!)],
      count: Number.MAX_SAFE_INTEGER,
      until: (seen) => seen.some((record) => record.value?.toString().includes('AFTER-VALIDATE-ONLY')),
      logger: quietLogger,
    });
    expect(records.some((record) => record.value?.toString().includes('VALIDATE-ONLY-1'))).toBe(false);
    const metrics = await (await fetch(`${ingest.url}/metrics`)).text();
    expect(metrics).toMatch(/ingest_documents_validated_total\{interface="pod"\} 1\b/);
  });
});
