import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation, Audience, Bilingual } from '@tradelog/schemas/openapi/operation';
import { listLimit } from './queryParameters.ts';

/**
 * What every router's OpenAPI declaration (`openapi.ts` beside its handlers) builds its
 * operations with; `src/openapi.ts` assembles them into the document.
 */

/** A schema with its Chinese title and its English one (`x-title-en`), plain text unless said. */
export const titled = (
  title: string,
  titleEn: string,
  schema: JsonSchema = { type: 'string' },
): JsonSchema => ({
  ...schema,
  title,
  'x-title-en': titleEn,
});

/** A titled list of objects whose members the document leaves open (rows, versions, dead letters). */
export const objectList = (title: string, titleEn: string): JsonSchema =>
  titled(title, titleEn, { type: 'array', items: { type: 'object' } });

/** The success envelope around a `dataList` of objects. */
export const listAnswer = (title: [string, string]) =>
  successOf(title, { dataList: objectList('列表', 'List') });

export function apiOperation(
  method: ApiOperation['method'],
  path: string,
  operationId: string,
  tag: string,
  summary: Bilingual,
  audience: readonly Audience[],
  response: JsonSchema,
  extra: Partial<ApiOperation> = {},
): ApiOperation {
  return { method, path, operationId, tag, summary, audience, response: { schema: response }, ...extra };
}

/** The keys that may call a route (query-api/README.md "Authentication"). */
export const anyKey: Audience[] = ['partner', 'lender', 'operator'];
export const operatorKey: Audience[] = ['operator'];
export const partnerKey: Audience[] = ['partner', 'operator'];

/** `{projection}` in the examples of the operator paths that name one. */
export const projectionPathExample = { projection: 'order-status' };

/** `?limit=` of the listings that page by count. */
export const limitQuery = {
  limit: {
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: listLimit.max,
      default: listLimit.fallback,
    } as JsonSchema,
    example: 50,
  },
};
