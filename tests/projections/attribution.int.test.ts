import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { documentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type express from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestUnderTest, startIngestUnderTest } from '../../ingest/src/testing/ingestUnderTest.ts';
import {
  type ProjectionsUnderTest,
  startProjectionsUnderTest,
} from '../../processors/src/testing/projectionsUnderTest.ts';
import { createApp } from '../../query-api/src/app.ts';
import { noSmsSender } from '../../query-api/src/content/smsSenders.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Documents that follow the spec without naming an enterprise (an inbound; a tally naming only
// orders) are kept, listed for operators, and appear in the chain and the details as soon as a
// later document resolves their business order (processors/README.md, "Attribution").
describe('late attribution through ingest, the projections and the queries', () => {
  const services = testServices();
  const owner = examples.pod.customerCode as string;
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let server: ReturnType<express.Express['listen']>;
  let queryUrl: string;
  let running: ProjectionsUnderTest | undefined;
  const keys = { partner: '', warehouse: '', lender: '', operator: '' };
  const only = ['order-status', 'link-node', 'enterprise-data'] as const;
  const topicOf = (type: Parameters<typeof documentType>[0]) => ingest.topicOf(documentType(type));

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'at');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    const key = async (kind: 'partner' | 'lender' | 'operator', enterprises: string[]) =>
      (await createTestApiKey(pool, kind, { ownerId: uniqueName(kind), enterprises })).key;
    // A partner serving several enterprises: its records carry no partner enterprise.
    keys.partner = await key('partner', [owner, '91110000OTHER00001']);
    // A warehouse operator serving this enterprise only: ingest stamps it on every record.
    keys.warehouse = await key('partner', [owner]);
    keys.lender = await key('lender', [owner]);
    keys.operator = await key('operator', []);
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('at'),
      logger: quietLogger,
    });
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf,
      logger: quietLogger,
      clientId: 'at-processors',
      only: [...only],
    });
    // The real app: bounded bodies and the one error middleware around the routes.
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
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    queryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await running?.stop();
    server?.close();
    await ingest?.close();
    const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
      `${db.schema}\\_%`,
    ]);
    for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
    await pool?.end();
    await db?.drop();
  });

  const submit = async (
    type: 'pod' | 'inbound' | 'tally' | 'purchase',
    document: Record<string, unknown>,
    partnerKey = keys.partner,
  ) => {
    const path = ingest.interfaces.find((intf) => intf.id === type)!.path;
    const response = await fetch(`${ingest.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKey}` },
      body: JSON.stringify(document),
    });
    expect(response.status, type).toBe(200);
  };

  const applied = async () => {
    const topics = documentTypes.filter((t) => t.group !== 'enterprise-feed').map((t) => ingest.topicOf(t));
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: only,
      topicOf,
    });
  };

  const call = async (method: 'GET' | 'POST', path: string, key: string, body?: unknown) => {
    const response = await fetch(`${queryUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('keeps unattributed documents, lists them, and shows them in the chain and the details once resolved', async () => {
    const inboundNo = uniqueName('IN').slice(0, 32);
    const businessOrder = uniqueName('BO').slice(0, 32);
    const { customerCode: _inboundOwner, ...inbound } = examples.inbound as unknown as Record<
      string,
      unknown
    >;
    const { customerCode: _tallyOwner, ...tally } = examples.tally as unknown as Record<string, unknown>;
    // The tally names only the inbound order and a business order nobody else names.
    await submit('tally', {
      ...tally,
      orderNo: uniqueName('TL').slice(0, 60),
      inboundOrderNo: inboundNo,
      busiOrderNo: uniqueName('BX').slice(0, 32),
    });
    await submit('inbound', { ...inbound, entOrderNo: inboundNo, busiOrderNo: businessOrder });
    await applied();

    const linkNode = { customerCode: owner, documentsType: '20', documentsNo: inboundNo };
    expect((await call('POST', '/open/info/link/node', keys.lender, linkNode)).status).toBe(404);
    const details = { enterpriseId: owner, period: '2024-03' };
    const before = await call('POST', '/open/info/enterprise/history/inbound-details', keys.lender, details);
    expect(before.body.dataList.map((row: Json) => row.entOrderNo)).not.toContain(inboundNo);
    const listed = await call('GET', '/ops/unattributed/link-node', keys.operator);
    expect(listed.status).toBe(200);
    expect(listed.body.dataList.map((row: Json) => row.documentType).sort()).toEqual(['inbound', 'tally']);
    expect(listed.body.dataList.find((row: Json) => row.documentType === 'inbound').keys).toEqual([
      `busiOrderNo=${businessOrder}`,
      `inboundOrderNo=${inboundNo}`,
    ]);
    expect((await call('GET', '/ops/unattributed/enterprise-data', keys.operator)).body.totalCount).toBe(2);
    expect((await call('GET', '/ops/unattributed/link-node', keys.lender)).status).toBe(403);

    // The port arrival names the enterprise and the business order: the inbound is resolved
    // through it, and the tally through the inbound's number.
    await submit('pod', {
      ...examples.pod,
      entOrderNo: uniqueName('POD').slice(0, 32),
      busiOrderNo: businessOrder,
    });
    await applied();

    const chain = await call('POST', '/open/info/link/node', keys.lender, linkNode);
    expect(chain.status).toBe(200);
    expect(chain.body.arrivalInfo.map((d: Json) => d.documentType)).toEqual(['pod']);
    expect(chain.body.intoStorageInfo.map((d: Json) => d.documentType).sort()).toEqual(['inbound', 'tally']);
    const after = await call('POST', '/open/info/enterprise/history/inbound-details', keys.lender, details);
    expect(after.body.dataList.map((row: Json) => row.entOrderNo)).toContain(inboundNo);
    for (const projection of only) {
      expect((await call('GET', `/ops/unattributed/${projection}`, keys.operator)).body.totalCount).toBe(0);
    }
  });

  it('attributes a document naming no enterprise through its partner, from the record header', async () => {
    const inboundNo = uniqueName('INW').slice(0, 32);
    const { customerCode: _owner, ...inbound } = examples.inbound as unknown as Record<string, unknown>;
    await submit('inbound', { ...inbound, entOrderNo: inboundNo }, keys.warehouse);
    await applied();
    const chain = await call('POST', '/open/info/link/node', keys.lender, {
      customerCode: owner,
      documentsType: '20',
      documentsNo: inboundNo,
    });
    expect(chain.status).toBe(200);
    expect(chain.body.intoStorageInfo.map((d: Json) => d.businessKey)).toEqual([inboundNo]);
  });

  it('shows a purchase naming no enterprise in the purchase orders once an inbound of its warehouse order names one', async () => {
    const purchaseNo = uniqueName('PO').slice(0, 32);
    const wmsOrderNo = uniqueName('WMS').slice(0, 32);
    const { customerCode: _owner, ...purchase } = examples.purchase as unknown as Record<string, unknown>;
    await submit('purchase', {
      ...purchase,
      entOrderNo: purchaseNo,
      wmsOrderNo,
      orderTime: '2024-04-02 10:00:00',
    });
    await applied();
    const orders = () =>
      call('POST', '/open/info/enterprise/purchase-orders', keys.lender, {
        enterpriseId: owner,
        beginDate: '2024-04-01',
        endDate: '2024-04-30',
      });
    expect((await orders()).body.dataList).toEqual([]);
    expect(
      (await call('GET', '/ops/unattributed/order-status', keys.operator)).body.dataList.map(
        (row: Json) => row.documentType,
      ),
    ).toContain('purchase');

    // The warehouse's inbound of that warehouse order names the enterprise.
    await submit('inbound', { ...examples.inbound, customerCode: owner, entOrderNo: wmsOrderNo });
    await applied();
    expect((await orders()).body.dataList.map((order: Json) => order.entOrderNo)).toEqual([purchaseNo]);
  });
});
