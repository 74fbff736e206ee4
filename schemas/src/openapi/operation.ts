import type { ApiKeyKind } from '../access/apiKey.ts';
import type { JsonSchema } from '../documents/json-schema.ts';

/**
 * One HTTP operation as the OpenAPI builder sees it: what the catalogues (documents, queries)
 * and each service's own route declarations turn into before `openApiDocument` writes the
 * OpenAPI 3.1 document. Paths use OpenAPI's `{name}` form; `expressPath` converts Express's
 * `:name` routes so a service's router can be compared with its document.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: the API-key kinds admitted, or nobody needs a key. */
export type Audience = ApiKeyKind | 'public';

export interface Bilingual {
  cn: string;
  en: string;
}

export interface ApiOperation {
  method: HttpMethod;
  path: string;
  operationId: string;
  tag: string;
  summary: Bilingual;
  description?: Bilingual;
  /** Key kinds admitted; `['public']` means no key. */
  audience: readonly Audience[];
  /** Request body (POST interfaces); its example is the catalogue's. JSON unless `contentType` says (a form). */
  request?: { schema: JsonSchema; example?: unknown; required?: boolean; contentType?: string };
  /** Query-string parameters, each a small JSON Schema. */
  query?: Readonly<Record<string, { schema: JsonSchema; required?: boolean; example?: unknown }>>;
  /** Example values for `{name}` path segments. */
  pathExamples?: Readonly<Record<string, string>>;
  /** The success answer (status 200 unless given). */
  response: { schema: JsonSchema; example?: unknown; status?: number; contentType?: string };
  /** Other success statuses answered with the same body (a test push not attempted yet: 202). */
  alsoSucceeds?: readonly number[];
  /** Failure statuses this operation can answer besides the common ones. */
  failures?: readonly number[];
  /** The failure body when it is not the `{flag, code, message}` envelope (the portal's calls). */
  failureSchema?: JsonSchema;
  /** Whether the body-size limit applies (413). */
  bodyLimitBytes?: number;
}

/** `/subscriptions/:id` → `/subscriptions/{id}` (Express route → OpenAPI path). */
export function openApiPath(expressRoutePath: string): string {
  return expressRoutePath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The `{name}` segments of an OpenAPI path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** Fills `{name}` segments from values (missing ones stay as they are). */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : encodeURIComponent(values[name]),
  );
}
