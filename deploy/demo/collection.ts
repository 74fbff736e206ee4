import type { OpenApiDocument, OpenApiOperation } from '@tradelog/schemas/openapi/document';
import { pathParameters } from '@tradelog/schemas/openapi/operation';

/**
 * The Postman collection (v2.1) `npm run demo` writes: one request per operation of the
 * services' OpenAPI documents (as they serve them, so an interface another family adds is in the
 * collection without touching this file), each with its example against the demo data, the keys
 * and ids as collection variables, and a test that the answer has the status its example says.
 * Pure: documents, plan and variables in, collection out.
 *
 * Each item also carries `x-tradelog` (ignored by Postman): the service, operation id, expected
 * statuses and variables to capture, which deploy/demo/runner.ts reads to run the collection.
 */
export type ServiceName = 'ingest' | 'queryApi';

export interface RequestPlan {
  /** Statuses the demo data makes this request answer; the first is the example's. */
  expect?: number[];
  /** Why a request is expected to be refused (shown in the item's description). */
  why?: string;
  /** Values for `{name}` path segments: literal text or `{{variable}}`. */
  path?: Record<string, string>;
  query?: Record<string, string>;
  /** A body other than the operation's example (`{{variable}}` allowed in strings). */
  body?: unknown;
  key?: 'partnerKey' | 'lenderKey' | 'operatorKey' | 'none';
  /** Collection variables set from the JSON answer: variable → dotted path (`dataList.0.id`). */
  capture?: Record<string, string>;
  /** Run after the others of its service (deletions). */
  last?: boolean;
}

export interface CollectionItem {
  name: string;
  request: {
    method: string;
    header: { key: string; value: string }[];
    url: { raw: string; host: string[]; path: string[]; query?: { key: string; value: string }[] };
    body?:
      | { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } }
      | { mode: 'urlencoded'; urlencoded: { key: string; value: string }[] };
    description?: string;
  };
  event: { listen: 'test'; script: { type: 'text/javascript'; exec: string[] } }[];
  'x-tradelog': {
    service: ServiceName;
    operationId: string;
    method: string;
    path: string;
    expect: number[];
    capture?: Record<string, string>;
  };
}

export interface PostmanCollection {
  info: { name: string; description: string; schema: string; _postman_id?: string };
  variable: { key: string; value: string; type: 'string' }[];
  item: { name: string; item: CollectionItem[] }[];
}

const postmanSchema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

function keyOf(operation: OpenApiOperation): RequestPlan['key'] {
  const audience = operation['x-audience'];
  if (audience.includes('public')) return 'none';
  if (audience.includes('lender')) return 'lenderKey';
  if (audience.includes('partner')) return 'partnerKey';
  return 'operatorKey';
}

function successStatus(operation: OpenApiOperation): number {
  return Number(Object.keys(operation.responses).find((status) => status.startsWith('2')) ?? 200);
}

/** The operation's example body, and whether it is sent as JSON or as a form (the vessel archive's form variant). */
function exampleBody(operation: OpenApiOperation): { body: unknown; form: boolean } {
  const content = operation.requestBody?.content as Record<string, { example?: unknown }> | undefined;
  const json = content?.['application/json']?.example;
  if (json !== undefined) return { body: json, form: false };
  const form =
    content?.['multipart/form-data']?.example ?? content?.['application/x-www-form-urlencoded']?.example;
  return { body: form, form: form !== undefined };
}

/** The example of every query parameter that has one (a GET look-up's criteria). */
function queryExamples(operation: OpenApiOperation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    const { name, in: where, example } = parameter as { name: string; in: string; example?: unknown };
    if (where === 'query' && example !== undefined) out[name] = String(example);
  }
  return out;
}

function parameterExample(operation: OpenApiOperation, name: string, where: 'path' | 'query') {
  const parameter = operation.parameters?.find(
    (candidate) => candidate.name === name && candidate.in === where,
  ) as { example?: unknown } | undefined;
  return parameter?.example === undefined ? undefined : String(parameter.example);
}

/** A dotted path into a JSON value (`subscription.id`, `dataList.0.id`). */
export function pick(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function itemOf(
  service: ServiceName,
  path: string,
  method: string,
  operation: OpenApiOperation,
  plan: RequestPlan,
): CollectionItem {
  const expect = plan.expect ?? [successStatus(operation)];
  const filled = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = plan.path?.[name] ?? parameterExample(operation, name, 'path');
    if (value === undefined) throw new Error(`${operation.operationId}: no value for {${name}}`);
    return value;
  });
  const key = plan.key ?? keyOf(operation);
  const example = exampleBody(operation);
  const body = plan.body ?? example.body;
  const form = plan.body === undefined && example.form;
  const query = Object.entries(plan.query ?? queryExamples(operation)).map(([name, value]) => ({
    key: name,
    value,
  }));
  const base = `{{${service}Url}}`;
  const rawQuery = query.length ? `?${query.map((entry) => `${entry.key}=${entry.value}`).join('&')}` : '';
  const captures = Object.entries(plan.capture ?? {});
  return {
    name: `${operation.summary} — ${method.toUpperCase()} ${path}`,
    request: {
      method: method.toUpperCase(),
      header: [
        ...(key === 'none' || key === undefined
          ? []
          : [{ key: 'Authorization', value: `Bearer {{${key}}}` }]),
        ...(body === undefined
          ? []
          : [
              { key: 'Content-Type', value: form ? 'application/x-www-form-urlencoded' : 'application/json' },
            ]),
        { key: 'Accept-Language', value: 'en' },
      ],
      url: {
        raw: `${base}${filled}${rawQuery}`,
        host: [base],
        path: filled.split('/').filter(Boolean),
        ...(query.length ? { query } : {}),
      },
      ...(body === undefined
        ? {}
        : form
          ? {
              body: {
                mode: 'urlencoded' as const,
                urlencoded: Object.entries(body as Record<string, unknown>).map(([key, value]) => ({
                  key,
                  value: String(value),
                })),
              },
            }
          : {
              body: {
                mode: 'raw' as const,
                raw: JSON.stringify(body, null, 2),
                options: { raw: { language: 'json' as const } },
              },
            }),
      description: [operation.description ?? '', plan.why ? `Demo: ${plan.why}` : '']
        .filter(Boolean)
        .join('\n\n'),
    },
    event: [
      {
        listen: 'test',
        script: {
          type: 'text/javascript',
          exec: [
            `pm.test('answers ${expect.join(' or ')}', () => pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(expect)}));`,
            ...captures.map(
              ([variable, from]) =>
                `pm.collectionVariables.set('${variable}', ${JSON.stringify(from)}.split('.').reduce((v, k) => (v == null ? v : v[k]), pm.response.json()));`,
            ),
          ],
        },
      },
    ],
    'x-tradelog': {
      service,
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      expect,
      ...(captures.length ? { capture: plan.capture } : {}),
    },
  };
}

export function buildCollection(options: {
  documents: Readonly<Record<ServiceName, OpenApiDocument>>;
  plans: Readonly<Record<string, RequestPlan>>;
  variables: Readonly<Record<string, string>>;
  description: string;
}): PostmanCollection {
  const folders = (['ingest', 'queryApi'] as const).map((service) => {
    const items: { item: CollectionItem; last: boolean }[] = [];
    for (const [path, methods] of Object.entries(options.documents[service].paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const plan = options.plans[operation.operationId] ?? {};
        const missing = pathParameters(path).filter(
          (name) =>
            plan.path?.[name] === undefined && parameterExample(operation, name, 'path') === undefined,
        );
        if (missing.length)
          throw new Error(`${operation.operationId}: no demo value for ${missing.join(', ')}`);
        items.push({ item: itemOf(service, path, method, operation, plan), last: plan.last === true });
      }
    }
    return {
      name: service === 'ingest' ? 'ingest (submissions)' : 'query API',
      item: [...items.filter((entry) => !entry.last), ...items.filter((entry) => entry.last)].map(
        (entry) => entry.item,
      ),
    };
  });
  return {
    info: { name: 'Tradelog demo', description: options.description, schema: postmanSchema },
    variable: Object.entries(options.variables).map(([key, value]) => ({ key, value, type: 'string' })),
    item: folders,
  };
}
