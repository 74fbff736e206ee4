import { changeGrants } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { documentType } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { decodeDocumentHeaders, decodePartnerGrants } from '@tradelog/schemas/kit/log/headers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { readTopics } from '../harness/readTopics.ts';

/**
 * A partner submits only for the enterprises its account was granted, through the real ingest
 * (Kafka, registry, Postgres keys): another enterprise is refused with 403 naming the field.
 */
describe('partner enterprise grants at ingest', () => {
  const services = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let partner: { key: string; accountId: string };

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'grants');
    await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    partner = await createTestApiKey(pool, 'partner', {
      ownerId: 'narrow-partner',
      enterprises: ['E-GRANTED'],
    });
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: schema.databaseUrl,
      topicSuffix: uniqueName('grants'),
      logger: quietLogger,
      keyCacheTtlMs: 0,
    });
  });
  afterAll(async () => {
    await ingest?.close();
    await pool?.end();
    await schema?.drop();
  });

  const submit = async (
    type: 'purchase' | 'check' | 'inbound',
    document: Record<string, unknown>,
    lang = 'en',
  ) => {
    const intf = ingest.interfaces.find((candidate) => candidate.id === type)!;
    const response = await fetch(`${ingest.url}${intf.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${partner.key}`,
        'accept-language': lang,
      },
      body: JSON.stringify(document),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const example = (type: keyof typeof examples) =>
    structuredClone(examples[type]) as unknown as Record<string, unknown>;

  it('accepts a granted enterprise and refuses another one, naming the field in both languages', async () => {
    expect((await submit('purchase', { ...example('purchase'), customerCode: 'E-GRANTED' })).status).toBe(
      200,
    );
    const refused = await submit('purchase', { ...example('purchase'), customerCode: 'E-OTHER' });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        flag: 'failure',
        code: 'ENTERPRISE_NOT_GRANTED',
        message: expect.stringContaining(
          'customerCode: this partner is not granted to submit for enterprise E-OTHER',
        ),
      },
    });
    const inChinese = await submit('check', example('check'), 'zh-CN');
    expect(inChinese.status).toBe(403);
    expect(inChinese.body.message).toMatch(/^declareCode：该合作伙伴未获授权提交企业 4403180ABC 的单据/);
  });

  const grantsStampedOn = async (documentId: string) => {
    const records = await readTopics({
      brokers: services.kafkaBrokers,
      topics: [ingest.topicOf(documentType('inbound'))],
      count: Number.POSITIVE_INFINITY,
      logger: quietLogger,
      until: (seen) => seen.some((record) => decodeDocumentHeaders(record.headers).documentId === documentId),
    });
    const record = records.find(
      (candidate) => decodeDocumentHeaders(candidate.headers).documentId === documentId,
    );
    return decodePartnerGrants(record!.headers);
  };

  it('accepts a document naming no enterprise, stamped with the account’s grants for attribution', async () => {
    const accepted = await submit('inbound', example('inbound'));
    expect(accepted.status).toBe(200);
    expect(await grantsStampedOn(accepted.body.documentId as string)).toEqual(['E-GRANTED']);
  });

  it('accepts the enterprise once an operator grants it; stamps the grants as they are at submission', async () => {
    await changeGrants(pool, partner.accountId, { grant: ['E-OTHER'] });
    expect((await submit('purchase', { ...example('purchase'), customerCode: 'E-OTHER' })).status).toBe(200);
    const accepted = await submit('inbound', { ...example('inbound'), entOrderNo: 'IN-AFTER-GRANT' });
    expect(await grantsStampedOn(accepted.body.documentId as string)).toEqual(['E-GRANTED', 'E-OTHER']);
    // A document naming its enterprise carries no grants: processors need none to attribute it.
    const named = await submit('inbound', {
      ...example('inbound'),
      entOrderNo: 'IN-NAMED',
      customerCode: 'E-OTHER',
    });
    expect(await grantsStampedOn(named.body.documentId as string)).toBeUndefined();
  });
});
