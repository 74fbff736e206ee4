import type { AddressInfo } from 'node:net';
import { createLogger } from '@tradelog/schemas';
import { documentTypes, type JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { createDocumentValidators } from '@tradelog/schemas/documents/validator';
import { expressRoutes } from '@tradelog/schemas/kit/openapi/routes';
import { operationKeys } from '@tradelog/schemas/openapi/document';
import { describe, expect, it } from 'vitest';
import { createIngestApp } from './app.ts';
import { buildInterfaces } from './intake/interfaces.ts';
import { ingestOpenApi } from './openapi.ts';

/** The app as main.ts builds it; no request reaches its producer, codec or keys. */
function ingestApp(product: string) {
  const interfaces = buildInterfaces({
    types: documentTypes,
    product,
    log: Object.fromEntries(
      documentTypes.map((type, index) => [type.id, { topic: type.topic, schemaId: index + 1 }]),
    ),
    validators: createDocumentValidators(),
  });
  const unused = () => {
    throw new Error('not used by this test');
  };
  const app = createIngestApp({
    interfaces,
    producer: { append: unused, isReady: () => true, brokerAnswers: async () => true },
    codec: { encodeRaw: unused },
    keys: { resolve: unused },
    now: () => new Date(0),
    newId: () => 'id',
    logger: createLogger({ service: 'test' }, { write: () => {} }),
    bodyLimitBytes: 1024 * 1024,
  });
  return { app, interfaces };
}

describe('ingest OpenAPI document', () => {
  it('has an entry for every route the app serves and none without a route', async () => {
    const { app, interfaces } = ingestApp('acme');
    const documented = operationKeys(ingestOpenApi(interfaces, 1024 * 1024));
    expect(documented).toContain('POST /acme/acme-order/api/v2/doc/purchase/accept');
    // The submission interfaces are dispatched by path (app.ts), not Express routes: each is
    // asked for over HTTP, without a key, and must be served (401), never 404.
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statusOf = async (entry: string) => {
        const [method, path] = entry.split(' ') as [string, string];
        return (await fetch(`${base}${path}`, { method })).status;
      };
      const served = [...expressRoutes(app)];
      for (const entry of documented) if ((await statusOf(entry)) !== 404) served.push(entry);
      expect(new Set(served)).toEqual(new Set(documented));
      expect(await statusOf('POST /acme/acme-order/api/v2/doc/no-such/accept')).toBe(404);
      // As Express routes match: a trailing slash and another case reach the same interface.
      expect(await statusOf('POST /acme/acme-order/api/v2/doc/purchase/accept/')).toBe(401);
      expect(await statusOf('POST /ACME/acme-order/api/v2/doc/purchase/accept')).toBe(401);
      expect(await statusOf('GET /acme/acme-order/api/v2/doc/purchase/accept')).toBe(405);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('describes every submission interface of the catalogue with its schema, example, responses and limits', () => {
    const { interfaces } = ingestApp('tradelog');
    const document = ingestOpenApi(interfaces, 2048);
    for (const intf of interfaces) {
      const operation = document.paths[intf.path]?.post;
      expect(operation, intf.id).toBeDefined();
      const body = (
        operation!.requestBody!.content as Record<string, { schema: { title?: string }; example: unknown }>
      )['application/json']!;
      expect(body.schema.title).toBe(documentTypes.find((type) => type.id === intf.id)!.schema.title);
      expect(body.example).toBeDefined();
      // What a submission must meet: the intake rule is the field's maxLength (schemas/README.md "Intake rules").
      const superviseType = (body.schema as JsonSchema).properties?.superviseType;
      if (superviseType) expect(superviseType).toMatchObject({ maxLength: 6 });
      expect(Object.keys(operation!.responses)).toEqual([
        '200',
        '400',
        '401',
        '403',
        '409',
        '413',
        '415',
        '422',
        '429',
        '503',
      ]);
      expect(operation!.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      );
      expect(operation!.responses['200']!.headers).toHaveProperty('Idempotent-Replayed');
      expect(operation!.responses['429']!.headers).toHaveProperty('Retry-After');
      expect(operation!.description).toContain('2048 bytes');
    }
    expect(document.info.description).toMatch(
      /without an `Idempotency-Key` header every accepted request is a new submission/,
    );
    expect(document.info.description).toMatch(/resend with the same key/);
  });
});
