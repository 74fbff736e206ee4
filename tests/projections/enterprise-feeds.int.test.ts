import { documentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { enterpriseFeedTypeIds } from '@tradelog/schemas/feeds/enterprise/catalogue';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../harness/index.ts';
import type { IngestUnderTest } from '../harness/ingestUnderTest.ts';
import { type PipelineUnderTest, startPipelineUnderTest } from '../harness/pipelineUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Providers' feeds submitted through ingest are answered by the enterprise-feed queries of query
// spec §3 in their own conventions, with the §5 validation rules and per-enterprise lender keys.
describe('enterprise feeds through ingest, the projection and the queries', () => {
  const services = testServices();
  const owner = examples.inWarehouseData.enterpriseId;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let queryUrl: string;
  let pipeline: PipelineUnderTest;
  const keys = { partner: '', lender: '', otherLender: '' };
  const topicOf = (type: Parameters<typeof documentType>[0]) => ingest.topicOf(documentType(type));

  beforeAll(async () => {
    pipeline = await startPipelineUnderTest({
      prefix: 'ef',
      projections: ['enterprise-feeds'],
      keys: {
        partner: { kind: 'partner', enterprises: [owner] },
        lender: { kind: 'lender', enterprises: [owner] },
        otherLender: { kind: 'lender', enterprises: ['91110000OTHER00001'] },
      },
    });
    ({ pool, ingest, queryUrl } = pipeline);
    Object.assign(keys, pipeline.keys);
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const submit = async (type: (typeof enterpriseFeedTypeIds)[number], document: unknown) => {
    const response = await fetch(`${ingest.url}${documentType(type).path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify(document),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const query = async (path: string, body: unknown, key = keys.lender, language = 'zh-CN') => {
    const response = await fetch(`${queryUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'accept-language': language,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
  };

  it('answers every feed query in the spec’s shape from the submitted feeds', async () => {
    for (const type of enterpriseFeedTypeIds) {
      const { status } = await submit(type, examples[type]);
      expect(status, type).toBe(200);
    }
    // A second ranking type of the same month, an older tax report and a later sales month.
    expect(
      (
        await submit('brandRanking', {
          rankingType: '1',
          dataMonth: '2024-02',
          rankingList: [{ brand: 'SK-II', category: '精华', ranking: 1 }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await submit('taxInformation', {
          ...examples.taxInformation,
          reportTime: '2023-12-01 02:00:00',
          xypjList: [{ pjjb: 'D' }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await submit('ecommerceSalesToC', {
          enterpriseId: owner,
          platform: 'TMALL',
          shopCode: 'TM-QHYP-001',
          monthDataList: [
            { period: '2024-03', currency: 'CNY', amount: 990_000, billNum: 2_800, GMVAmount: 1_050_000 },
          ],
        })
      ).status,
    ).toBe(200);
    const feedTopics = documentTypes
      .filter((t) => t.group === 'enterprise-feed')
      .map((t) => ingest.topicOf(t));
    await waitForProjectionsToApply(pool, await endOffsetsOf(services.kafkaBrokers, feedTopics), {
      projections: ['enterprise-feeds'],
      topicOf,
    });

    const inWarehouse = await query('/open/info/enterprise/data-in-warehouse', { enterpriseId: owner });
    expect(inWarehouse.status).toBe(200);
    expect(inWarehouse.body.flag).toBe('success');
    // Flat, as query spec §3 shows it: one warehouse's figures at the top of the answer.
    expect(inWarehouse.body).not.toHaveProperty('dataList');
    expect(inWarehouse.body).toMatchObject({
      warehouseIds: ['QHBW0001'],
      ...{
        countDate: '2024-02-29',
        cooperationTime: '2022-09-01',
        valueOfTotal: 8_624_500,
        inventoryOfSix: 7_918_000,
        deliveryOfSix: 15_720_300,
        turnoverRate: 1.98,
        mainBrand: 'SK-II',
        categoryL1: '美妆个护',
        categoryL2: '护肤',
        categoryL3: '精华',
        brandValueRate: 0.62,
        deliveryOfThree: 7_402_100,
        deliveryOfPast: 12_210_000,
        deliveryYoY: 0.287,
        warehouseId: 'QHBW0001',
        categoryValueList: examples.inWarehouseData.categoryValueList,
      },
    });
    const elsewhere = await query('/open/info/enterprise/data-in-warehouse', {
      enterpriseId: owner,
      warehouseId: 'NO-SUCH-WAREHOUSE',
    });
    expect(elsewhere.body).toMatchObject({ countDate: null, valueOfTotal: null, warehouseIds: ['QHBW0001'] });

    const indicators = await query('/open/info/indicators', {
      enterpriseCode: owner,
      enterpriseName: '深圳前海优品供应链有限公司',
      warehouseId: 'QHBW0001',
      queryTime: '2024-03-01',
    });
    expect(indicators.status).toBe(200);
    expect(indicators.headers.get('deprecation')).toBe('true');
    expect(indicators.body).toMatchObject({ flag: 'success', deprecated: true });
    expect(indicators.body.resultsData).toEqual({
      warehouseId: 'QHBW0001',
      snapshotTime: '2024-02-29 23:59:59',
      inventoryQty: 12_480,
      inventoryAmount: 8_624_500,
      inputNum: 1,
      inputQty: 1_200,
      inputAmount: 684_000,
      outputNum: 3,
      outputQty: 860,
      outputAmount: 512_300,
    });
    const before = await query('/open/info/indicators', {
      enterpriseCode: owner,
      enterpriseName: '深圳前海优品供应链有限公司',
      warehouseId: 'QHBW0001',
      queryTime: '2024-02-28',
    });
    expect(before.body.resultsData).toBeNull();

    const accounts = await query('/open/info/enterprise/repayment/account-monitor', { enterpriseId: owner });
    expect(accounts.body.accountList).toEqual([
      {
        platform: 'TMALL',
        accountName: '深圳前海优品供应链有限公司',
        bankName: '招商银行深圳前海分行',
        bankAccount: '755912345610802',
        changeTime: '2024-03-01 16:42:10',
        changeInfo: '回款账户由 755912345610201 变更为 755912345610802',
      },
    ]);
    const jdAccounts = await query('/open/info/enterprise/repayment/account-monitor', {
      enterpriseId: owner,
      platform: 'JD',
    });
    expect(jdAccounts.body.accountList).toEqual([]);

    const ranking = await query('/open/info/enterprise/brand/ranking', {
      rankingType: '99',
      dataMonth: '2024-02',
      brandRankings: [{ brand: 'SK-II', category: '精华' }, { brand: 'a2' }, { brand: 'Unranked' }],
    });
    expect(ranking.body).toMatchObject({ flag: 'success', dataMonth: '2024-02' });
    expect(ranking.body.dataList).toEqual([
      { brand: 'SK-II', category: '精华', sumUpRanking: 3, highEndRanking: 1, popularRanking: null },
      {
        brand: 'a2',
        category: '婴幼儿配方奶粉',
        sumUpRanking: 5,
        highEndRanking: null,
        popularRanking: null,
      },
      { brand: 'Unranked', category: null, sumUpRanking: null, highEndRanking: null, popularRanking: null },
    ]);
    const composite = await query('/open/info/enterprise/brand/ranking', {
      rankingType: '0',
      brandRankings: [{ brand: 'SK-II', category: '精华' }],
    });
    expect(composite.body.dataMonth).toBe('2024-02');
    // All three places of §3; the types not asked for are null.
    expect(composite.body.dataList).toEqual([
      { brand: 'SK-II', category: '精华', sumUpRanking: 3, highEndRanking: null, popularRanking: null },
    ]);

    const toB = await query('/open/info/tob', { enterpriseId: owner, platform: 'JD', dataYear: '2024' });
    expect(toB.body.platformDataList).toEqual([
      {
        platform: 'JD',
        startDate: '2023-04-01',
        endDate: '2024-02-29',
        firstDate: '2023-04-18',
        purchaseCycle: '每月两次',
        settleCycle: '月结60天',
        saleList: examples.ecommerceSalesToB.saleList,
        settleList: examples.ecommerceSalesToB.settleList,
      },
    ]);
    const toBJanuary = await query('/open/info/tob', { enterpriseId: owner, dataYear: '2024-02' });
    expect(toBJanuary.body.platformDataList[0].saleList.map((s: Json) => s.period)).toEqual(['2024-02']);
    expect(toBJanuary.body.platformDataList[0].settleList).toEqual([]);

    const toC = await query('/open/info/toc', {
      enterpriseId: owner,
      dataYear: '2024',
      shopCode: 'TM-QHYP-001',
    });
    expect(toC.body.shopDataList).toEqual([
      {
        platform: 'TMALL',
        shopName: '优品海外旗舰店',
        startDate: '2023-01-01',
        endDate: '2024-02-29',
        firstDate: '2022-11-11',
        shopCode: 'TM-QHYP-001',
        monthDataList: [
          ...(examples.ecommerceSalesToC.monthDataList ?? []),
          { period: '2024-03', currency: 'CNY', amount: 990_000, billNum: 2_800, GMVAmount: 1_050_000 },
        ],
      },
    ]);

    const tax = await query('/open/info/enterprise/tax', {
      nsrsbh: owner,
      nsrsmc: '深圳前海优品供应链有限公司',
      orderNum: 'LOAN-1',
      sendtype: '01',
    });
    expect(tax.status).toBe(200);
    expect(tax.body).toMatchObject({
      result: '000000',
      resultmsg: '成功',
      orderNum: 'LOAN-1',
      datatype: '01',
      reportTime: '2024-03-20 02:00:00',
      xypjList: [{ pjnd: '2023', pjjb: 'A', pjfs: 98 }],
      taxlist: [],
      qybgdjList: [],
    });
    expect(tax.body.flag).toBeUndefined();
    // In its own convention, and exportable like every answer (query-api/README.md "Exports").
    const taxCsv = await fetch(`${queryUrl}/open/info/enterprise/tax`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${keys.lender}`,
        accept: 'text/csv',
      },
      body: JSON.stringify({
        nsrsbh: owner,
        nsrsmc: '深圳前海优品供应链有限公司',
        orderNum: 'LOAN-1',
        sendtype: '01',
      }),
    });
    expect(taxCsv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = (await taxCsv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The fourteen lists share one table, each row naming its list (every text cell is quoted:
    // none of these holds a comma or a quote).
    const cellsOf = (line: string) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1'));
    const columns = cellsOf(header ?? '');
    expect(columns[0]).toBe('list');
    const rating = rows.map(cellsOf).find((cells) => cells[0] === 'xypjList');
    expect(['pjnd', 'pjjb', 'pjfs'].map((name) => rating?.[columns.indexOf(name)])).toEqual([
      '2023',
      'A',
      '98',
    ]);
  });

  it('refuses what §5 refuses, with bilingual messages naming the field, and other enterprises’ data', async () => {
    const missing = await query('/open/info/tob', { enterpriseId: owner }, keys.lender, 'en');
    expect(missing.status).toBe(400);
    expect(missing.body.flag).toBe('failure');
    expect(missing.body.message).toContain('dataYear');
    const platform = await query('/open/info/toc', {
      enterpriseId: owner,
      dataYear: '2024',
      platform: 'TAOBAO',
    });
    expect(platform.status).toBe(400);
    expect(platform.body.message).toContain('KAOLA');
    const longShop = await query('/open/info/toc', {
      enterpriseId: owner,
      dataYear: '2024',
      shopCode: 'S'.repeat(51),
    });
    expect(longShop.status).toBe(400);
    const ranking = await query('/open/info/enterprise/brand/ranking', {
      rankingType: '3',
      brandRankings: [],
    });
    expect(ranking.status).toBe(400);
    expect(ranking.body.errors.map((e: Json) => e.path).sort()).toEqual(['brandRankings', 'rankingType']);
    const indicators = await query('/open/info/indicators', { enterpriseCode: owner });
    expect(indicators.status).toBe(400);
    expect(indicators.headers.get('deprecation')).toBe('true');

    const forbidden = await query(
      '/open/info/enterprise/data-in-warehouse',
      { enterpriseId: owner },
      keys.otherLender,
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('ENTERPRISE_NOT_GRANTED');

    const taxInvalid = await query(
      '/open/info/enterprise/tax',
      { nsrsbh: owner, sendtype: '03' },
      keys.lender,
      'en',
    );
    expect(taxInvalid.status).toBe(400);
    expect(taxInvalid.body.result).toBe('100001');
    expect(taxInvalid.body.resultmsg).toContain('nsrsmc');
    expect(taxInvalid.body.resultmsg).toContain('sendtype');
    const taxForbidden = await query(
      '/open/info/enterprise/tax',
      { nsrsbh: owner, nsrsmc: 'x', orderNum: '1', sendtype: '02' },
      keys.otherLender,
    );
    expect(taxForbidden.body.result).toBe('100403');
    const taxNoKey = await fetch(`${queryUrl}/open/info/enterprise/tax`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(taxNoKey.status).toBe(401);
    expect(((await taxNoKey.json()) as Json).result).toBe('100401');
  });
});
