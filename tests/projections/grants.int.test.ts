import { findLiveVersion, type ProjectionName } from '@tradelog/projections';
import { type DocumentTypeId, documentTypes, feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { type EnterpriseField, enterpriseFieldsOf } from '@tradelog/schemas/documents/enterpriseFields';
import { examples } from '@tradelog/schemas/documents/examples';
import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { examples as queryExamples } from '@tradelog/schemas/queries/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices, uniqueName } from '../harness/index.ts';
import { type PipelineUnderTest, startPipelineUnderTest } from '../harness/pipelineUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, compared whole
type Json = any;

/**
 * Lenders decide credit from these views, so a partner writes only into the enterprises it was
 * granted (README "Partner grants"): through the real ingest, Kafka, registry, processors,
 * Postgres and query API, every document and feed type that names an enterprise is refused when
 * any declared field names one the partner was not granted, and a document naming none that reuses
 * another enterprise's order number never reaches that enterprise. Enterprise A's rows in every
 * projection and its lender answers are the same before and after the attempts.
 */
describe('a partner writes only into the enterprises it was granted', () => {
  const services = testServices();
  // The enterprise of the catalogue's examples, so the query examples ask about the data loaded.
  const A = examples.pod.customerCode as string;
  const B = `B${Date.now().toString(36)}`.slice(0, 20);
  const only: ProjectionName[] = [
    'order-status',
    'link-node',
    'enterprise-data',
    'enterprise-feeds',
    'document-index',
  ];
  let pipeline: PipelineUnderTest;
  const keys = {
    platform: '',
    ungranted: '',
    grantedB: '',
    grantedBC: '',
    noFeeds: '',
    lender: '',
    operator: '',
  };

  const namingTypes = documentTypes
    .filter((type) => enterpriseFieldsOf(type.id).length > 0)
    .map((type) => type.id);

  /** The example with the declared field at `path` set to `code`: every list item, or only `item`. */
  const withField = (document: Json, path: readonly string[], code: string, item?: number): void => {
    const [name, ...rest] = path;
    if (rest.length === 0) {
      document[name!] = code;
      return;
    }
    if (rest[0] === '[]') {
      const list = document[name!];
      expect(Array.isArray(list) && list.length > 0, `the example carries ${name}[]`).toBe(true);
      (list as Json[]).forEach((entry, index) => {
        if (item === undefined || item === index) withField(entry, rest.slice(1), code);
      });
      return;
    }
    withField(document[name!], rest, code, item);
  };

  const documentNaming = (
    type: DocumentTypeId,
    code: string,
    field?: { at: EnterpriseField; code: string },
  ) => {
    const document = structuredClone(examples[type]) as Json;
    for (const declared of enterpriseFieldsOf(type)) withField(document, declared.path, code);
    if (field) withField(document, field.at.path, field.code, 0);
    return document;
  };

  const shownPath = (path: readonly string[]) => path.join('.').replaceAll('.[]', '[0]');

  const submit = async (type: DocumentTypeId, document: Json, key: string) => {
    const path = pipeline.ingest.interfaces.find((intf) => intf.id === type)!.path;
    const response = await fetch(`${pipeline.ingest.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'accept-language': 'en',
      },
      body: JSON.stringify(document),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const applied = async () => {
    const topics = documentTypes.map((type) => pipeline.topicOf(type.id));
    await waitForProjectionsToApply(pipeline.pool, await endOffsetsOf(services.kafkaBrokers, topics), {
      projections: only,
      topicOf: pipeline.topicOf,
    });
  };

  /** Every row of every projection table that mentions A, as hashes: what A's views are made of. */
  const rowsOfA = async () => {
    const found: string[] = [];
    for (const projection of only) {
      const live = await findLiveVersion(pipeline.pool, projection);
      const { rows: tables } = await pipeline.pool.query(
        `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`,
        [live!.schemaName],
      );
      for (const { tablename } of tables) {
        const { rows } = await pipeline.pool.query(
          `SELECT md5(t::text) AS hash FROM "${live!.schemaName}"."${tablename}" t WHERE t::text LIKE $1`,
          [`%${A}%`],
        );
        found.push(...rows.map((row) => `${projection}.${tablename}:${row.hash}`));
      }
    }
    return found.sort();
  };

  /** A's lender answers: every enterprise query's example, asked as A's lender. */
  const answersOfA = async () => {
    const answers: Record<string, Json> = {};
    for (const entry of queryTypes) {
      const example = (queryExamples as Record<string, Json>)[entry.id];
      if (entry.kind !== 'query' || example === undefined) continue;
      if (![example.enterpriseId, example.customerCode, example.enterpriseCode].includes(A)) continue;
      const response = await fetch(`${pipeline.queryUrl}${entry.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.lender}` },
        body: JSON.stringify(example),
      });
      // When the projection last applied anything moves on with every batch; the data may not.
      const body = JSON.parse(await response.text(), (key, value) =>
        key === 'lastAppliedAt' ? undefined : value,
      );
      answers[entry.id] = { status: response.status, body };
    }
    return answers;
  };

  let before: { rows: string[]; answers: Record<string, Json> };

  beforeAll(async () => {
    pipeline = await startPipelineUnderTest({
      prefix: 'gr',
      projections: only,
      keys: {
        platform: { kind: 'partner', enterprises: ['*'], name: 'Platform partner' },
        ungranted: { kind: 'partner', enterprises: [] },
        grantedB: { kind: 'partner', enterprises: [B] },
        // Granted two enterprises: a document naming none is not simply its one enterprise's.
        grantedBC: { kind: 'partner', enterprises: [B, `C${B.slice(1)}`] },
        noFeeds: { kind: 'partner', enterprises: ['*'], feeds: [] },
        lender: { kind: 'lender', enterprises: [A] },
        operator: { kind: 'operator', enterprises: [] },
      },
    });
    Object.assign(keys, pipeline.keys);
    // A's data, every document and feed type, submitted by a platform-wide partner.
    for (const type of namingTypes) {
      const answer = await submit(type, documentNaming(type, A), keys.platform);
      expect(answer.status, `${type}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    await applied();
    before = { rows: await rowsOfA(), answers: await answersOfA() };
    expect(before.rows.length).toBeGreaterThan(namingTypes.length);
    expect(before.answers.paymentAccountMonitor.body.accountList).toHaveLength(1);
    // Every document a lender is shown names the partner account that submitted it.
    const chain = before.answers.linkNode.body;
    const shown = Object.values(chain).filter(Array.isArray).flat() as Json[];
    expect(shown.length).toBeGreaterThan(0);
    for (const document of shown) expect(document.provenance.partnerName).toBe('Platform partner');
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const cases = namingTypes.flatMap((type) =>
    enterpriseFieldsOf(type).map((at) => [type, shownPath(at.path), at] as const),
  );

  it.each(cases)(
    '%s naming A in %s is refused to a partner with no grants and to one granted only B',
    async (type, shown, at) => {
      const document = documentNaming(type, B, { at, code: A });
      for (const key of [keys.ungranted, keys.grantedB]) {
        const refused = await submit(type, document, key);
        expect(refused.status).toBe(403);
        // The e-commerce answers carry their own code and the reason beside it (§3.6, §3.7).
        expect(refused.body.reason ?? refused.body.code).toBe('ENTERPRISE_NOT_GRANTED');
        expect(refused.body.message).toContain(shown);
      }
    },
  );

  it('admits a feed only from an account granted its family', async () => {
    const refused = await submit('expressTrace', examples.expressTrace, keys.noFeeds);
    expect(refused).toMatchObject({ status: 403, body: { code: 'FEED_NOT_GRANTED' } });
    expect(refused.body.message).toContain('tracking.express');
    expect(feedFamilies).toContain('tracking.express');
  });

  it('never attributes a document naming no enterprise to A through A’s order numbers; lists it for operators', async () => {
    const { customerCode: _i, enterpriseCode: _e, ...inbound } = examples.inbound as Json;
    const { customerCode: _t, ...tally } = examples.tally as Json;
    const { customerCode: _p, ...purchase } = examples.purchase as Json;
    // A's inbound order (the purchase's warehouse order) and purchase order numbers, reused.
    const planted = [
      await submit('inbound', { ...inbound, entOrderNo: examples.purchase.wmsOrderNo }, keys.grantedBC),
      await submit(
        'tally',
        { ...tally, orderNo: uniqueName('TL'), inboundOrderNo: examples.inbound.entOrderNo },
        keys.grantedBC,
      ),
      await submit('purchase', { ...purchase, wmsOrderNo: examples.inbound.entOrderNo }, keys.ungranted),
    ];
    for (const answer of planted) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await applied();
    const listed = await fetch(`${pipeline.queryUrl}/ops/unattributed/link-node`, {
      headers: { authorization: `Bearer ${keys.operator}` },
    }).then((response) => response.json() as Promise<Json>);
    expect(listed.dataList.map((row: Json) => row.documentId)).toEqual(
      expect.arrayContaining(planted.map((answer) => answer.body.documentId)),
    );
  });

  it('leaves every row and every lender answer of A as it was', async () => {
    await applied();
    expect(await rowsOfA()).toEqual(before.rows);
    expect(await answersOfA()).toEqual(before.answers);
  });

  it('admits the same documents naming only B from the partner granted B', async () => {
    for (const type of namingTypes) {
      const answer = await submit(type, documentNaming(type, B), keys.grantedB);
      expect(answer.status, `${type}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});
