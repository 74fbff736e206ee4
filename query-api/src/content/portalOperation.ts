import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import type { ApiOperation, Bilingual } from '@tradelog/schemas/openapi/operation';
import { titled } from '../http/openapiOperations.ts';

/**
 * The portal's content calls (portal spec §7; query-api/src/content/README.md). They answer the
 * portal's own envelope `{result, msg, data}` (result 1 success, 0 failure), not `{flag, code}`.
 */
const portalAnswer: JsonSchema = {
  type: 'object',
  title: '门户应答',
  'x-title-en': 'Portal answer',
  required: ['result', 'msg'],
  properties: {
    result: titled('结果（1 成功，0 失败）', 'Result (1 success, 0 failure)', { type: 'integer' }),
    msg: titled('说明', 'Message'),
    data: titled('数据', 'Data', {}),
  },
};

/**
 * One portal call, served under `/portal-api` (routers.ts), public unless `extra` says. Every
 * call counts against the portal's call limits (router.ts: reads, and writes apart) and reads
 * Postgres: 429 and 503 besides what `extra` names.
 */
export const portalOperation = (
  method: ApiOperation['method'],
  path: string,
  id: string,
  summary: Bilingual,
  body?: { properties: Record<string, JsonSchema>; example: unknown },
  extra: Partial<ApiOperation> = {},
): ApiOperation => ({
  method,
  path: `/portal-api${path}`,
  operationId: `portal_${id}`,
  tag: 'portal',
  summary,
  audience: ['public'],
  response: { schema: portalAnswer },
  failureSchema: portalAnswer,
  ...(body
    ? {
        request: {
          schema: { type: 'object', properties: body.properties },
          example: body.example,
          required: false,
        },
      }
    : {}),
  ...extra,
  failures: [...new Set([...(extra.failures ?? []), 429, 503])],
});

/** The field types of the portal's request bodies; every call takes `lang`. */
export const portalText = { type: 'string' } as JsonSchema;
export const portalInteger = { type: 'integer' } as JsonSchema;
export const portalLang = { lang: { type: 'string', enum: ['cn', 'en'] } as JsonSchema };

/** A page's content: a POST that takes only `lang`. */
export const portalPage = (path: string, id: string, summary: Bilingual): ApiOperation =>
  portalOperation('post', path, id, summary, { properties: portalLang, example: { lang: 'cn' } });
