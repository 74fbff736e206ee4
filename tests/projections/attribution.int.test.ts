import { findLiveVersion } from '@tradelog/projections';
import { documentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices, uniqueName } from '../harness/index.ts';
import type { IngestUnderTest } from '../harness/ingestUnderTest.ts';
import { type PipelineUnderTest, startPipelineUnderTest } from '../harness/pipelineUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Documents that follow the spec without naming an enterprise (an inbound; a tally naming only
// orders) are kept, listed for operators, and appear in the chain and the details as soon as a
// later document resolves their business order (processors/README.md, "Attribution"); the
// document index records the enterprise they were attributed to.
describe('late attribution through ingest, the projections and the queries', () => {
  const services = testServices();
  const owner = examples.pod.customerCode as string;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let queryUrl: string;
  let pipeline: PipelineUnderTest;
  const keys = { partner: '', warehouse: '', lender: '', operator: '' };
  const only = ['order-status', 'link-node', 'enterprise-data', 'document-index'] as const;
  const topicOf = (type: Parameters<typeof documentType>[0]) => ingest.topicOf(documentType(type));

  beforeAll(async () => {
    pipeline = await startPipelineUnderTest({
      prefix: 'at',
      projections: [...only],
      keys: {
        partner: { kind: 'partner', enterprises: [owner, '91110000OTHER00001'] },
        warehouse: { kind: 'partner', enterprises: [owner] },
        lender: { kind: 'lender', enterprises: [owner] },
        operator: { kind: 'operator', enterprises: [] },
      },
    });
    ({ pool, ingest, queryUrl } = pipeline);
    Object.assign(keys, pipeline.keys);
  });

  afterAll(async () => {
    await pipeline?.close();
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
    return ((await response.json()) as { documentId: string }).documentId;
  };

  const applied = async () => {
    const topics = documentTypes.filter((t) => t.group !== 'enterprise-feed').map((t) => ingest.topicOf(t));
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: only,
      topicOf,
    });
  };

  /** The enterprise the document index records for each document (by id). */
  const indexed = async (documentIds: readonly string[]) => {
    const live = await findLiveVersion(pool, 'document-index');
    const { rows } = await pool.query(
      `SELECT document_id, enterprise FROM "${live!.schemaName}".documents WHERE document_id = ANY($1)`,
      [documentIds],
    );
    return Object.fromEntries(
      rows.map((row) => [row.document_id as string, row.enterprise as string | null]),
    );
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
    const tallyId = await submit('tally', {
      ...tally,
      orderNo: uniqueName('TL').slice(0, 60),
      inboundOrderNo: inboundNo,
      busiOrderNo: uniqueName('BX').slice(0, 32),
    });
    const inboundId = await submit('inbound', {
      ...inbound,
      entOrderNo: inboundNo,
      busiOrderNo: businessOrder,
    });
    await applied();
    expect(await indexed([tallyId, inboundId])).toEqual({ [tallyId]: null, [inboundId]: null });

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
    // The index records the enterprise they were attributed to late, as the other projections.
    expect(await indexed([tallyId, inboundId])).toEqual({ [tallyId]: owner, [inboundId]: owner });
  });

  it('attributes a document naming no enterprise through its partner, from the record header', async () => {
    const inboundNo = uniqueName('INW').slice(0, 32);
    const { customerCode: _owner, ...inbound } = examples.inbound as unknown as Record<string, unknown>;
    const inboundId = await submit('inbound', { ...inbound, entOrderNo: inboundNo }, keys.warehouse);
    await applied();
    expect(await indexed([inboundId])).toEqual({ [inboundId]: owner });
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
