import { emptyAllowlist } from '@tradelog/projections/push/callbackTarget';
import { pushFamilies } from '@tradelog/projections/push/families';
import { pushPayload } from '@tradelog/projections/push/payloads';
import { createLogger, TradelogError } from '@tradelog/schemas';
import { enterpriseChangeSources } from '@tradelog/schemas/changes/contract';
import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { createValidatorCompiler } from '@tradelog/schemas/documents/validator';
import { expressRoutes } from '@tradelog/schemas/kit/openapi/routes';
import { operationKeys } from '@tradelog/schemas/openapi/document';
import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { queryFormats } from '@tradelog/schemas/queries/formats';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { queryApiOpenApi } from './openapi.ts';
import { queryApiRouters } from './routers.ts';

/** The app exactly as main.ts mounts it; the pool is never asked anything here. */
function mainApp() {
  const logger = createLogger({ service: 'test' }, { write: () => {} });
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
  return createApp({
    logger,
    content: {
      pool,
      clock: { now: () => 0 },
      logger,
      product: 'tradelog',
      sendSms: async () => {
        throw new TradelogError('SMS_UNAVAILABLE', 'no gateway', { status: 503 });
      },
    },
    routers: queryApiRouters({ pool, namespace: 'proj', callbackAllowlist: emptyAllowlist }),
  });
}

describe('query-api OpenAPI document', () => {
  const document = queryApiOpenApi({ product: 'tradelog' });

  it('has an entry for every route the app serves, and no entry without a route', () => {
    const routes = expressRoutes(mainApp());
    const documented = operationKeys(document);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((entry) => !routes.includes(entry))).toEqual([]);
  });

  it('declares 429 and 503 on every keyed and every portal operation: each counts its calls and reads Postgres', () => {
    type Operation = { security?: unknown[]; responses: Record<string, unknown> };
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    ))
      for (const [method, operation] of Object.entries(operations)) {
        const limited = (operation.security?.length ?? 0) > 0 || path.startsWith('/portal-api/');
        if (limited && !('429' in operation.responses && '503' in operation.responses))
          undeclared.push(`${method} ${path}`);
      }
    expect(undeclared).toEqual([]);
  });

  it('offers an export of every page on the lender queries that page, with its cap refusal (README "Exports")', () => {
    type Post = { parameters: { name: string; schema: { enum?: string[] } }[]; responses: object };
    const paths = document.paths as unknown as Record<string, { post: Post }>;
    const post = (id: string) => paths[queryTypes.find((type) => type.id === id)!.path]!.post;
    for (const id of ['purchaseOrders', 'customsDeclarations', 'goods', 'inventory', 'inboundDetails']) {
      const pages = post(id).parameters.find((parameter) => parameter.name === 'pages');
      expect(pages?.schema.enum, id).toEqual(['all']);
      expect(Object.keys(post(id).responses), id).toEqual(expect.arrayContaining(['422', '429']));
    }
    const unpaged = post('warehouseSummary').parameters.map((parameter) => parameter.name);
    expect(unpaged).not.toContain('pages');
  });

  it('covers every query and subscription interface of the catalogue, with schema, example and auth', () => {
    for (const type of queryTypes) {
      // The vessel look-ups are GET with query parameters (query spec §7); the archive's form is its POST.
      if (type.method === 'GET') {
        const get = document.paths[type.path]?.get;
        expect(get, type.id).toBeDefined();
        const names = (get!.parameters as { name: string; in: string }[])
          .filter((p) => p.in === 'query')
          .map((p) => `${p.in}:${p.name}`);
        // The request's fields, and `after` (README "Read your writes").
        expect(names, type.id).toEqual([
          ...Object.keys(type.request.properties ?? {}).map((name) => `query:${name}`),
          'query:after',
        ]);
        expect(get!.security).toEqual([{ bearerApiKey: [] }, { headerApiKey: [] }]);
        if (type.id !== 'vesselArchive') continue;
      }
      const operation = document.paths[type.path]?.post;
      expect(operation, type.id).toBeDefined();
      const body = operation!.requestBody?.content as Record<string, { schema: object; example: unknown }>;
      const media = type.method === 'GET' ? 'multipart/form-data' : 'application/json';
      expect(body[media]!.schema).toMatchObject({ type: 'object' });
      expect(body[media]!.example, type.id).toBeDefined();
      expect(operation!.security).toEqual([{ bearerApiKey: [] }, { headerApiKey: [] }]);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    }
  });

  it('documents the change sources a subscription may name and its default, as the route takes them', () => {
    const body = document.paths['/subscriptions/changes']?.post?.requestBody?.content as Record<
      string,
      { schema: JsonSchema }
    >;
    const projections = body['application/json']!.schema.properties?.projections;
    expect(projections?.items?.enum).toEqual(enterpriseChangeSources);
    expect(projections?.items?.enum).toContain('enterprise-feeds');
    expect(projections?.default).toEqual(enterpriseChangeSources);
  });

  it('is OpenAPI 3.1 with the bearer API key scheme and the failure envelope', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toMatchObject({
      bearerApiKey: { type: 'http', scheme: 'bearer' },
    });
    expect(document.components.schemas!.Failure).toMatchObject({ required: ['flag', 'code', 'message'] });
    expect(document.paths['/portal-api/api/front/home/index.do']?.post?.security).toEqual([]);
  });

  // Compiles every request and response schema (over a hundred): seconds of CPU on a busy
  // machine, so it has room beyond the default 5 s.
  it('has request and response schemas that compile in strict mode (the validators ingest uses)', () => {
    const compile = createValidatorCompiler(queryFormats);
    const schemas = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).flatMap((operation) => [
        ...Object.values((operation.requestBody?.content ?? {}) as Record<string, { schema: JsonSchema }>),
        ...Object.values(operation.responses).flatMap((response) =>
          Object.values(
            (response.content ?? {}) as Record<string, { schema: JsonSchema & { $ref?: string } }>,
          ),
        ),
      ]),
    );
    expect(schemas.length).toBeGreaterThan(100);
    for (const { schema } of schemas) {
      if ('$ref' in schema) continue;
      expect(() => compile(schema), JSON.stringify(schema).slice(0, 200)).not.toThrow();
    }
    expect(() => compile(document.components.schemas!.Failure as JsonSchema)).not.toThrow();
  }, 60_000);

  describe('webhooks (query spec §3, §8, §9)', () => {
    type WebhookPost = {
      parameters: { name: string; in: string }[];
      requestBody: { content: { 'application/json': { schema: JsonSchema } } };
      responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
      'x-push-families': string[];
    };
    const posts = Object.values(document.webhooks ?? {}).map((item) => (item as { post: WebhookPost }).post);
    const compile = createValidatorCompiler(queryFormats);

    it('lists every push family once, each with its signed headers, payload and reply schemas', () => {
      expect(posts.flatMap((post) => post['x-push-families']).sort()).toEqual([...pushFamilies].sort());
      for (const post of posts) {
        expect(post.parameters.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(
          expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'retry-count']),
        );
        expect(() => compile(post.requestBody.content['application/json'].schema)).not.toThrow();
        expect(() => compile(post.responses['200']!.content!['application/json'].schema)).not.toThrow();
      }
    });

    it('describes the bodies the push processor renders (projections/src/push/payloads.ts), each by its own version’s schema', () => {
      const data: Record<string, Record<string, unknown>> = {
        express: {
          state: '3',
          stateEx: '301',
          traces: [{ acceptTime: '2022-07-13 09:40:03', acceptStation: '已签收', action: '301' }],
          routeMapUrl: 'https://map/1',
          coordinates: [{ latAndLng: '31.230416,121.473701', location: '上海市' }],
          senderCityLatAndLng: '22.543096,114.057865',
          deliveryManTel: '13800000000',
        },
        air: { data: { businessNumber: '78412345675', status: 'PROCESS', transportEvents: [] } },
        ocean: {
          result: { billNo: 'B1', isBillNo: 'Y', statusCategory: 'PROCESS', delivery: { code: 'NLRTM' } },
        },
        terminal: { result: { shipment: { businessNumber: 'B1', status: 'COMPLETE' } } },
        changes: { kind: 'purchase', orderNo: 'PO1', from: '10', to: '20' },
      };
      const criteria: Record<string, unknown> = {
        express: { shipperCode: 'YTO', logisticCode: 'YT1', sort: '1' },
        air: { businessNumber: '78412345675' },
        ocean: { billNo: 'B1', carrierCode: 'AUTO' },
        terminal: { businessNumber: 'B1', portCode: 'CNNGB', ieid: 'E' },
        changes: { enterprise: 'E1', projections: ['order-status'] },
      };
      const bodies = new Map<string, unknown>();
      for (const family of pushFamilies) {
        const base = family === 'express-map' ? 'express' : family;
        const body = pushPayload(
          {
            eventId: 'e1',
            ...(family === 'changes'
              ? ({ projection: 'order-status', kind: 'order.status-changed' } as const)
              : ({ projection: 'tracking', kind: 'express.traces' } as const)),
            enterprise: 'E1',
            subject: 's',
            occurredAt: '2022-07-13T02:00:00.000Z',
            source: { documentId: 'd', topic: 't', partition: 0, offset: '1' },
            data: data[base]!,
          },
          { subscriptionId: 'sub-1', family, criteria: criteria[base], sequence: 1, now: new Date(0) },
        );
        const post = posts.find((candidate) => candidate['x-push-families'].includes(family))!;
        const validate = compile(post.requestBody.content['application/json'].schema);
        expect(validate(body), family).toEqual([]);
        expect(validate({}), family).not.toEqual([]);
        bodies.set(family, body);
      }
      // The versions differ where the spec says they do (§1 map and text versions): a map body
      // is not a text push, and the text push names no map field.
      const textSchema = compile(
        posts.find((post) => post['x-push-families'].includes('express'))!.requestBody.content[
          'application/json'
        ].schema,
      );
      expect(textSchema(bodies.get('express-map'))).not.toEqual([]);
      const [textItem] = (bodies.get('express') as { data: Record<string, unknown>[] }).data;
      expect(Object.keys(textItem!)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(routeMapUrl|coordinates|senderCityLatAndLng)$/)]),
      );
    });

    it('describes the alert kinds’ bodies (collateral.released, coverage.low) by their own data schemas', () => {
      const post = posts.find((candidate) => candidate['x-push-families'].includes('changes'))!;
      const validate = compile(post.requestBody.content['application/json'].schema);
      const render = (kind: 'collateral.released' | 'coverage.low', data: Record<string, unknown>) =>
        pushPayload(
          {
            eventId: 'e1',
            projection: 'collateral',
            kind,
            enterprise: 'E1',
            subject: 's',
            occurredAt: '2022-07-13T02:00:00.000Z',
            source: { documentId: 'd', topic: 't', partition: 0, offset: '1' },
            data,
          },
          {
            subscriptionId: 'sub-1',
            family: 'changes',
            criteria: { enterprise: 'E1', projections: ['collateral'], kinds: [kind] },
            sequence: 1,
            now: new Date(0),
          },
        );
      const released = {
        collateral: { kind: 'warehouseReceipt', warehouse: 'W1', number: 'IN1' },
        financingOrderNos: ['F1'],
        cause: { kind: 'outbound', documentType: 'outbound', documentId: 'd', orderNo: 'OUT1' },
        stockLeft: { before: { qty: 100, value: 1000 }, after: { qty: 70, value: 700 } },
      };
      const low = {
        financingOrderNo: 'F1',
        threshold: 1,
        coverage: { before: 1, after: 0.7 },
        stockValue: 700,
        purchaseAmount: 1000,
        unpricedLines: 0,
        cause: { documentType: 'outbound', documentId: 'd', orderNo: 'OUT1' },
      };
      expect(validate(render('collateral.released', released))).toEqual([]);
      expect(validate(render('coverage.low', low))).toEqual([]);
      // Each kind is held to its own data: a release's body is no low-coverage push.
      expect(validate(render('coverage.low', released))).not.toEqual([]);
      expect(validate(render('collateral.released', { ...released, financingOrderNos: [] }))).not.toEqual([]);
    });

    it('documents examples that validate against their own webhook’s schema', () => {
      for (const post of posts) {
        const { schema, example } = post.requestBody.content['application/json'] as unknown as {
          schema: JsonSchema;
          example: unknown;
        };
        expect(compile(schema)(example), post['x-push-families'].join()).toEqual([]);
      }
    });
  });
});
