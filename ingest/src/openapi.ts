import { submissionOperations } from '@tradelog/schemas/openapi/catalogues';
import { type OpenApiDocument, openApiDocument } from '@tradelog/schemas/openapi/document';
import { serviceOperations } from '@tradelog/schemas/openapi/serviceOperations';
import type { SubmissionInterface } from './intake/interfaces.ts';

/**
 * Ingest's OpenAPI 3.1 document, generated from the document catalogue for the interfaces this
 * app serves (paths with `{product}` filled), plus the operations every service has.
 */
export function ingestOpenApi(
  interfaces: readonly Pick<SubmissionInterface, 'id' | 'path'>[],
  bodyLimitBytes: number,
): OpenApiDocument {
  return openApiDocument(
    {
      title: 'Tradelog ingest',
      version: '2.0.0',
      description: [
        'Partner submission interfaces (submission spec). Every answer is the envelope `{flag, code, message}`; code "200" is success.',
        'Authenticate with a partner API key: `Authorization: Bearer <key>` (or `X-Api-Key`). Bodies are JSON (`Content-Type: application/json`),',
        `at most ${bodyLimitBytes} bytes. A document is acknowledged only after Kafka acknowledged it; 503 means it was not confirmed and the`,
        'document may be resent (a resend counts once). English messages with `Accept-Language: en`.',
        "A submission is appended only if the key's account is granted every enterprise the document names, in every field marked",
        "`x-enterprise` in its schema (nested ones too), and, for a feed, the feed's family; otherwise 403 ENTERPRISE_NOT_GRANTED or",
        'FEED_NOT_GRANTED naming each field. The platform operator grants both.',
        '',
        '合作伙伴单据提交接口。所有应答为 {flag, code, message}；使用合作伙伴 API 密钥。单据中每个标注 x-enterprise 的字段所指企业（含嵌套字段）都须已授权给该账户，数据接口还须授权其数据类别，否则返回 403。',
      ].join('\n'),
      tags: [
        { name: 'logistics', description: 'Logistics documents (物流类)' },
        { name: 'business', description: 'Business documents (业务类)' },
        { name: 'operations', description: 'Health, readiness, metrics and this reference' },
      ],
    },
    [
      ...submissionOperations({
        product: Object.fromEntries(interfaces.map((intf) => [intf.id, intf.path])),
        bodyLimitBytes,
      }),
      ...serviceOperations('ingest'),
    ],
  );
}
