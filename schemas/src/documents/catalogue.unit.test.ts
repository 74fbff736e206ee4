import { describe, expect, it } from 'vitest';
import { type DocumentTypeId, documentType, documentTypes } from './catalogue.ts';
import { examples } from './examples.ts';
import { schemaNodes as nodes } from './testing.ts';

const ids: DocumentTypeId[] = [
  'pod',
  'internalTransport',
  'inbound',
  'outbound',
  'check',
  'ondedEcOrder',
  'bondedEcLogistics',
  'goods',
  'tally',
  'clearance',
  'purchase',
  'saleOrderToB',
  'saleOrderToC',
  'synchronizeGoods',
];

// The submission spec's 14 documents; the providers' feeds follow them (tested below).
const submissions = documentTypes.filter((type) => type.group === 'logistics' || type.group === 'business');

describe('document catalogue', () => {
  it('lists the 14 entries of the spec, in its order, each once', () => {
    expect(submissions.map((type) => type.id)).toEqual(ids);
    expect(documentTypes.slice(0, 14)).toEqual(submissions);
  });

  it('lists the eight reference feeds after them, each at /api/v2/feed/reference/<id>, keyed by the thing it describes', () => {
    const feeds = documentTypes.filter((type) => type.group === 'reference');
    expect(Object.fromEntries(feeds.map((type) => [type.id, type.keyField]))).toEqual({
      vesselArchiveFeed: 'mmsi',
      aisPositionFeed: 'mmsi',
      transportBillFeed: 'customerCode',
      routeScheduleFeed: 'carriercd',
      vesselPlanFeed: 'vesselNameEn',
      flightFeed: 'flightId',
      truckPositionFeed: 'vclN',
      carrierFeed: 'carrierCode',
    });
    for (const type of feeds) {
      expect(type.path).toBe(`/api/v2/feed/reference/${type.id}`);
      expect(type.response).toBe('common');
    }
  });

  it('adds the enterprise feeds after them, each on its own /api/v2/feed/enterprise path', () => {
    const feeds = documentTypes.filter((type) => type.group === 'enterprise-feed');
    expect(feeds.map((type) => type.id)).toEqual([
      'taxInformation',
      'ecommerceSalesToB',
      'ecommerceSalesToC',
      'paymentAccountChange',
      'brandRanking',
      'inWarehouseData',
      'warehouseIndicators',
      'warehouseStock',
    ]);
    for (const feed of feeds) expect(feed.path).toBe(`/api/v2/feed/enterprise/${feed.id}`);
  });

  it('puts 10 entries in the logistics group and the 4 product-prefixed trade ones in business (§1)', () => {
    const business = documentTypes.filter((type) => type.group === 'business').map((type) => type.id);
    expect(business).toEqual(['purchase', 'saleOrderToB', 'saleOrderToC', 'synchronizeGoods']);
    expect(documentTypes.filter((type) => type.group === 'logistics')).toHaveLength(10);
  });

  it('serves the paths of §7', () => {
    const paths = Object.fromEntries(submissions.map((type) => [type.id, type.path]));
    expect(paths).toEqual({
      pod: '/api/v2/doc/pod/accept',
      internalTransport: '/api/v2/doc/internalTransport/accept',
      inbound: '/api/v2/doc/inbound/accept',
      outbound: '/api/v2/doc/outbound/accept',
      check: '/api/v2/doc/check/accept',
      ondedEcOrder: '/api/v2/doc/ondedEcOrder/accept',
      bondedEcLogistics: '/api/v2/doc/bondedEcLogistics/accept',
      goods: '/api/v2/md/goods/import',
      tally: '/api/v2/doc/tally/accept',
      clearance: '/{product}-order/api/v2/doc/clearance/accept',
      purchase: '/{product}/{product}-order/api/v2/doc/purchase/accept',
      saleOrderToB: '/{product}/{product}-order/api/v2/doc/saleOrderToB/accept',
      saleOrderToC: '/{product}/{product}-order/api/v2/doc/saleOrderToC/accept',
      synchronizeGoods: '/{product}/{product}-order/api/md/synchronize/goods/import',
    });
    for (const type of documentTypes) expect(type.productPrefixed).toBe(type.path.includes('{product}'));
    expect(new Set(documentTypes.map((type) => type.path)).size).toBe(documentTypes.length);
  });

  it('gives each type its own topic, kept forever, keyed by a field its schema requires', () => {
    expect(new Set(documentTypes.map((type) => type.topic)).size).toBe(documentTypes.length);
    for (const type of documentTypes) {
      expect(type.topic).toBe(
        type.group === 'tracking' ? `tradelog.feed.${type.id}.v1` : `tradelog.doc.${type.id}.v1`,
      );
      expect(type.retention).toBe('forever');
      expect(type.partitions).toBeGreaterThan(0);
      expect(type.schema.required).toContain(type.keyField);
      expect(typeof (examples[type.id] as unknown as Record<string, unknown>)[type.keyField]).toBe('string');
    }
    expect(documentType('tally').keyField).toBe('orderNo');
    expect(documentType('goods').keyField).toBe('entInsideNo');
    expect(documentType('pod').keyField).toBe('entOrderNo');
  });

  it('answers e-commerce, goods import and tally with their own response shapes (§3.8, §3.15, §8)', () => {
    const shapes = Object.fromEntries(submissions.map((type) => [type.id, type.response]));
    expect(shapes.ondedEcOrder).toBe('ecommerce');
    expect(shapes.bondedEcLogistics).toBe('ecommerce');
    expect(shapes.goods).toBe('goods');
    expect(shapes.tally).toBe('tally');
    expect(Object.values(shapes).filter((shape) => shape === 'common')).toHaveLength(10);
  });

  it('rejects an unknown id', () => {
    expect(() => documentType('invoice' as DocumentTypeId)).toThrow(/unknown document type/);
  });

  it('titles every document, field and list in Chinese and English, for the API reference and messages', () => {
    const missing: string[] = [];
    for (const type of documentTypes) {
      for (const [path, node] of nodes(type.schema, type.id)) {
        for (const keyword of ['title', 'description', 'x-title-en', 'x-description-en'] as const) {
          if (!node[keyword]?.trim()) missing.push(`${path} ${keyword}`);
        }
        if (node.title && /[A-Za-z]{4,}/.test(node.title.replace(/HS|SK-II|IATA|ICAO|SCAC|GeoJSON/g, '')))
          missing.push(`${path} title not Chinese`);
      }
    }
    expect(missing).toEqual([]);
    expect(documentType('pod').title).toEqual({ cn: '到港单', en: 'Port arrival' });
  });

  it('labels every enumerated code in both languages, or says the spec gives no meanings', () => {
    for (const type of documentTypes) {
      for (const [path, node] of nodes(type.schema, type.id)) {
        if (!node.enum) continue;
        const labelled = node.enum.every(
          (value) => node['x-enum-titles']?.[value] && node['x-enum-titles-en']?.[value],
        );
        const saysUnnamed = node['x-description-en']?.includes('does not give their meanings');
        expect(labelled || saysUnnamed, path).toBe(true);
      }
    }
  });

  it('writes codes as strings and leaves unknown properties allowed', () => {
    for (const type of documentTypes) {
      for (const [path, node] of nodes(type.schema, type.id)) {
        if (node.enum) expect(node.type, path).toBe('string');
        expect(node.additionalProperties, path).toBeUndefined();
      }
    }
  });

  it('produces plain JSON: what the registry stores is what ajv compiles', () => {
    for (const type of documentTypes) expect(JSON.parse(JSON.stringify(type.schema))).toEqual(type.schema);
  });
});
