import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaNodes as nodes } from '../documents/testing.ts';
import { type QueryTypeId, queryType, queryTypes } from './catalogue.ts';
import { queryTypesModule, queryTypesPath } from './types-source.ts';

const enterpriseLists: QueryTypeId[] = [
  'purchaseOrders',
  'salesToBusiness',
  'salesToConsumer',
  'customsDeclarations',
  'inboundDetails',
  'outboundDetails',
];

describe('query catalogue', () => {
  it('serves the spec paths where the spec gives them (§7), each path once', () => {
    const paths = Object.fromEntries(queryTypes.map((type) => [type.id, type.path]));
    expect(paths).toMatchObject({
      linkNode: '/open/info/link/node',
      goods: '/open/info/goods',
      inventory: '/open/inventory/query',
      warehouseSummary: '/open/info/warehouse/summary',
      inboundDetails: '/open/info/enterprise/history/inbound-details',
      outboundDetails: '/open/info/enterprise/history/outbound-details',
      expressSubscription: '/logistics/kdn/track/subscription',
      expressRouteMapSubscription: '/open/logistics/kdn/track/subscription/route/map',
      oceanTracking: '/open/freightower/trace/ocean',
      terminalTracking: '/open/freightower/trace/shipment',
    });
    expect(new Set(queryTypes.map((type) => type.path)).size).toBe(queryTypes.length);
    expect(new Set(queryTypes.map((type) => type.id)).size).toBe(queryTypes.length);
    expect(queryType('linkNode').title).toEqual({ cn: '链路节点查询', en: 'Link-node query' });
    expect(() => queryType('vessel' as QueryTypeId)).toThrow(/unknown query type/);
  });

  it('titles every request and field in Chinese and English, and describes every response', () => {
    const missing: string[] = [];
    for (const type of queryTypes) {
      for (const [path, node] of nodes(type.request, type.id)) {
        for (const keyword of ['title', 'description', 'x-title-en', 'x-description-en'] as const) {
          if (!node[keyword]?.trim()) missing.push(`${path} ${keyword}`);
        }
      }
      if (!type.response.cn.trim() || !type.response.en.trim()) missing.push(`${type.id} response`);
    }
    expect(missing).toEqual([]);
  });

  it('pages enterprise lists from 1, 100 rows by default, at most 200 (§9)', () => {
    for (const id of enterpriseLists) {
      const { page, pageSize } = queryType(id).request.properties ?? {};
      expect(page, id).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
      expect(pageSize, id).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 100 });
    }
    expect(queryType('inventory').request.properties?.pageSize).toMatchObject({ maximum: 200 });
    expect(queryType('inventory').request.required).toEqual(expect.arrayContaining(['pageNo', 'pageSize']));
  });

  it('asks subscriptions for an http(s) callback URL of at most 255 characters', () => {
    for (const type of queryTypes.filter((candidate) => candidate.kind !== 'query')) {
      expect(type.request.properties?.callbackUrl, type.id).toMatchObject({
        type: 'string',
        maxLength: 255,
        format: 'http-url',
      });
      expect(type.request.required?.includes('callbackUrl'), type.id).toBe(type.kind === 'subscription');
    }
  });
});

describe('generated request types', () => {
  it('are up to date with the schemas (regenerate: node schemas/scripts/generate-types.ts)', () => {
    expect(readFileSync(queryTypesPath, 'utf8')).toBe(queryTypesModule());
  });
});
