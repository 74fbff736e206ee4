import { type JsonSchema, withIntakeRules } from '../documents/json-schema.ts';
import { failureSchema } from './envelopes.ts';
import type { ApiOperation, Audience } from './operation.ts';
import { pathParameters } from './operation.ts';

/**
 * Writes an OpenAPI 3.1 document from operations (schemas/README.md "OpenAPI"). OpenAPI 3.1's
 * schema objects are JSON Schema 2020-12, the dialect our contracts are written in, so request
 * and response schemas go in as they are (our `x-` annotations are legal extensions); only the
 * `$schema`/`$id` of a top-level document schema are dropped, as they would rebase references.
 */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  /** OpenAPI 3.1: requests the service makes to its subscribers (webhooks.ts). */
  webhooks?: Record<string, unknown>;
  components: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
};

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }
  >;
  'x-audience': readonly Audience[];
  'x-summary-cn': string;
};

const failureText: Record<number, string> = {
  400: 'The request broke a rule of its schema, or its body is not JSON (VALIDATION_FAILED, with errors[])',
  401: 'No API key, an Authorization header that is not Bearer, two different keys, or an unknown or revoked key (API_KEY_MISSING, API_KEY_AMBIGUOUS, API_KEY_INVALID, API_KEY_REVOKED)',
  403: "The key's kind may not use this interface (API_KEY_KIND_FORBIDDEN), or its account was not granted the enterprise (to read it, or every enterprise a submission names: ENTERPRISE_NOT_GRANTED) or the feed family (FEED_NOT_GRANTED)",
  404: 'No such resource',
  405: 'The interface accepts another method',
  409: 'The request conflicts with the current state',
  413: 'The body is larger than the service accepts',
  415: 'Content-Type is not application/json, or the encoding is unsupported',
  422: 'The request is understood but cannot be answered as asked (EXPORT_TOO_LARGE: narrow the filters its message names)',
  429: 'Too many requests; resend after Retry-After seconds',
  503: 'A dependency (Kafka, Postgres, a projection) is not available; resend after Retry-After seconds',
};

function stripIdentity(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function securityOf(audience: readonly Audience[]): Record<string, string[]>[] {
  if (audience.includes('public')) return [];
  return [{ bearerApiKey: [] }, { headerApiKey: [] }];
}

function operationOf(op: ApiOperation): OpenApiOperation {
  const keyed = !op.audience.includes('public');
  const status = String(op.response.status ?? 200);
  const success = successOf(op.response);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary.en,
    description: descriptionOf(op, keyed),
    security: securityOf(op.audience),
    parameters: parametersOf(op),
    ...(op.request ? { requestBody: requestBodyOf(op.request) } : {}),
    responses: {
      [status]: success,
      ...Object.fromEntries((op.alsoSucceeds ?? []).map((code) => [String(code), success])),
      ...failureResponses(op, keyed),
    },
    'x-audience': op.audience,
    'x-summary-cn': op.summary.cn,
  };
}

/** English first, then who may call and the body bound, then Chinese. */
function descriptionOf(op: ApiOperation, keyed: boolean): string {
  const audienceText = keyed ? `Key kinds admitted: ${op.audience.join(', ')}.` : 'No key needed.';
  const limitText = op.bodyLimitBytes ? ` Bodies above ${op.bodyLimitBytes} bytes are refused (413).` : '';
  return [op.description?.en, `${audienceText}${limitText}`, op.description?.cn].filter(Boolean).join('\n\n');
}

/** The path's parameters, then the query's, then `Accept-Language`, which every operation takes. */
function parametersOf(op: ApiOperation): Record<string, unknown>[] {
  return [
    ...pathParameters(op.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      ...(op.pathExamples?.[name] !== undefined ? { example: op.pathExamples[name] } : {}),
    })),
    ...Object.entries(op.query ?? {}).map(([name, parameter]) => ({
      name,
      in: 'query',
      required: parameter.required ?? false,
      schema: parameter.schema,
      ...(parameter.example !== undefined ? { example: parameter.example } : {}),
    })),
    {
      name: 'Accept-Language',
      in: 'header',
      required: false,
      description:
        'English messages when it prefers English to Chinese by quality (`en`, or `fr, en;q=0.8`); Chinese otherwise',
      schema: { type: 'string', example: 'en' },
    },
  ];
}

function requestBodyOf(request: NonNullable<ApiOperation['request']>): Record<string, unknown> {
  return {
    required: request.required ?? true,
    content: {
      [request.contentType ?? 'application/json']: {
        // What a request must meet: intake rules folded in (json-schema.ts atIntake).
        schema: stripIdentity(withIntakeRules(request.schema)),
        ...(request.example !== undefined ? { example: request.example } : {}),
      },
    },
  };
}

/** The success answer, described by its schema's English title. */
function successOf(response: ApiOperation['response']): OpenApiOperation['responses'][string] {
  return {
    description: response.schema['x-title-en'] ?? response.schema.title ?? 'Success',
    content: {
      [response.contentType ?? 'application/json']: {
        schema: stripIdentity(response.schema),
        ...(response.example !== undefined ? { example: response.example } : {}),
      },
    },
  };
}

/**
 * The failures an operation can answer, by status in ascending order: 400 for a request body;
 * for a key 401 and 403, and 429 and 503 (every keyed route counts its calls, and its key is
 * looked up in Postgres, which may be away); 413 and 415 for a bounded body; and those it names
 * itself.
 */
function failureResponses(op: ApiOperation, keyed: boolean): OpenApiOperation['responses'] {
  const failures = new Set<number>([
    ...(op.request ? [400] : []),
    ...(keyed ? [401, 403, 429, 503] : []),
    ...(op.bodyLimitBytes ? [413, 415] : []),
    ...(op.failures ?? []),
  ]);
  return Object.fromEntries(
    [...failures]
      .sort((a, b) => a - b)
      .map((code) => [
        String(code),
        {
          description: failureText[code] ?? 'Failure',
          content: {
            'application/json': {
              schema: op.failureSchema
                ? stripIdentity(op.failureSchema)
                : { $ref: '#/components/schemas/Failure' },
            },
          },
        },
      ]),
  );
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description?: string }[];
}

export function openApiDocument(
  info: DocumentInfo,
  operations: readonly ApiOperation[],
  options: { webhooks?: (strip: (schema: JsonSchema) => JsonSchema) => Record<string, unknown> } = {},
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    const entry = paths[op.path]!;
    if (entry[op.method]) throw new Error(`two operations for ${op.method.toUpperCase()} ${op.path}`);
    entry[op.method] = operationOf(op);
  }
  const used = new Set(operations.map((op) => op.tag));
  const declared = new Set(info.tags.map((tag) => tag.name));
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    // Declared tags first, then any a catalogue added (a new document group) by name.
    tags: [
      ...info.tags.filter((tag) => used.has(tag.name)),
      ...[...used].filter((name) => !declared.has(name)).map((name) => ({ name })),
    ],
    paths,
    ...(options.webhooks ? { webhooks: options.webhooks(stripIdentity) } : {}),
    components: {
      schemas: { Failure: stripIdentity(failureSchema) },
      securitySchemes: {
        bearerApiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <API key> (npm run keys -- create …)',
        },
        headerApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'The same key, as a header',
        },
      },
    },
  };
}

/** Every `METHOD path` a document describes, for route-coverage checks. */
export function operationKeys(document: Pick<OpenApiDocument, 'paths'>): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}
