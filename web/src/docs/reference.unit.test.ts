import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { goodsQueryFields } from '@tradelog/schemas/queries/responses';
import { describe, expect, it } from 'vitest';
import { eitherOrRules, fieldRows, responseRows } from './fieldRows.ts';
import {
  docId,
  documentationStamp,
  exampleCall,
  referenceEntries,
  referenceOf,
  stampText,
} from './reference.ts';

describe('API reference rows', () => {
  const pod = documentTypes.find((type) => type.id === 'pod')!;

  it('lists every property of a document with required flags and max lengths', () => {
    const rows = fieldRows(pod.schema, 'cn');
    expect(rows.map((row) => row.path).sort()).toEqual(Object.keys(pod.schema.properties ?? {}).sort());
    const entOrderNo = rows.find((row) => row.path === 'entOrderNo')!;
    expect(entOrderNo).toMatchObject({ required: true, maxLength: 32, type: 'string' });
    expect(rows.find((row) => row.path === 'billNo')).toMatchObject({ required: true, maxLength: 512 });
    expect(rows.find((row) => row.path === 'clientOrderNo')?.required).toBe(false);
    // An intake rule is the field's rule for a submission (schemas/README.md "Intake rules").
    expect(pod.schema.properties?.superviseType?.maxLength).toBe(255);
    expect(rows.find((row) => row.path === 'superviseType')).toMatchObject({ maxLength: 6 });
    expect(entOrderNo.title).not.toBe('');
    expect(fieldRows(pod.schema, 'en').find((row) => row.path === 'entOrderNo')!.title).toBe(
      'Enterprise order number',
    );
    expect(eitherOrRules(pod.schema)).toContainEqual(['busiOrderNo']);
  });

  it('descends into list items and names enumerations in the reader’s language', () => {
    const transport = documentTypes.find((type) => type.id === 'internalTransport')!;
    const rows = fieldRows(transport.schema, 'en');
    expect(rows.some((row) => row.path.startsWith('containerList[].'))).toBe(true);
    const serviceType = rows.find((row) => row.path === 'serviceType')!;
    expect(serviceType.enumeration.map((item) => item.value)).toEqual(['01', '02', '03']);
    expect(serviceType.enumeration.every((item) => item.label !== '')).toBe(true);
  });

  it('gives each document a response table and a round-tripping doc id', () => {
    for (const type of documentTypes) {
      expect(responseRows(type.response).map((row) => row.path)).toEqual(
        expect.arrayContaining(['flag', 'code', 'message']),
      );
      expect(referenceOf(docId(type))?.path).toBe(type.path);
    }
    expect(responseRows('ecommerce').map((row) => row.path)).toContain('status');
  });

  it('lays out the digital service output group (logistics2) with the spec’s entry ids', () => {
    const ids = referenceEntries.filter((entry) => entry.group === 'logistics2').map((entry) => entry.docId);
    // Our own lender query sits beside the link-node query; the spec's ids keep their order.
    expect(ids.indexOf('qyCollateral')).toBe(ids.indexOf('qyLogistics') + 1);
    expect(referenceOf('query_collateralExposure_api')?.docId).toBe('qyCollateral');
    expect(referenceOf('qyCollateral')?.path).toBe('/open/info/collateral/exposure');
    expect(ids.filter((id) => id !== 'qyCollateral').slice(0, 37)).toEqual(
      'qyBuy qyTb qyTc kdMap kdgjMap kyzhgz kyzhgzSend qybgxx hxcqxx mttbjh qqhbjh kdText kdgjText kdgjPush qyLogistics ccjy hcdw hczh qqhyzh qqhyzhSend cbArchive mtjzjh mtjzjhSend cbAis qkyzh gyysxx qyStock qySw qyTbEc qyTcEc qyGoods qyStockSummary qyWarehouse qyInbound qyOutbound qyPayment qyBrand'.split(
        ' ',
      ),
    );
    expect(new Set(referenceEntries.map((entry) => entry.docId)).size).toBe(referenceEntries.length);
  });

  it('renders every query-catalogue interface on a page, with request and response tables from its schemas', () => {
    for (const type of queryTypes) {
      const page = referenceEntries.find((entry) => entry.available && entry.path === type.path);
      expect(page, type.id).toBeDefined();
      expect(page!.group).toBe('logistics2');
      expect(page!.responseRows.length, type.id).toBeGreaterThan(0);
    }
    const linkNode = referenceOf('qyLogistics')!;
    expect(referenceOf('query_linkNode_api')).toBe(linkNode);
    expect(linkNode.path).toBe('/open/info/link/node');
    const rows = fieldRows(linkNode.schema, 'en');
    expect(rows.find((row) => row.path === 'customerCode')).toMatchObject({ required: true, maxLength: 20 });
    expect(rows.find((row) => row.path === 'documentsType')?.enumeration.map((item) => item.value)).toEqual([
      '10',
      '20',
      '30',
      '40',
    ]);
    expect(linkNode.responseRows.map((row) => row.path)).toEqual(
      expect.arrayContaining(['flag', 'code', 'message', 'arrivalInfo', 'salesInfo', 'freshness']),
    );
    const orders = referenceOf('qyBuy')!;
    expect(orders.responseRows.map((row) => row.path)).toEqual(
      expect.arrayContaining(['dataList', 'dataList[].orderState', 'dataList[].goodsList[].barCode']),
    );
    expect(linkNode.responseNote?.en).toContain('eleven blocks');
  });

  it('documents the answers field by field: goods, customs goods items, warehouse summary, ocean and terminal results', () => {
    const paths = (docId: string) => referenceOf(docId)!.responseRows.map((row) => row.path);
    expect(paths('qyGoods')).toEqual(
      expect.arrayContaining([
        'goodsList[].goodsNo',
        ...goodsQueryFields.map((name) => `goodsList[].${name}`),
      ]),
    );
    expect(paths('qybgxx')).toEqual(
      expect.arrayContaining([
        'dataList[].ieFlag',
        'dataList[].goodsList[].hsCode',
        'dataList[].goodsList[].declareUnit',
        'dataList[].goodsList[].destinationCountry',
      ]),
    );
    const hsCode = referenceOf('qybgxx')!.responseRows.find(
      (row) => row.path === 'dataList[].goodsList[].hsCode',
    );
    expect(hsCode?.description.en).toContain('at most 20');
    expect(hsCode?.type).toBe('string | null');
    expect(paths('qyStockSummary')).toEqual(
      expect.arrayContaining([
        'dataList[].inputAmount',
        'dataList[].inputUnpricedLines',
        'dataList[].inventorySkuNum',
      ]),
    );
    expect(paths('qyWarehouse')).toEqual(expect.arrayContaining(['countDate', 'warehouseIds']));
    expect(paths('qqhyzh')).toEqual(
      expect.arrayContaining([
        'data.result.carrier.scac',
        'data.result.routes[].modeDetails.aisAta',
        'data.result.containers[].status[].portCode',
        'data.result.containers[].status[].isExport',
        'data.result.currentStatus.source',
      ]),
    );
    expect(paths('mtjzjh')).toEqual(
      expect.arrayContaining([
        'data.result.shipment.equipmentEvents[].eventCategory',
        'data.result.shipment.transportEvents[].transportCall.location.portEn',
        'data.result.shipment.shipmentLocations[].locationCategory',
      ]),
    );
  });

  it('says plainly when an entry’s interface is not in the catalogue yet, and invents nothing', () => {
    const pending = referenceEntries.filter((entry) => !entry.available);
    for (const entry of pending) {
      expect(entry).toMatchObject({ path: '', example: undefined, responseRows: [] });
    }
    const push = referenceOf('kdgjPush')!;
    expect(push.kind).toBe('push');
    expect(referenceOf(push.subscribedBy!)?.docId).toBe('kdgjText');
  });
});

describe('push pages of the docs centre (query spec §3, §8, §9)', () => {
  const pages = { kdgjPush: 'kdgjText', kyzhgzSend: 'kyzhgz', qqhyzhSend: 'qqhyzh', mtjzjhSend: 'mtjzjh' };

  it('renders each push page from the webhooks’ declaration: payload, signed headers and reply', () => {
    for (const [docId, subscribedBy] of Object.entries(pages)) {
      const entry = referenceOf(docId)!;
      expect(entry, docId).toMatchObject({
        available: true,
        kind: 'push',
        subscribedBy,
        path: 'callbackUrl',
      });
      expect(entry.push!.headers.map((header) => header.name)).toEqual(
        expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'retry-count']),
      );
      expect(fieldRows(entry.schema, 'en').length, docId).toBeGreaterThan(3);
      expect(entry.responseRows.length, docId).toBeGreaterThan(1);
    }
    const express = referenceOf('kdgjPush')!;
    expect(fieldRows(express.schema, 'en').map((row) => row.path)).toEqual(
      expect.arrayContaining(['pushTime', 'count', 'data', 'data[].stateEx', 'data[].traces[].acceptTime']),
    );
    expect(express.responseRows.map((row) => row.path)).toEqual(['updateTime', 'success', 'reason']);
    expect(express.push!.retries.en).toContain('15 and 30 minutes');
    const ocean = referenceOf('qqhyzhSend')!;
    expect(fieldRows(ocean.schema, 'en').map((row) => row.path)).toEqual(
      expect.arrayContaining(['params.referenceno', 'params.subscriptions[].DTP', 'result.statusCategory']),
    );
    expect(ocean.responseRows.map((row) => row.path)).toEqual([
      'ok',
      'errorCode',
      'errorMessage',
      'retriable',
    ]);
    expect(ocean.push!.retries.en).toContain('retriable: true');
  });

  it('leaves no push page “not available”', () => {
    expect(referenceEntries.filter((entry) => entry.kind === 'push' && !entry.available)).toEqual([]);
  });
});

describe('reference feeds and look-ups in the docs centre', () => {
  it('has a page for every reference feed and every look-up, rendered from their schemas', () => {
    const feeds = referenceEntries.filter((entry) => entry.path.startsWith('/api/v2/feed/reference/'));
    expect(feeds.map((entry) => [entry.group, entry.path])).toEqual(
      [
        'vesselArchiveFeed',
        'aisPositionFeed',
        'transportBillFeed',
        'routeScheduleFeed',
        'vesselPlanFeed',
        'flightFeed',
        'truckPositionFeed',
        'carrierFeed',
      ].map((id) => ['feeds', `/api/v2/feed/reference/${id}`]),
    );
    const ais = referenceOf('aisPositionFeed_api')!;
    expect(fieldRows(ais.schema, 'en').find((row) => row.path === 'draught')?.description).toBe(
      'Draught in millimetres',
    );
    // The spec's menu ids of the look-ups (logistics2), now served.
    const lookUps = Object.fromEntries(
      ['cbArchive', 'cbAis', 'gyysxx', 'hxcqxx', 'mttbjh', 'qqhbjh', 'hcdw', 'hczh'].map((id) => {
        const entry = referenceOf(id)!;
        return [id, `${entry.available ? entry.method : 'missing'} ${entry.path}`];
      }),
    );
    expect(lookUps).toEqual({
      cbArchive: 'GET /5666666',
      cbAis: 'GET /open/freightower/vessel/detail',
      gyysxx: 'POST /gjys',
      hxcqxx: 'POST /open/freightower/schedule/hxcq',
      mttbjh: 'POST /open/freightower/terminal/mtcbjh',
      qqhbjh: 'POST /open/flight/qqhbjh',
      hcdw: 'POST /open/truck/tuochedingwei',
      hczh: 'POST /open/truck/tuochematougenzong',
    });
    expect(referenceOf('qqhbjh')!.responseRows.map((row) => row.path)).toContain('data.totaPages');
    expect(referenceOf('mttbjh')!.responseRows.map((row) => row.path)).toContain('statusCode');
  });
});

describe('documentation stamp (query spec §9, submission spec §1)', () => {
  it('is 13 July 2022, written for each locale', () => {
    expect(documentationStamp).toBe('2022-07-13');
    expect(stampText('en')).toBe('13 July 2022');
    expect(stampText('cn')).toBe('2022年7月13日');
  });
});

describe('example call', () => {
  it('writes a GET’s example as its query string and a POST’s as its JSON body', () => {
    expect(exampleCall({ method: 'GET', path: '/open/vessel', example: { imo: '9', name: 'A B' } })).toBe(
      'GET /open/vessel?imo=9&name=A+B\nAuthorization: Bearer <key>',
    );
    expect(exampleCall({ path: '/tradelog/pod', example: { a: 1 } })).toBe(
      'POST /tradelog/pod\nContent-Type: application/json\nAuthorization: Bearer <key>\n\n{\n  "a": 1\n}',
    );
  });
});
