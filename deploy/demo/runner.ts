import { randomUUID } from 'node:crypto';
import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { createValidatorCompiler, type Validate } from '@tradelog/schemas/documents/validator';
import type { OpenApiDocument } from '@tradelog/schemas/openapi/document';
import { queryFormats } from '@tradelog/schemas/queries/formats';
import { type CollectionItem, type PostmanCollection, pick, type ServiceName } from './collection.ts';

/**
 * Runs the demo's Postman collection the way Postman's runner would, without Postman: each
 * request in order, `{{variables}}` resolved from the collection (and captures), and three
 * checks per answer: the status is one the item expects, the body matches the response schema
 * the service's OpenAPI document gives for that status, and a query that succeeds answers data
 * from the demo (`carriesData`), not an empty list or a null result. (newman would do the first check only, and
 * pulls in a large dependency tree for it; README "Demo data and the Postman collection".)
 */
export interface RunResult {
  name: string;
  service: ServiceName;
  operationId: string;
  method: string;
  url: string;
  status: number;
  expected: number[];
  problems: string[];
  /** Seconds the call limit that refused it (429) asks to wait (`Retry-After`). */
  retryAfterSeconds?: number;
}

const variablePattern = /\{\{(\$?\w+)\}\}/g;

/** `{{name}}` from the collection and captures; `{{$guid}}` a new UUID each time, as in Postman. */
function resolve(text: string, variables: Map<string, string>): string {
  return text.replace(variablePattern, (whole, name: string) =>
    name === '$guid' ? randomUUID() : (variables.get(name) ?? whole),
  );
}

function responseSchema(
  document: OpenApiDocument,
  path: string,
  method: string,
  status: number,
  contentType: string,
): JsonSchema | undefined {
  const operation = document.paths[path]?.[method.toLowerCase()];
  const response = operation?.responses[String(status)];
  const content = response?.content as
    | Record<string, { schema?: JsonSchema & { $ref?: string } }>
    | undefined;
  const entry = content?.[contentType] ?? Object.values(content ?? {})[0];
  const schema = entry?.schema;
  if (schema?.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return (document.components.schemas as Record<string, JsonSchema>)[name];
  }
  return schema;
}

/** Members of an answer that say how it went or ask for more, not what was found. */
const envelopeMembers = new Set([
  'flag',
  'code',
  'message',
  'status',
  'statusCode',
  'reason',
  'deprecated',
  'freshness',
  'subscription',
  'params',
  'errors',
]);

/**
 * Whether a successful answer carries data: where it has lists, one of them holds an item; where
 * it has none, some value besides the envelope is not null (a terminal result of null, an
 * indicators snapshot of null, an ocean result still fetching with no container all say "no data").
 */
export function carriesData(body: unknown): boolean {
  const lists: unknown[][] = [];
  const values: unknown[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      lists.push(value);
      for (const item of value) walk(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [name, member] of Object.entries(value)) if (!envelopeMembers.has(name)) walk(member);
    } else values.push(value);
  };
  walk(body);
  if (lists.length > 0) return lists.some((list) => list.length > 0);
  return values.some((value) => value !== null && value !== undefined);
}

/** The query interfaces of the catalogue (OpenAPI operation ids `query_<id>`) must answer data. */
const isQuery = (operationId: string) => operationId.startsWith('query_');

export async function runCollection(
  collection: PostmanCollection,
  options: {
    documents: Readonly<Record<ServiceName, OpenApiDocument>>;
    variables?: Readonly<Record<string, string>>;
    timeoutMs?: number;
  },
): Promise<RunResult[]> {
  const variables = new Map(collection.variable.map((entry) => [entry.key, entry.value]));
  for (const [key, value] of Object.entries(options.variables ?? {})) variables.set(key, value);
  // Both services' formats (the query formats include the documents' trade formats).
  const compile = createValidatorCompiler(queryFormats);
  const compiled = new Map<JsonSchema, Validate>();
  const validatorOf = (schema: JsonSchema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  const results: RunResult[] = [];
  const items: CollectionItem[] = collection.item.flatMap((folder) => folder.item);
  for (const item of items) {
    const meta = item['x-tradelog'];
    const url = resolve(item.request.url.raw, variables);
    const headers = Object.fromEntries(
      item.request.header.map((header) => [header.key, resolve(header.value, variables)]),
    );
    const problems: string[] = [];
    let status = 0;
    let retryAfterSeconds: number | undefined;
    try {
      const answer = await fetch(url, {
        method: item.request.method,
        headers,
        ...(item.request.body
          ? {
              body:
                item.request.body.mode === 'raw'
                  ? resolve(item.request.body.raw, variables)
                  : new URLSearchParams(
                      item.request.body.urlencoded.map((field): [string, string] => [
                        field.key,
                        resolve(field.value, variables),
                      ]),
                    ).toString(),
            }
          : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      status = answer.status;
      const retryAfter = Number(answer.headers.get('retry-after'));
      if (status === 429 && Number.isFinite(retryAfter)) retryAfterSeconds = retryAfter;
      const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const text = await answer.text();
      if (!meta.expect.includes(status))
        problems.push(`answered ${status}, expected ${meta.expect.join(' or ')}: ${text.slice(0, 300)}`);
      const schema = responseSchema(
        options.documents[meta.service],
        meta.path,
        meta.method,
        status,
        contentType,
      );
      if (!schema) problems.push(`status ${status} (${contentType}) is not in the OpenAPI document`);
      else if (contentType === 'application/json') {
        const body = JSON.parse(text) as unknown;
        const issues = validatorOf(schema)(body);
        for (const issue of issues) problems.push(`response ${issue.path || '(root)'}: ${issue.message.en}`);
        if (isQuery(meta.operationId) && status >= 200 && status < 300 && !carriesData(body))
          problems.push(`answered no data from the demo: ${text.slice(0, 300)}`);
        for (const [variable, from] of Object.entries(meta.capture ?? {})) {
          const value = pick(body, from);
          if (typeof value === 'string' || typeof value === 'number') variables.set(variable, String(value));
          else problems.push(`nothing to capture at ${from} for {{${variable}}}`);
        }
      }
    } catch (error) {
      problems.push(`request failed: ${(error as Error).message}`);
    }
    results.push({
      name: item.name,
      service: meta.service,
      operationId: meta.operationId,
      method: meta.method,
      url,
      status,
      expected: meta.expect,
      problems,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  return results;
}

/**
 * One line per request, for the terminal; and when call limits refused some (the collection run
 * again within their windows: the portal's writes allow 20 in 10 minutes), how long to wait.
 */
export function describeRun(results: readonly RunResult[]): string {
  const failed = results.filter((result) => result.problems.length > 0);
  const limited = failed.filter((result) => result.retryAfterSeconds !== undefined);
  const wait = Math.max(0, ...limited.map((result) => result.retryAfterSeconds!));
  return [
    ...results.map(
      (result) =>
        `${result.problems.length ? '✗' : '✓'} ${String(result.status).padEnd(3)} ${result.method.padEnd(6)} ${result.url}${result.problems.length ? `\n    ${result.problems.join('\n    ')}` : ''}`,
    ),
    '',
    `${results.length - failed.length} of ${results.length} requests answered as their examples say`,
    ...(limited.length > 0
      ? [
          `${limited.length} of them refused by a call limit (429; the collection ran again within its window): run it again in ${wait} s`,
        ]
      : []),
  ].join('\n');
}
