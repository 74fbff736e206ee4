import { type JsonSchema, titled } from '../documents/json-schema.ts';

/**
 * The response envelopes of both services as JSON Schemas (submission spec §3.15, §3.8, §8;
 * query spec §8): every answer is `{flag, code, message, …}`. Further members are allowed, as
 * the services add their own (documentId, freshness, page …), so a schema here says what is
 * always there without forbidding what an interface adds.
 */
export const envelopeSchema: JsonSchema = {
  type: 'object',
  title: '响应信封',
  'x-title-en': 'Response envelope',
  required: ['flag', 'code', 'message'],
  properties: {
    flag: {
      type: 'string',
      enum: ['success', 'failure'],
      title: '结果',
      'x-title-en': 'Outcome',
      'x-enum-titles': { success: '成功', failure: '失败' },
      'x-enum-titles-en': { success: 'success', failure: 'failure' },
    },
    code: titled(
      '结果码（成功为 200，失败为错误码）',
      'Result code ("200" on success, the error code on failure)',
    ),
    message: titled('结果说明（失败时给出原因）', 'Result text (the reason on failure)'),
  },
};

const withMembers = (
  base: JsonSchema,
  title: [string, string],
  properties: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema => ({
  ...base,
  title: title[0],
  'x-title-en': title[1],
  required: [...(base.required ?? []), ...required],
  properties: { ...base.properties, ...properties },
});

export const failureSchema: JsonSchema = withMembers(envelopeSchema, ['失败响应', 'Failure'], {
  flag: { type: 'string', enum: ['failure'], title: '结果', 'x-title-en': 'Outcome' },
  errors: {
    type: 'array',
    title: '校验问题（仅校验失败时）',
    'x-title-en': 'Validation problems (validation failures only)',
    items: {
      type: 'object',
      required: ['path', 'rule', 'message'],
      properties: {
        path: titled('字段路径', 'Field path'),
        rule: titled('违反的规则', 'Rule broken'),
        // Validation issues carry the request language's text; issues of a refusal that names
        // a field outside validation (e.g. an enterprise not granted) carry both languages.
        message: {
          title: '说明（请求语言，或中英文）',
          'x-title-en': 'Explanation (in the request language, or in both)',
          anyOf: [
            { type: 'string' },
            {
              type: 'object',
              required: ['cn', 'en'],
              properties: { cn: { type: 'string' }, en: { type: 'string' } },
            },
          ],
        },
      },
    },
  },
});

/**
 * Where an accepted document stands in the log, `topic:partition:offset`: what a reader passes as
 * `?after=` to be answered only once the views it reads have applied it (query-api/README.md
 * "Read your writes"). Absent on a replayed answer (`Idempotent-Replayed`): pass the documentId.
 */
const logPositionMember = titled(
  '日志位置（主题:分区:偏移量，成功时；查询时作为 ?after= 传入，可读到刚提交的单据）',
  'Log position (topic:partition:offset, on success; pass it as ?after= to read the document just submitted)',
);

/** What every submission answer adds on success: the document's id and its place in the log. */
const acceptedMembers = {
  documentId: titled('平台单据编号（成功时）', 'Platform document id (on success)'),
  position: logPositionMember,
};

/** The answers of the submission interfaces, by the catalogue's `response` kind. */
export const submissionResponseSchemas: Readonly<
  Record<'common' | 'ecommerce' | 'goods' | 'tally', JsonSchema>
> = {
  common: withMembers(envelopeSchema, ['接收结果', 'Submission result'], {
    ...acceptedMembers,
  }),
  ecommerce: withMembers(
    envelopeSchema,
    ['电商单据接收结果', 'E-commerce submission result'],
    {
      ...acceptedMembers,
      entOrderNo: {
        type: 'string',
        title: '企业订单号（回显）',
        'x-title-en': 'Enterprise order number (echoed)',
      },
      status: {
        type: 'string',
        enum: ['1', '2'],
        title: '接收状态',
        'x-title-en': 'Receive status',
        'x-enum-titles': { '1': '成功', '2': '失败' },
        'x-enum-titles-en': { '1': 'received', '2': 'not received' },
      },
    },
    ['status'],
  ),
  // Submission spec §8 tally codes: Success and Error; C10 … S20 and 100 are listed without
  // meanings and never answered (ingest/src/intake/responses.ts).
  tally: withMembers(envelopeSchema, ['理货单接收结果', 'Tally submission result'], {
    code: {
      type: 'string',
      enum: ['Success', 'Error'],
      title: '理货结果代码',
      'x-title-en': 'Tally code',
      'x-enum-titles': { Success: '接收成功', Error: '拒收（原因见 reason）' },
      'x-enum-titles-en': { Success: 'accepted', Error: 'refused (the cause in reason)' },
    },
    reason: titled('拒收原因代码（拒收时）', 'Refusal code (when refused)'),
    ...acceptedMembers,
  }),
  goods: withMembers(envelopeSchema, ['商品导入结果', 'Goods import result'], {
    ...acceptedMembers,
    enterpriseCode: titled('企业编码（回显）', 'Enterprise code (echoed)'),
    enterpriseName: titled('企业名称（回显）', 'Enterprise name (echoed)'),
    busiCode: titled(
      '业务编号（导入批次的平台编号）',
      'Business code (the platform reference of the import)',
    ),
  }),
};

/** A successful answer of the query API: the envelope with the interface's own members. */
export function successOf(title: [string, string], properties: Record<string, JsonSchema> = {}): JsonSchema {
  return withMembers(envelopeSchema, title, {
    flag: { type: 'string', enum: ['success'], title: '结果', 'x-title-en': 'Outcome' },
    ...properties,
  });
}

/** Health and readiness answers (schemas/src/kit/runtime/http.ts): the envelope plus status and checks. */
export const healthSchema: JsonSchema = withMembers(
  envelopeSchema,
  ['健康状态', 'Health'],
  {
    status: { type: 'string', enum: ['ok', 'unavailable'], title: '状态', 'x-title-en': 'Status' },
    service: titled('服务', 'Service'),
    checks: {
      type: 'object',
      title: '各项检查（ok 或问题说明）',
      'x-title-en': 'Each check (ok, or what is wrong)',
    },
  },
  ['status', 'service', 'checks'],
);
