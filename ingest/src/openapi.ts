import { submissionOperations } from '@tradelog/schemas/openapi/catalogues';
import {
  type OpenApiDocument,
  type OpenApiOperation,
  openApiDocument,
} from '@tradelog/schemas/openapi/document';
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
  const document = openApiDocument(
    {
      title: 'Tradelog ingest',
      version: '2.0.0',
      description: [
        'Partner submission interfaces (submission spec). Every answer is the envelope `{flag, code, message}`; code "200" is success.',
        'Authenticate with a partner API key: `Authorization: Bearer <key>` (or `X-Api-Key`). Bodies are JSON (`Content-Type: application/json`),',
        `at most ${bodyLimitBytes} bytes. A document is acknowledged only after Kafka acknowledged it. English messages with \`Accept-Language: en\`.`,
        "A submission is appended only if the key's account is granted every enterprise the document names, in every field marked",
        "`x-enterprise` in its schema (nested ones too), and, for a feed, the feed's family; otherwise 403 ENTERPRISE_NOT_GRANTED or",
        'FEED_NOT_GRANTED naming each field. The platform operator grants both.',
        '',
        retryAdvice.en,
        '',
        "Every submission is counted against the key's call limit; answers carry `RateLimit-Policy` and `RateLimit`, and past the limit 429 with `Retry-After`.",
        '',
        `合作伙伴单据提交接口。所有应答为 {flag, code, message}；使用合作伙伴 API 密钥。单据中每个标注 x-enterprise 的字段所指企业（含嵌套字段）都须已授权给该账户，数据接口还须授权其数据类别，否则返回 403。${retryAdvice.cn}`,
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
  const submissionPaths = new Set(interfaces.map((intf) => intf.path));
  for (const [path, operations] of Object.entries(document.paths)) {
    const operation = operations.post;
    if (submissionPaths.has(path) && operation) withRetryRules(operation);
  }
  return document;
}

/**
 * What a partner needs to resend safely (README "Retrying safely"): replay protection only
 * for a request with an `Idempotency-Key`, as Stripe and the IETF draft "The Idempotency-Key HTTP
 * Header Field" have it.
 */
const retryAdvice = {
  en: [
    'Retrying safely: without an `Idempotency-Key` header every accepted request is a new submission, even one identical to an earlier',
    'one (a status sent A, B, then A again is three records and ends at A). To resend after a timeout, a lost connection or a 503',
    'without storing the document twice, give each document version its own `Idempotency-Key` (a UUID) and resend with the same key:',
    'a repeat is answered with the first `documentId` and `Idempotent-Replayed: true`, and nothing is appended. Keys are remembered for',
    '24 hours per partner and interface; the same key with another body is refused (422 IDEMPOTENCY_KEY_REUSED); while the first',
    'request is still appending a repeat gets 409 IDEMPOTENCY_IN_PROGRESS with `Retry-After` (wait, then resend with the same key).',
    'A repeat is answered so only while the log still holds the first record: after the log was replaced (a reset, another cluster,',
    'an older backup) it is appended again under the same `documentId`, without `Idempotent-Replayed`.',
  ].join('\n'),
  cn: '未携带 Idempotency-Key 的每次成功提交都是一份新单据（依次发送状态 A、B、A 会保存三条，最终为 A）。超时、连接中断或 503 后如需安全重发，请为每个单据版本生成一个 Idempotency-Key（UUID）并用同一键重发：返回首次的 documentId 与 Idempotent-Replayed: true，不会重复写入；键保留 24 小时；同一键提交不同内容返回 422；首次仍在写入时返回 409 与 Retry-After，请等待后用同一键重发。仅当日志仍保存首次记录时才按重复提交应答；日志被替换后（重置、迁移至另一集群、从较旧备份恢复）将以同一 documentId 重新写入，且不带 Idempotent-Replayed。',
};

const limitHeaders = {
  'RateLimit-Policy': {
    description:
      'The key\'s call limit: `"partner-default";q=<calls>;w=<seconds>` (IETF draft-ietf-httpapi-ratelimit-headers)',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'Calls left in the window and seconds until it ends: `"partner-default";r=<left>;t=<seconds>`',
    schema: { type: 'string' },
  },
};

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before resending', schema: { type: 'integer', minimum: 1 } },
};

const failure = (description: string, headers: Record<string, unknown>) => ({
  description,
  headers,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});

/** The Idempotency-Key header, the replay and limit headers, and the answers they add (409, 422, 429). */
function withRetryRules(operation: OpenApiOperation): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Optional: 1–255 visible ASCII characters, one per document version (a UUID). A resend with the same key is answered with the first answer and appended once; without a key every accepted request is a new submission.',
      schema: {
        type: 'string',
        pattern: '^[\\x21-\\x7e]{1,255}$',
        example: '0193a1b2-7c1d-7e00-9f00-000000000001',
      },
    },
  ];
  operation.parameters.push({
    name: 'validateOnly',
    in: 'query',
    required: false,
    description:
      '`true`: every check of a submission (authentication, schema, grants) and the answer, nothing appended: `{flag: "success", code: "200", validateOnly: true}` without documentId, not a submission, no Idempotency-Key remembered. Absent or `false`: a submission. Anything else: 400 VALIDATE_ONLY_INVALID.',
    schema: { type: 'string', enum: ['true', 'false'], example: 'true' },
  });
  const responses = { ...operation.responses };
  const success = responses['200'];
  if (success)
    responses['200'] = {
      ...success,
      headers: {
        'Idempotent-Replayed': {
          description:
            '`true` when this answers a repeat of an earlier request with the same Idempotency-Key (nothing appended)',
          schema: { type: 'string', enum: ['true'] },
        },
        ...limitHeaders,
      },
    };
  responses['409'] = failure(
    'IDEMPOTENCY_IN_PROGRESS: a request with the same Idempotency-Key is being appended; resend with the same key after Retry-After',
    retryAfter,
  );
  responses['422'] = failure(
    'IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used for another document',
    {},
  );
  responses['429'] = failure(
    "CALL_LIMIT_EXCEEDED: the key's calls for the window are spent; resend after Retry-After",
    {
      ...limitHeaders,
      ...retryAfter,
    },
  );
  const unavailable = responses['503'];
  if (unavailable)
    responses['503'] = {
      ...unavailable,
      description:
        'Kafka (or the key store, for a key never seen) is not available, or ingest is busy or still starting, or the log could not be asked whether it still holds the first submission under the key (IDEMPOTENCY_UNCONFIRMED): the document was not confirmed. Resend after Retry-After with the same Idempotency-Key',
      headers: retryAfter,
    };
  operation.responses = Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
  );
}
