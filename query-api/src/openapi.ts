import { deadLetterStates } from '@tradelog/projections/deadLetters';
import { auditActions } from '@tradelog/projections/operatorAudit';
import { deliveryStates } from '@tradelog/projections/push/deliveries';
import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { queryOperations } from '@tradelog/schemas/openapi/catalogues';
import { type OpenApiDocument, openApiDocument } from '@tradelog/schemas/openapi/document';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation, Audience, Bilingual } from '@tradelog/schemas/openapi/operation';
import { serviceOperations } from '@tradelog/schemas/openapi/serviceOperations';
import { openApiWebhooks } from '@tradelog/schemas/openapi/webhooks';
import {
  handOverRequest,
  joinRequest,
  leadForms,
  leadRequest,
  loginRequest,
  registrationRequest,
  roleGrantRequest,
  smsRequest,
} from '@tradelog/schemas/portal/forms';
import { changesSubscriptionRequest, coverageThresholdRequest } from '@tradelog/schemas/queries/management';

/**
 * query-api's OpenAPI 3.1 document: the query and subscription interfaces generated from the
 * query catalogue, plus the routes that are query-api's own (subscription management, operator
 * endpoints, the portal's content calls) declared here, beside the routers that serve them.
 * `openapi.unit.test.ts` walks the app's router and fails on a route missing from this document.
 */
const s = (title: string, titleEn: string, schema: JsonSchema = { type: 'string' }): JsonSchema => ({
  ...schema,
  title,
  'x-title-en': titleEn,
});
const list = (title: [string, string]) =>
  successOf(title, { dataList: s('列表', 'List', { type: 'array', items: { type: 'object' } }) });
const subscriptionShape = (required: string[]): JsonSchema => ({
  type: 'object',
  required,
  properties: {
    id: s('订阅编号', 'Subscription id'),
    family: s('订阅类型', 'Family'),
    state: s('状态', 'State'),
    callbackUrl: s('回调地址', 'Callback URL'),
    ...(required.includes('secret')
      ? { secret: s('签名密钥（只显示这一次）', 'Signing secret (shown this once)') }
      : {}),
  },
});
const subscriptionAnswer = (title: [string, string]) =>
  successOf(title, { subscription: s('订阅', 'Subscription', subscriptionShape(['id'])) });

/** `'*'` is granted only when confirmed (README "Partner grants"). */
const confirmAnyEnterprise = () =>
  s('确认授予任意企业（*）', "Confirms '*' among enterprises: any enterprise, today's and tomorrow's", {
    type: 'boolean',
  });

function op(
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

const anyKey: Audience[] = ['partner', 'lender', 'operator'];
const operator: Audience[] = ['operator'];
const projection = { projection: 'order-status' };

const limitQuery = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } as JsonSchema, example: 50 },
};

const partnerKey: Audience[] = ['partner', 'operator'];

/** Partner tools (README "Partner tools"): a partner's own submissions. */
export const documentOperations: ApiOperation[] = [
  op(
    'get',
    '/documents',
    'list_documents',
    'documents',
    { cn: '我最近提交的单据（按接收时间倒序，分页）', en: 'My recent submissions (newest first, paged)' },
    partnerKey,
    successOf(['单据列表', 'Documents'], {
      dataList: s(
        '单据：documentId、类型、企业、接收时间',
        'Documents: documentId, type, enterprise, receivedAt',
        {
          type: 'array',
          items: { type: 'object' },
        },
      ),
      next: s('下一页游标（没有更多时为 null）', 'Cursor of the next page (null when there is none)', {
        type: ['string', 'null'] as unknown as 'string',
      }),
    }),
    {
      failures: [400],
      query: {
        limit: {
          schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } as JsonSchema,
          example: 50,
        },
        before: { schema: { type: 'string' } as JsonSchema },
      },
    },
  ),
  op(
    'get',
    '/documents/{documentId}',
    'get_document',
    'documents',
    {
      cn: '按 documentId 查询自己提交的单据：在日志中的位置、各投影中的状态、死信',
      en: 'One of my submissions by documentId: its place in the log, its state in each projection, its dead letters',
    },
    partnerKey,
    successOf(['单据与状态', 'Document and its state'], {
      document: s('单据', 'Document', { type: 'object' }),
      projections: s(
        '各投影：applied 已应用、pending 未应用、dead-lettered 进入死信',
        'Per projection: applied, pending or dead-lettered',
        { type: 'array', items: { type: 'object' } },
      ),
      deadLetters: s('死信', 'Dead letters', { type: 'array', items: { type: 'object' } }),
    }),
    { failures: [404] },
  ),
];

export const subscriptionOperations: ApiOperation[] = [
  op(
    'post',
    '/subscriptions/changes',
    'subscribe_changes',
    'subscriptions',
    { cn: '订阅企业的变化', en: "Subscribe to an enterprise's changes" },
    ['lender', 'operator'],
    successOf(['订阅结果（含只显示一次的签名密钥）', 'Subscription (with its signing secret, shown once)'], {
      subscription: s('订阅', 'Subscription', subscriptionShape(['id', 'secret'])),
    }),
    {
      request: {
        // The schema the route validates with: its sources and default are the change contract's.
        schema: changesSubscriptionRequest as unknown as JsonSchema,
        example: {
          enterprise: '91440300MA5G2K7L3X',
          callbackUrl: 'https://erp.qhyp.example.com/hooks/changes',
          projections: ['order-status', 'link-node'],
        },
      },
    },
  ),
  op(
    'get',
    '/subscriptions',
    'list_subscriptions',
    'subscriptions',
    { cn: '我的订阅', en: 'My subscriptions' },
    anyKey,
    list(['订阅列表', 'Subscriptions']),
    { query: limitQuery },
  ),
  op(
    'get',
    '/subscriptions/{id}',
    'get_subscription',
    'subscriptions',
    { cn: '订阅详情', en: 'A subscription' },
    anyKey,
    subscriptionAnswer(['订阅', 'Subscription']),
    { failures: [404] },
  ),
  op(
    'delete',
    '/subscriptions/{id}',
    'delete_subscription',
    'subscriptions',
    { cn: '删除订阅', en: 'Delete a subscription' },
    anyKey,
    successOf(['已删除', 'Deleted'], { id: s('订阅编号', 'Id'), state: s('状态', 'State') }),
    { failures: [404] },
  ),
  op(
    'post',
    '/subscriptions/{id}/pause',
    'pause_subscription',
    'subscriptions',
    { cn: '暂停订阅', en: 'Pause a subscription' },
    anyKey,
    subscriptionAnswer(['已暂停', 'Paused']),
    { failures: [404] },
  ),
  op(
    'post',
    '/subscriptions/{id}/resume',
    'resume_subscription',
    'subscriptions',
    { cn: '恢复订阅', en: 'Resume a subscription' },
    anyKey,
    subscriptionAnswer(['已恢复', 'Resumed']),
    { failures: [404] },
  ),
  op(
    'get',
    '/subscriptions/{id}/deliveries',
    'list_deliveries',
    'subscriptions',
    { cn: '推送记录', en: 'Deliveries of a subscription' },
    anyKey,
    list(['推送记录', 'Deliveries']),
    {
      failures: [404],
      query: {
        ...limitQuery,
        state: {
          schema: {
            type: 'string',
            enum: [...deliveryStates],
          },
        },
      },
    },
  ),
  op(
    'get',
    '/subscriptions/{id}/deliveries/{deliveryId}/attempts',
    'list_attempts',
    'subscriptions',
    { cn: '一次推送的各次尝试', en: 'Attempts of a delivery' },
    anyKey,
    list(['推送尝试', 'Attempts']),
    { failures: [404] },
  ),
  op(
    'get',
    '/subscriptions/{id}/tracking',
    'tracked_item',
    'subscriptions',
    { cn: '订阅跟踪对象的轨迹时间线', en: 'The tracked item of a tracking subscription (timeline)' },
    anyKey,
    successOf(['跟踪对象', 'Tracked item'], {
      item: s(
        '跟踪对象：状态、事实、全部事件及来源；未知时为 null',
        'The item: state, facts, every event with its provenance; null while nothing is known',
        {
          type: ['object', 'null'] as unknown as 'object',
        },
      ),
    }),
    { failures: [404] },
  ),
  op(
    'post',
    '/open/tracking/timeline',
    'tracking_timeline',
    'subscriptions',
    {
      cn: '单个包裹、集装箱、航班或运单的轨迹时间线：请求即该类别的查询请求，按同样规则校验与计费',
      en: "One parcel's, container's, flight's or shipment's timeline: the request is the family's query request, checked and billed as that query",
    },
    anyKey,
    successOf(['跟踪对象', 'Tracked item'], {
      item: s(
        '跟踪对象：状态、事实、全部事件及来源；未知时为 null',
        'The item: state, facts, every event with its provenance; null while nothing is known',
        { type: ['object', 'null'] as unknown as 'object' },
      ),
    }),
    {
      request: {
        schema: {
          type: 'object',
          required: ['family', 'request'],
          properties: {
            family: s('类别', 'Family', { type: 'string', enum: ['express', 'ocean', 'terminal', 'air'] }),
            request: s('该类别的查询请求', "The family's query request", { type: 'object' }),
          },
        },
        example: { family: 'air', request: { businessNumber: '78412345675' } },
      },
      failures: [400],
    },
  ),
  op(
    'get',
    '/usage/tracking',
    'tracking_usage',
    'subscriptions',
    {
      cn: '快递计费用量：每个快递公司编码加单号 40 天内计一单',
      en: 'Billed express usage: one order per carrier code plus number over 40 days',
    },
    anyKey,
    list(['计费单量（按类别）', 'Billed orders by family']),
    {
      query: {
        from: {
          schema: { type: 'string', format: 'date-time' } as JsonSchema,
          example: '2024-03-01T00:00:00Z',
        },
        to: {
          schema: { type: 'string', format: 'date-time' } as JsonSchema,
          example: '2024-04-10T00:00:00Z',
        },
      },
    },
  ),
  op(
    'post',
    '/subscriptions/{id}/redeliver',
    'redeliver',
    'subscriptions',
    { cn: '重新推送', en: 'Redeliver' },
    anyKey,
    successOf(
      [
        '已安排重新推送的投递编号（每次至多 1000，最早的在前）',
        'Ids of the deliveries scheduled again (at most 1000 a call, oldest first)',
      ],
      {
        redelivered: s('投递编号', 'Delivery ids', { type: 'array', items: { type: 'string' } }),
        more: s(
          '还有匹配的投递：以同样的请求再调用一次',
          'More deliveries match: call again with the same body',
          {
            type: 'boolean',
          },
        ),
      },
    ),
    {
      failures: [404],
      request: {
        schema: {
          type: 'object',
          properties: {
            deliveryIds: s('投递编号（至多 1000）', 'Delivery ids (at most 1000)', {
              type: 'array',
              maxItems: 1000,
              items: { type: 'string' },
            }),
            states: s('按状态重推', 'Redeliver by state', {
              type: 'array',
              items: { type: 'string', enum: ['delivered', 'dead', 'superseded', 'cancelled'] },
            }),
            since: s(
              '只重推此时间（含）之后匹配的投递；只给 since 时重推其中 dead 的',
              'Only deliveries matched at or after this time; with since alone, the dead ones',
              { type: 'string', format: 'date-time' },
            ),
          },
        },
        example: { since: '2026-11-22T00:00:00Z' },
      },
    },
  ),
  op(
    'patch',
    '/subscriptions/{id}',
    'update_subscription',
    'subscriptions',
    { cn: '修改回调地址、暂停或恢复订阅', en: 'Change the callback URL, pause or resume a subscription' },
    anyKey,
    subscriptionAnswer(['修改后的订阅', 'The subscription as changed']),
    {
      failures: [400, 404],
      request: {
        schema: {
          type: 'object',
          properties: {
            callbackUrl: s('新回调地址（同创建时的地址检查）', 'New callback URL (checked as at creation)', {
              type: 'string',
              maxLength: 255,
            }),
            state: s('active 恢复，paused 暂停', 'active resumes, paused pauses', {
              type: 'string',
              enum: ['active', 'paused'],
            }),
          },
        },
        example: { callbackUrl: 'https://erp.qhyp.example.com/hooks/v2', state: 'active' },
      },
    },
  ),
  op(
    'post',
    '/subscriptions/{id}/test',
    'test_push',
    'subscriptions',
    {
      cn: '立即发送一条已签名的示例推送，并返回这次尝试与接收方应答',
      en: 'Send a signed example push now; answers with the attempt and the receiver’s reply',
    },
    anyKey,
    successOf(['测试推送的投递与尝试', 'The test push’s delivery and attempt'], {
      delivery: s('投递（subject 为 test）', 'The delivery (subject test)', { type: 'object' }),
      attempt: s(
        '尝试：状态码、应答摘录、耗时；202 时为 null（尚未发送，可查 attempts）',
        'The attempt: status, reply excerpt, latency; null with 202 (not made yet: follow its attempts)',
        { type: ['object', 'null'] as unknown as 'object' },
      ),
      payload: s('发送的正文', 'The body sent', { type: 'object' }),
    }),
    // 429 TEST_PUSH_BUSY: two test pushes of the account already wait (README "Subscriber tools");
    // 202 when the push service has not made the attempt within the wait (attempt null).
    { failures: [404, 409, 429], alsoSucceeds: [202] },
  ),
  op(
    'post',
    '/subscriptions/{id}/rotate-secret',
    'rotate_secret',
    'subscriptions',
    {
      cn: '更换签名密钥：新密钥只显示这一次；重叠期内推送同时带新旧两个签名',
      en: 'Rotate the signing secret: the new one is shown this once; during the overlap pushes carry both signatures',
    },
    anyKey,
    successOf(['新密钥', 'The new secret'], {
      subscription: s('订阅', 'Subscription', subscriptionShape(['id', 'secret'])),
      previousSecretUntil: s('旧密钥签名到此时', 'The old secret signs until', {
        type: 'string',
        format: 'date-time',
      }),
    }),
    {
      failures: [400, 404],
      request: {
        schema: {
          type: 'object',
          properties: {
            overlapMinutes: s(
              '重叠分钟数（默认 1440，0 为立即作废）',
              'Overlap minutes (1440 by default; 0 ends it at once)',
              {
                type: 'integer',
                minimum: 0,
                maximum: 10080,
              },
            ),
          },
        },
        example: { overlapMinutes: 1440 },
      },
    },
  ),
  op(
    'get',
    '/subscriptions/{id}/stats',
    'subscription_stats',
    'subscriptions',
    { cn: '推送成功率与耗时', en: 'Push success rate and latency' },
    anyKey,
    successOf(['统计', 'Statistics'], {
      stats: s(
        '尝试数、成功数、失败数、成功率、耗时（平均、p50、p95、最大）、按错误码的失败、各状态投递数（最新的 10000 笔投递；capped 表示超出）',
        'Attempts, delivered, failed, success rate, latency (mean, p50, p95, max), failures by error code, deliveries by state (of the newest 10,000 deliveries; capped when there are more)',
        { type: 'object' },
      ),
    }),
    {
      failures: [400, 404],
      query: {
        since: {
          schema: { type: 'string', format: 'date-time' } as JsonSchema,
          example: '2026-11-22T00:00:00Z',
        },
      },
    },
  ),
];

/** A lender's coverage thresholds as every threshold call answers them (query-api README "Coverage thresholds"). */
const coverageThresholdsAnswer = successOf(['覆盖率阈值', 'Coverage thresholds'], {
  defaultThreshold: s('未设置时的阈值', 'The threshold where none is set', { type: 'number' }),
  thresholds: s('本账户设置的阈值（按企业）', 'The thresholds this account set, by enterprise', {
    type: 'array',
    items: {
      type: 'object',
      required: ['enterprise', 'threshold'],
      properties: {
        enterprise: { type: 'string' },
        threshold: { type: 'number' },
        updatedAt: { type: 'string' },
      },
    },
  }),
});

/** The lender console's open alerts (query-api README "Collateral exposure") and the key's own account. */
export const collateralOperations: ApiOperation[] = [
  op(
    'get',
    '/open/portfolio',
    'lender_portfolio',
    'queries',
    {
      cn: '授信组合：各授权企业的未结融资及其押品覆盖',
      en: 'Portfolio: open financings of the granted enterprises and their cover',
    },
    ['lender', 'operator'],
    successOf(
      [
        '未结融资（预警在前，其后覆盖率由低到高，最多 200 笔）',
        'Open financings (alerts first, then lowest coverage; at most 200)',
      ],
      {
        dataList: s('融资', 'Financings', {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'customerCode',
              'financingOrderNo',
              'alerted',
              'collateral',
              'stockValue',
              'unpricedLines',
              'coverage',
            ],
            properties: {
              customerCode: s('客户编码', 'Customer code'),
              financingOrderNo: s('融资单号', 'Financing order number'),
              firstSeen: s('首次出现时间', 'First seen'),
              alerted: s('有未结的押品重复融资预警', 'An open reused-collateral alert names it', {
                type: 'boolean',
              }),
              alerts: s(
                '未结的放货与低覆盖率预警：collateral.released（何时、哪张仓单、由哪份单据）；coverage.low（按本账户的阈值：覆盖率、自何时、由哪份单据）',
                'Open release and low-coverage alerts: collateral.released (when, which receipt, by which document); coverage.low (against this account’s threshold: coverage, since when, by which document)',
                {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['kind', 'document'],
                    properties: {
                      kind: { type: 'string', enum: ['collateral.released', 'coverage.low'] },
                      at: { type: 'string' },
                      since: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                      collateral: { type: 'object' },
                      cause: { type: 'string', enum: ['outbound', 'tally', 'stockReport'] },
                      threshold: { type: 'number' },
                      coverage: { type: 'number' },
                      document: {
                        type: 'object',
                        properties: {
                          documentType: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                          documentId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                          receivedAt: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                        },
                      },
                    },
                  },
                },
              ),
              purchases: s(
                '采购单（最新单据所述金额、币种、状态）',
                'Purchases (amount, currency, status as the latest document states)',
                {
                  type: 'array',
                  items: { type: 'object' },
                },
              ),
              latestEvents: s('链路最近收到的三份单据', "The chain's three documents received last", {
                type: 'array',
                items: { type: 'object' },
              }),
              collateral: s(
                '押品；仓单附仓内剩余库存（数量、按行价计的价值、无价行数）',
                'Collateral; a warehouse receipt with the stock left behind it (quantity, value at its lines’ prices, unpriced lines)',
                {
                  type: 'array',
                  items: { type: 'object' },
                },
              ),
              purchaseAmount: s(
                '采购金额合计（有采购单未给金额时为 null）',
                'Purchase amount (null when a purchase states none)',
                {
                  anyOf: [{ type: 'number' }, { type: 'null' }],
                },
              ),
              stockValue: s(
                '仓单后剩余库存的价值（有价行）',
                'Value of the stock left behind its receipts (priced lines)',
                { type: 'number' },
              ),
              unpricedLines: s('剩余库存中无价的行数', 'Lines of that stock that state no price', {
                type: 'integer',
              }),
              coverage: s(
                '覆盖率：库存价值 / 采购金额（无法计算时为 null）',
                'Coverage: stock value / purchase amount (null when it cannot be computed)',
                {
                  anyOf: [{ type: 'number' }, { type: 'null' }],
                },
              ),
            },
          },
        }),
        figures: s(
          '各数字所读的投影及其新鲜度（?offsets=true 时含各分区下一偏移量）；按时点查询时为回放的记录数及最后位置',
          'For each figure, the projection it was read from and its freshness (with ?offsets=true the next offset per partition); as of a moment, the records replayed and their last positions',
          { type: 'object' },
        ),
        asOf: s(
          '仅在 ?asOf= 时：时点、回放的记录数及各分区最后回放的日志位置',
          'Only with ?asOf=: the moment, the records replayed and the last log position replayed per partition',
          { type: 'object' },
        ),
        freshness: s(
          '两个投影的数据新鲜度（按时点查询时为单据索引的）',
          'Freshness of both projections read (as of a moment: the document index’s)',
          { type: 'object' },
        ),
      },
    ),
    {
      failures: [400, 422, 429, 503],
      query: {
        asOf: {
          schema: {
            type: 'string',
            format: 'date-time',
            description:
              'The portfolio as it stood then, replayed from the log (README "Portfolio"): at most 200 records for the chains and 200 for the stock; ' +
              'more is 422 AS_OF_TOO_MANY_RECORDS, a moment in the future or before the first financing 422 AS_OF_OUT_OF_RANGE. ' +
              '按日志回放该时点的组合：链路与库存各最多回放 200 条记录。',
          } as JsonSchema,
        },
        offsets: { schema: { type: 'string', enum: ['true', '1'] } as JsonSchema },
      },
    },
  ),
  op(
    'get',
    '/open/portfolio/coverage-thresholds',
    'coverage_thresholds',
    'queries',
    { cn: '本账户的覆盖率预警阈值', en: "This account's coverage thresholds" },
    ['lender'],
    coverageThresholdsAnswer,
    { failures: [429] },
  ),
  op(
    'put',
    '/open/portfolio/coverage-thresholds',
    'set_coverage_threshold',
    'queries',
    {
      cn: '设置一个授权企业的覆盖率预警阈值（低于即 coverage.low）',
      en: 'Set the coverage threshold of a granted enterprise (below it: coverage.low)',
    },
    ['lender'],
    coverageThresholdsAnswer,
    {
      request: {
        schema: coverageThresholdRequest as unknown as JsonSchema,
        example: { customerCode: '91440300MA5G2K7L3X', threshold: 1.2 },
      },
      failures: [400, 403, 429],
    },
  ),
  op(
    'delete',
    '/open/portfolio/coverage-thresholds/{customerCode}',
    'reset_coverage_threshold',
    'queries',
    { cn: '恢复企业的默认阈值', en: 'Return an enterprise to the default threshold' },
    ['lender'],
    coverageThresholdsAnswer,
    { failures: [429], pathExamples: { customerCode: '91440300MA5G2K7L3X' } },
  ),
  op(
    'get',
    '/open/account',
    'key_account',
    'queries',
    { cn: '本密钥的类型与授权企业', en: "This key's kind and granted enterprises" },
    ['partner', 'lender', 'subscriber', 'operator'],
    successOf(['密钥账户', "The key's account"], {
      kind: s('密钥类型', 'Key kind', {
        type: 'string',
        enum: ['partner', 'lender', 'subscriber', 'operator'],
      }),
      account: s('账户代码', 'Account code'),
      enterprises: s(
        '授权企业（按代码排序；* 为全部企业；运营密钥可读全部企业）',
        'Granted enterprises (sorted codes; * for every enterprise; operator keys read all)',
        { type: 'array', items: { type: 'string' } },
      ),
    }),
    { failures: [401, 429] },
  ),
  op(
    'get',
    '/open/info/collateral/alerts',
    'collateral_alerts',
    'queries',
    { cn: '押品重复融资预警', en: 'Reused-collateral alerts' },
    ['lender', 'operator'],
    successOf(['未结预警（最新的在前，最多 200 条）', 'Open alerts (newest first, at most 200)'], {
      alerts: s('预警', 'Alerts', {
        type: 'array',
        items: {
          type: 'object',
          required: ['kind', 'number', 'firstSeen', 'financings'],
          properties: {
            kind: s('押品类型', 'Kind', {
              type: 'string',
              enum: ['billOfLading', 'warehouseReceipt', 'contract'],
            }),
            number: s('规范化编号', 'Normalised number'),
            warehouse: s('仓单所在仓库', 'Warehouse of a receipt', {
              anyOf: [{ type: 'string' }, { type: 'null' }],
            }),
            firstSeen: s('配对首次出现时间', 'When the pairing was first seen'),
            financings: s(
              '两笔融资（调用方无权查看的企业为 null）',
              'The two financings (null for an enterprise the caller is not granted)',
              { type: 'array', items: { anyOf: [{ type: 'object' }, { type: 'null' }] } },
            ),
          },
        },
      }),
      freshness: s('数据新鲜度', 'Freshness', { type: 'object' }),
    }),
    { failures: [503] },
  ),
];

export const operatorOperations: ApiOperation[] = [
  op(
    'get',
    '/ops/leads',
    'list_leads',
    'operators',
    { cn: '门户表单线索（最新在前）', en: "The portal's saved forms (leads), newest first" },
    operator,
    list(['线索', 'Leads']),
    {
      query: {
        form: { schema: { type: 'string', enum: [...leadForms] } },
        before: { schema: { type: 'string', pattern: '^\\d{1,18}$' } },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, example: 50 },
      },
    },
  ),
  op(
    'get',
    '/ops/portal/role-requests',
    'list_portal_role_requests',
    'operators',
    {
      cn: '门户账户申请的角色（未授予的在前；all=true 含已授予）',
      en: 'Roles portal accounts applied for (pending ones; all=true for every one)',
    },
    operator,
    list(['角色申请', 'Role requests']),
    {
      query: {
        all: { schema: { type: 'string', enum: ['true', 'false'] } },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, example: 50 },
      },
    },
  ),
  op(
    'put',
    '/ops/portal/accounts/{phone}/role',
    'grant_portal_role',
    'operators',
    {
      cn: '授予门户账户角色（访客申请的角色不自动授予）',
      en: 'Grant a portal account a role (applying grants nothing)',
    },
    operator,
    successOf(['已授予', 'Granted']),
    {
      request: { schema: roleGrantRequest as unknown as JsonSchema, example: { role: '150' } },
      pathExamples: { phone: '13800000000' },
      failures: [400, 404],
    },
  ),
  op(
    'delete',
    '/ops/portal/accounts/{phone}/role',
    'withdraw_portal_role',
    'operators',
    { cn: '撤回门户账户的角色', en: "Withdraw a portal account's role" },
    operator,
    successOf(['已撤回', 'Withdrawn']),
    { pathExamples: { phone: '13800000000' }, failures: [404] },
  ),
  op(
    'get',
    '/ops/projections',
    'list_projections',
    'operators',
    { cn: '已声明的投影', en: 'The declared projections' },
    operator,
    successOf(['投影', 'Projections'], {
      projections: s(
        '投影列表（名称、标题、读取的单据、变化类型）',
        'Projections (name, title, documents read, change kinds)',
        {
          type: 'array',
          items: { type: 'object', required: ['name'], properties: { name: s('名称', 'Name') } },
        },
      ),
    }),
  ),
  op(
    'post',
    '/ops/rebuild/{projection}',
    'request_rebuild',
    'operators',
    { cn: '从日志重建投影（新版本）', en: 'Rebuild a projection from the log into a new version' },
    operator,
    successOf(['已请求', 'Requested'], {
      projection: s('投影', 'Projection'),
      version: s('版本', 'Version', { type: 'integer' }),
      state: s('状态', 'State'),
    }),
    {
      pathExamples: projection,
      failures: [404, 409],
      response: { schema: successOf(['已请求', 'Requested']), status: 202 },
    },
  ),
  op(
    'get',
    '/ops/rebuild/{projection}',
    'list_versions',
    'operators',
    { cn: '投影的各版本与重建进度', en: "A projection's versions and rebuild progress" },
    operator,
    successOf(['版本', 'Versions'], {
      versions: s('版本列表', 'Versions', { type: 'array', items: { type: 'object' } }),
    }),
    { pathExamples: projection, failures: [404] },
  ),
  op(
    'delete',
    '/ops/versions/{projection}/{version}',
    'drop_version',
    'operators',
    { cn: '删除已退役或失败的版本', en: 'Drop a retired or failed version' },
    operator,
    successOf(['已删除', 'Dropped']),
    { pathExamples: projection, failures: [404, 409] },
  ),
  op(
    'get',
    '/ops/dead-letters',
    'list_dead_letters',
    'operators',
    { cn: '死信', en: 'Dead letters' },
    operator,
    list(['死信', 'Dead letters']),
    {
      query: {
        ...limitQuery,
        projection: { schema: { type: 'string' } },
        state: { schema: { type: 'string', enum: [...deadLetterStates] } },
        after: { schema: { type: 'string' } },
      },
    },
  ),
  op(
    'post',
    '/ops/dead-letters/{id}/retry',
    'retry_dead_letter',
    'operators',
    { cn: '重试死信', en: 'Retry a dead letter' },
    operator,
    successOf(['已安排重试', 'Retry scheduled']),
    { failures: [404, 409], response: { schema: successOf(['已安排重试', 'Retry scheduled']), status: 202 } },
  ),
  op(
    'get',
    '/ops/unattributed/{projection}',
    'list_unattributed',
    'operators',
    {
      cn: '尚未归属企业的单据（最早在前），及可解析其归属的订单键',
      en: 'Documents not attributed to an enterprise yet (oldest first), with the order keys that would resolve them',
    },
    operator,
    successOf(['未归属单据', 'Unattributed documents'], {
      projection: s('投影', 'Projection'),
      page: s('页码', 'Page', { type: 'integer' }),
      pageSize: s('每页条数', 'Page size', { type: 'integer' }),
      totalCount: s('总数', 'Total', { type: 'integer' }),
      dataList: s(
        '单据（position、keys、documentType、documentId、partnerId、receivedAt）',
        'Documents (position, keys, documentType, documentId, partnerId, receivedAt)',
        {
          type: 'array',
          items: { type: 'object' },
        },
      ),
    }),
    {
      pathExamples: projection,
      failures: [400, 404],
      query: {
        page: { schema: { type: 'integer', minimum: 1, default: 1 }, example: 1 },
        pageSize: { schema: { type: 'integer', minimum: 1, maximum: 200, default: 100 }, example: 100 },
      },
    },
  ),
  op(
    'delete',
    '/ops/rebuild/{projection}',
    'cancel_rebuild',
    'operators',
    {
      cn: '取消投影已请求或构建中的版本（记入审计）',
      en: "Cancel a projection's requested or building version (audited)",
    },
    operator,
    successOf(['已取消', 'Cancelled'], {
      projection: s('投影', 'Projection'),
      version: s('版本', 'Version', { type: 'integer' }),
    }),
    { pathExamples: projection, failures: [404, 409] },
  ),
  op(
    'get',
    '/ops/dead-letters/{id}',
    'view_dead_letter',
    'operators',
    {
      cn: '死信及其内容（按写入模式解码）',
      en: 'A dead letter with its payload, decoded with its writer schema',
    },
    operator,
    successOf(['死信', 'Dead letter'], {
      payload: s(
        '内容：schemaId、schema、value，或 error 与 valueBase64',
        'Payload: schemaId, schema, value, or error and valueBase64',
        {
          type: 'object',
        },
      ),
    }),
    { pathExamples: { id: '1' }, failures: [404] },
  ),
  ...(['retry', 'discard'] as const).map((action) =>
    op(
      'post',
      `/ops/dead-letters/${action}`,
      `${action}_dead_letters`,
      'operators',
      action === 'retry'
        ? { cn: '批量重试死信（记入审计）', en: 'Retry dead letters in bulk (audited)' }
        : {
            cn: '批量丢弃死信，不再应用（记入审计）',
            en: 'Discard dead letters in bulk, unapplied (audited)',
          },
      operator,
      successOf(['已处理', 'Done'], {
        [action === 'retry' ? 'retrying' : 'discarded']: s('已处理的编号', 'Ids changed', {
          type: 'array',
          items: { type: 'string' },
        }),
        skipped: s('跳过的编号', 'Ids skipped', { type: 'array', items: { type: 'string' } }),
      }),
      {
        request: {
          schema: {
            type: 'object',
            required: ['ids'],
            properties: {
              ids: s('死信编号（1 至 500）', 'Dead-letter ids (1 to 500)', {
                type: 'array',
                minItems: 1,
                maxItems: 500,
                items: { type: 'string', pattern: '^\\d{1,18}$' },
              }),
            },
          },
          example: { ids: ['1'] },
        },
        failures: [400],
        response: { schema: successOf(['已处理', 'Done']), status: 202 },
      },
    ),
  ),
  op(
    'get',
    '/ops/records',
    'browse_records',
    'operators',
    {
      cn: '按主题、分区、偏移量读取日志中的消息，按写入模式解码，含键与消息头',
      en: 'Records of the log at a topic, partition and offset, decoded with their writer schema, with keys and headers',
    },
    operator,
    successOf(['消息', 'Records'], {
      logStartOffset: s('分区起始偏移量', 'First offset held'),
      highWatermark: s('下一条消息的偏移量', 'The next offset to be written'),
      nextOffset: s('下一页从此开始', 'Where the next page starts'),
      dataList: s('消息', 'Records', { type: 'array', items: { type: 'object' } }),
    }),
    {
      query: {
        topic: {
          schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,249}$' },
          example: documentTypes.find((type) => type.id === 'purchase')!.topic,
        },
        partition: { schema: { type: 'integer', minimum: 0, default: 0 }, example: 0 },
        offset: { schema: { type: 'integer', minimum: 0, default: 0 }, example: 0 },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 }, example: 10 },
      },
      failures: [400, 404, 503],
    },
  ),
  op(
    'get',
    '/ops/audit',
    'list_audit',
    'operators',
    {
      cn: '操作审计（最新在前）：重建、取消、死信重试与丢弃、账户与密钥',
      en: 'Who did what, newest first: rebuilds, cancels, dead-letter retries and discards, accounts and keys',
    },
    operator,
    list(['审计', 'Audit']),
    {
      query: {
        ...limitQuery,
        before: { schema: { type: 'string', pattern: '^\\d{1,18}$' } },
        action: { schema: { type: 'string', enum: [...auditActions] } },
      },
    },
  ),
  op(
    'get',
    '/ops/accounts',
    'list_accounts',
    'operators',
    {
      cn: '账户及其密钥（不含密钥本身）；standingWildcard 标出可为任意企业或全部数据源类别提交的合作方（README“收窄常设通配授权”）',
      en: 'Accounts with their keys (never a secret); standingWildcard flags a partner that may submit for any enterprise or every feed family (README "Upgrading: narrowing standing wildcards")',
    },
    operator,
    list(['账户', 'Accounts']),
  ),
  op(
    'post',
    '/ops/accounts',
    'create_account',
    'operators',
    {
      cn: '创建账户及其第一个密钥（规则同 npm run keys；密钥只显示这一次）',
      en: 'Create an account and its first key (the rules of npm run keys; the key is shown once)',
    },
    operator,
    successOf(['已创建', 'Created'], { apiKey: s('API 密钥（只显示这一次）', 'API key (shown once)') }),
    {
      request: {
        schema: {
          type: 'object',
          required: ['kind', 'name'],
          properties: {
            kind: s('类型', 'Kind', {
              type: 'string',
              enum: ['partner', 'lender', 'subscriber', 'operator'],
            }),
            name: s('账户名称', 'Account name', { type: 'string', maxLength: 200 }),
            code: s('账户代码', 'Account code', { type: 'string', maxLength: 64 }),
            enterprises: s('企业代码', 'Enterprise codes', { type: 'array', items: { type: 'string' } }),
            feeds: s('数据源类别', 'Feed families', { type: 'array', items: { type: 'string' } }),
            confirmAnyEnterprise: confirmAnyEnterprise(),
          },
        },
        example: { kind: 'lender', name: 'Demo Bank', enterprises: ['91440300MA5G2K7L3X'] },
      },
      failures: [400, 409],
      response: { schema: successOf(['已创建', 'Created']), status: 201 },
    },
  ),
  op(
    'post',
    '/ops/accounts/{account}/keys',
    'add_account_key',
    'operators',
    { cn: '为账户再添加一个密钥', en: 'Add another key to an account' },
    operator,
    successOf(['已创建', 'Created'], { apiKey: s('API 密钥（只显示这一次）', 'API key (shown once)') }),
    {
      pathExamples: { account: 'demo-bank' },
      request: {
        schema: {
          type: 'object',
          required: ['kind'],
          properties: { kind: s('类型', 'Kind', { type: 'string' }) },
        },
        example: { kind: 'lender' },
      },
      failures: [400, 404, 409],
      response: { schema: successOf(['已创建', 'Created']), status: 201 },
    },
  ),
  ...(['grant', 'withdraw'] as const).map((command) =>
    op(
      'post',
      `/ops/accounts/{account}/${command}`,
      `${command}_account`,
      'operators',
      command === 'grant'
        ? { cn: '授予账户企业或数据源', en: 'Grant an account enterprises or feed families' }
        : { cn: '撤回账户的企业或数据源', en: "Withdraw an account's enterprises or feed families" },
      operator,
      successOf(['账户', 'Account']),
      {
        pathExamples: { account: 'demo-bank' },
        request: {
          schema: {
            type: 'object',
            properties: {
              enterprises: s('企业代码', 'Enterprise codes', { type: 'array', items: { type: 'string' } }),
              feeds: s('数据源类别', 'Feed families', { type: 'array', items: { type: 'string' } }),
              ...(command === 'grant' ? { confirmAnyEnterprise: confirmAnyEnterprise() } : {}),
            },
          },
          example: { enterprises: ['91440300MA5G2K7L3X'] },
        },
        failures: [400, 404, 409],
      },
    ),
  ),
  op(
    'post',
    '/ops/keys/{id}/revoke',
    'revoke_key',
    'operators',
    { cn: '吊销密钥', en: 'Revoke a key' },
    operator,
    successOf(['已吊销', 'Revoked']),
    { pathExamples: { id: '00000000-0000-4000-8000-000000000000' }, failures: [400, 404] },
  ),
  op(
    'get',
    '/ops/pipeline',
    'pipeline',
    'operators',
    {
      cn: '主题规模与投影延迟；检查点属于另一份日志的投影为 state: log-replaced，lag 为 null',
      en: 'Topic sizes and projection lag; a projection whose checkpoints are of another log has state log-replaced and lag null',
    },
    operator,
    successOf(['管道', 'Pipeline']),
    { failures: [503] },
  ),
  op(
    'post',
    '/ops/push/start-on-new-log',
    'push_start_on_new_log',
    'operators',
    {
      cn: '日志被替换后，推送处理器从新日志的变更主题开头推送（删除其属于另一份日志的检查点；新日志的变更一条不漏）',
      en: 'After the log was replaced, the push processor pushes the new log’s changes topic from its start (its checkpoints of the other log removed; none of the new log’s changes skipped)',
    },
    operator,
    successOf(['已从新日志开始', 'Started on the new log'], {
      clusterId: s('当前 Kafka 集群编号', 'The current Kafka cluster id'),
      started: s('各消费组及其重置的分区', 'Each consumer group and the partitions started over', {
        type: 'array',
        items: { type: 'object' },
      }),
    }),
    {
      failures: [409, 503],
      response: { schema: successOf(['已从新日志开始', 'Started on the new log']), status: 202 },
    },
  ),
];

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
    result: s('结果（1 成功，0 失败）', 'Result (1 success, 0 failure)', { type: 'integer' }),
    msg: s('说明', 'Message'),
    data: s('数据', 'Data', {}),
  },
};

export function portalOperations(product: string): ApiOperation[] {
  const portal = (
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
  });
  const text = { type: 'string' } as JsonSchema;
  const int = { type: 'integer' } as JsonSchema;
  const lang = { lang: { type: 'string', enum: ['cn', 'en'] } as JsonSchema };
  const operations: ApiOperation[] = [
    portal(
      'post',
      '/api/front/home/index.do',
      'home',
      { cn: '首页数据', en: 'Home page data' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/home/bottom.do',
      'site',
      { cn: '页脚联系方式与站点设置', en: 'Footer contact details and site settings' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/meet/keyword.do',
      'keywords',
      { cn: '各页面关键词', en: 'Keywords per page' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/joinus/settleRoles.do',
      'settle_roles',
      { cn: '可申请的入驻角色', en: 'Roles one may apply for' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/joinus/index.do',
      'join',
      { cn: '伙伴入驻页', en: 'Join page' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/joinus/centralize.do',
      'join_centralize',
      { cn: '集中入驻页', en: 'Centralised join page' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/home/settlePlatform.do',
      'settle_platform',
      { cn: '首页入驻平台介绍', en: "The home page's join band" },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal('get', `/${product}-client/api/toolMarket/application/detail/selection`, 'tools', {
      cn: '工具市场列表',
      en: 'Tool market list',
    }),
    portal(
      'get',
      `/${product}-client/api/toolMarket/application/detail`,
      'tool_by_id',
      { cn: '工具详情（按 id）', en: 'Tool detail by id' },
      undefined,
      { query: { id: { schema: int, example: 1 } }, failures: [404] },
    ),
    portal(
      'get',
      `/${product}-client/api/toolMarket/application/detail/{code}`,
      'tool',
      { cn: '工具详情（按代码）', en: 'Tool detail by code' },
      undefined,
      { pathExamples: { code: 'vesselAis' }, failures: [404] },
    ),
    portal(
      'post',
      '/api/front/home/registrationTerms',
      'registration_terms',
      {
        cn: '用户服务条款（注册时接受，记录版本）',
        en: 'Terms and Conditions (accepted at registration, version recorded)',
      },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/home/legalSecrecy.do',
      'privacy_policy',
      { cn: '隐私政策', en: 'Privacy policy' },
      { properties: lang, example: { lang: 'cn' } },
    ),
    portal(
      'post',
      '/api/front/column/list.do',
      'columns',
      { cn: '资讯栏目', en: 'News columns' },
      {
        properties: { ...lang, kind: { type: 'string', enum: ['news', 'blog'] } },
        example: { kind: 'news' },
      },
    ),
    portal(
      'post',
      '/api/front/meet/newsList.do',
      'news_list',
      { cn: '资讯列表', en: 'News list' },
      {
        properties: { ...lang, columnId: int, page: int, rows: int },
        example: { columnId: 1001, page: 1, rows: 10 },
      },
    ),
    portal(
      'post',
      '/api/front/meet/articleDetails.do',
      'article',
      { cn: '文章详情', en: 'Article' },
      { properties: { ...lang, id: int }, example: { id: 101 } },
      { failures: [404] },
    ),
    portal(
      'post',
      '/apiNewsDetail/front/meet/articleDetails.do',
      'article_news',
      { cn: '文章详情（资讯路径）', en: 'Article (news path)' },
      { properties: { ...lang, id: int }, example: { id: 101 } },
      { failures: [404] },
    ),
    portal(
      'post',
      '/api/front/meet/recommendNewsList.do',
      'recommended',
      { cn: '推荐文章', en: 'Recommended articles' },
      { properties: { ...lang, id: int }, example: { id: 101 } },
    ),
    portal(
      'post',
      '/helpAndRuleCenter/index',
      'centre',
      { cn: '帮助与规则中心目录', en: 'Help and rule centre menu' },
      { properties: { ...lang, columnId: int }, example: { columnId: 4218 } },
      { failures: [404] },
    ),
    portal(
      'post',
      '/helpAndRuleCenter/search',
      'centre_search',
      { cn: '帮助与规则中心搜索', en: 'Help and rule centre search' },
      { properties: { ...lang, keyword: text }, example: { keyword: '融资' } },
    ),
    portal('get', '/api/front/confront/category.do', 'finance_categories', {
      cn: '云金融分类',
      en: 'Cloud-finance categories',
    }),
    portal(
      'get',
      '/api/front/confront/products.do',
      'finance_products',
      { cn: '云金融产品', en: 'Cloud-finance products' },
      undefined,
      {
        query: { dataType: { schema: text }, institution: { schema: text }, slug: { schema: text } },
        failures: [404],
      },
    ),
    portal(
      'post',
      `/${product}-srv/official/app/list`,
      'apps',
      { cn: '应用市场列表', en: 'App market list' },
      { properties: { ...lang, page: int, rows: int }, example: { page: 1, rows: 10 } },
    ),
    portal(
      'get',
      `/${product}-srv/official/app/{id}`,
      'app',
      { cn: '应用详情', en: 'App detail' },
      undefined,
      { pathExamples: { id: '301' }, failures: [404] },
    ),
    portal(
      'post',
      '/api/front/expert/index.do',
      'experts',
      { cn: '专家库', en: 'Experts' },
      { properties: lang, example: {} },
    ),
    portal('get', `/${product}-official/ip2region/search`, 'ip_location', {
      cn: '访客 IP 所在城市',
      en: "The visitor's city by IP",
    }),
    portal(
      'post',
      '/api/front/other/sms.do',
      'sms_code',
      { cn: '获取注册验证码', en: 'Registration code by SMS' },
      { properties: { ...lang, phone: text }, example: { phone: '13800138000' } },
      { failures: [400, 403, 415, 429, 503] },
    ),
    portal(
      'post',
      '/api/front/other/registered.do',
      'register',
      { cn: '注册', en: 'Register' },
      {
        properties: { ...lang, phone: text, code: text, password: text },
        example: { phone: '13800138000', code: '123456', password: 'Tradelog-2024' },
      },
      { failures: [400, 403, 409, 415] },
    ),
    portal(
      'post',
      '/api/front/user/login.do',
      'login',
      {
        cn: '登录（密码或验证码），会话写入 HttpOnly Cookie',
        en: 'Log in (password or code); the session is an HttpOnly cookie',
      },
      {
        properties: { ...lang, phone: text, password: text, code: text },
        example: { phone: '13800138000', password: 'Tradelog1' },
      },
      { failures: [400, 403, 404, 415] },
    ),
    portal(
      'post',
      '/api/front/user/logout.do',
      'logout',
      { cn: '退出登录（结束服务端会话）', en: 'Log out (ends the server session)' },
      { properties: lang, example: {} },
      { failures: [403, 415] },
    ),
    portal(
      'post',
      '/api/front/user/handover.do',
      'handover',
      { cn: '接收管理平台的 SESSION（仅一次）', en: "Accept the management platform's SESSION (once)" },
      { properties: { ...lang, session: text }, example: { session: 'token' } },
      { failures: [401, 403, 415] },
    ),
    portal(
      'post',
      '/api/front/user/info.do',
      'user_info',
      { cn: '当前登录用户（按 SESSION Cookie）', en: 'The signed-in user (by the SESSION cookie)' },
      { properties: lang, example: {} },
    ),
    portal(
      'post',
      `/${product}-order/customerDemand/save`,
      'demand',
      { cn: '提交需求表单', en: 'Submit a demand form' },
      {
        properties: {
          ...lang,
          // The forms are the schemas' list (a form added there is documented here).
          form: { type: 'string', enum: [...leadForms] },
          name: text,
          phone: text,
          industry: text,
          demand: text,
        },
        example: {
          form: 'contact',
          name: '李明',
          phone: '13800138000',
          industry: '跨境电商',
          demand: '保税仓融资咨询',
        },
      },
      { failures: [400, 401, 403, 415] },
    ),
    portal(
      'post',
      '/api/front/other/settle.do',
      'settle',
      { cn: '首页入驻申请（保存为线索）', en: 'Join application from the home page (saved as a lead)' },
      {
        properties: { ...lang, name: text, phone: text, industry: text, demand: text },
        example: { name: '李明', phone: '13800138000', industry: '110', demand: '申请以物流服务商身份入驻' },
      },
      { failures: [400, 403, 415] },
    ),
    portal(
      'post',
      '/api/front/other/joinOrigin.do',
      'join_origin',
      { cn: '入驻页入驻申请（保存为线索）', en: 'Join application from the join page (saved as a lead)' },
      {
        properties: { ...lang, name: text, phone: text, industry: text, demand: text },
        example: { name: '李明', phone: '13800138000', industry: '110', demand: '申请以物流服务商身份入驻' },
      },
      { failures: [400, 403, 415] },
    ),
    // §7 channels and home bands (content README "Channels", "Home bands").
    ...(
      [
        [
          '/api/front/meet/navigList.do',
          'navigation',
          '新闻与博客栏目导航',
          'News and blog column navigation',
          { kind: text },
          { kind: 'news' },
        ],
        [
          '/api/front/channels/list',
          'channels',
          '全部栏目（平铺，含上级）',
          'Every channel, flat, with its parent',
          { kind: text },
          { kind: 'help' },
        ],
        [
          '/apiNewsDetail/front/channels/get',
          'channel',
          '栏目详情与路径',
          'A channel with its path and children',
          { columnId: int },
          { columnId: 4234 },
        ],
        [
          '/api/front/meet/newsInfo',
          'news_info',
          '文章摘要（不含正文）',
          'An article head without its body',
          { id: int },
          { id: 4239 },
        ],
        ['/api/front/meet/index.do', 'news_band', '首页新闻栏', "The home page's news band", {}, {}],
        ['/api/front/meet/legalize.do', 'legal_links', '页脚法律链接', "The footer's legal links", {}, {}],
        [
          '/api/front/confront/index.do',
          'finance_band',
          '首页云融资栏',
          "The home page's finance band",
          {},
          {},
        ],
        [
          '/api/front/common/scheme.do',
          'finance_schemes',
          '按数据类型的融资方案',
          'Financing schemes by data type',
          {},
          {},
        ],
        ['/api/front/market/index.do', 'market_band', '首页云市场栏', "The home page's market band", {}, {}],
        ['/api/front/link/index.do', 'link_band', '首页链路节点栏', "The home page's link-node band", {}, {}],
        [
          '/api/front/origin/index.do',
          'origin',
          '伙伴入驻页（入驻页表单）',
          "The join page (its form's page)",
          {},
          {},
        ],
      ] as const
    ).map(([path, id, cn, en, properties, example]) =>
      portal(
        'post',
        path,
        id,
        { cn, en },
        { properties: { ...lang, ...properties }, example: { lang: 'cn', ...example } },
        id === 'channel' || id === 'news_info' ? { failures: [404] } : {},
      ),
    ),
    portal(
      'get',
      `/${product}-official/helpCenter/query`,
      'help_query',
      { cn: '帮助中心查询', en: 'Help centre query' },
      undefined,
      {
        query: { keyword: { schema: text, example: 'API Key' }, columnId: { schema: int, example: 4218 } },
      },
    ),
    portal(
      'get',
      '/api/front/confront/demand.do',
      'finance_demand',
      { cn: '融资申请所需', en: 'What a financing application needs' },
      undefined,
      {
        query: { slug: { schema: text, example: 'Detail' } },
        failures: [404],
      },
    ),
    portal('get', '/api/front/client/roles.do', 'client_roles', {
      cn: '角色选项及名称',
      en: 'Role options with labels',
    }),
    portal('get', '/api/front/home/warrant.do', 'warrant', {
      cn: '当前账户获授的角色',
      en: 'What the session is granted',
    }),
    portal(
      'post',
      '/api/transfer/redirect',
      'redirect',
      { cn: '跳转助手（仅限门户链接的地址）', en: 'Redirect helper (only to where the portal links)' },
      { properties: { ...lang, url: text }, example: { url: '/cn/about.html' } },
      { failures: [400] },
    ),
    portal(
      'post',
      '/cleancache',
      'clean_cache',
      {
        cn: '清空页面缓存并重读内容文件（运营）',
        en: 'Empty the page cache and reread the content file (operators)',
      },
      undefined,
      // An operator's key (query-api content README "Page cache").
      { audience: ['operator'], failures: [400] },
    ),
    portal(
      'post',
      '/api/front/other/originSMS.do',
      'origin_sms_code',
      { cn: '入驻页验证码', en: "The join page's verification code" },
      { properties: { ...lang, phone: text }, example: { phone: '13800138000' } },
      { failures: [400, 403, 415, 429, 503] },
    ),
    portal(
      'post',
      '/api/front/other/advisory.do',
      'advisory',
      { cn: '服务咨询（保存为线索）', en: 'Service consultation (saved as a lead)' },
      {
        properties: { ...lang, name: text, phone: text, industry: text, demand: text },
        example: { name: '李明', phone: '13800138000', industry: '180', demand: '跨境店铺融资咨询' },
      },
      { failures: [400, 403, 415] },
    ),
    portal(
      'post',
      '/api/front/other/leave.do',
      'leave_message',
      { cn: '留言（需登录，保存为线索）', en: 'Leave a message (logged in; saved as a lead)' },
      { properties: { ...lang, content: text }, example: { content: '需要关务系统演示' } },
      { failures: [400, 401, 403, 415] },
    ),
    portal(
      'post',
      '/api/front/link/demand.do',
      'link_demand',
      { cn: '询价需求（保存为线索）', en: 'An inquiry (saved as a lead)' },
      {
        properties: {
          ...lang,
          contactPerson: text,
          phone: text,
          certification: text,
          specification: text,
          quantity: text,
        },
        example: {
          contactPerson: '吴刚',
          phone: '0755-12345678',
          certification: 'CE',
          specification: '冷链集装箱',
          quantity: '20',
        },
      },
      { failures: [400, 403, 415] },
    ),
  ];
  // The portal's writes are validated with these schemas (schemas/src/portal/forms.ts): use them.
  const validated: Record<string, JsonSchema> = {
    portal_sms_code: smsRequest as unknown as JsonSchema,
    portal_register: registrationRequest as unknown as JsonSchema,
    portal_login: loginRequest as unknown as JsonSchema,
    portal_handover: handOverRequest as unknown as JsonSchema,
    portal_demand: leadRequest as unknown as JsonSchema,
    portal_settle: joinRequest as unknown as JsonSchema,
    portal_join_origin: joinRequest as unknown as JsonSchema,
    portal_origin_sms_code: smsRequest as unknown as JsonSchema,
    portal_advisory: joinRequest as unknown as JsonSchema,
  };
  return operations.map((operation) =>
    validated[operation.operationId] && operation.request
      ? { ...operation, request: { ...operation.request, schema: validated[operation.operationId]! } }
      : operation,
  );
}

export function queryApiOpenApi(options: { product: string }): OpenApiDocument {
  return openApiDocument(
    {
      title: 'Tradelog query API',
      version: '2.0.0',
      description: [
        'Lender queries over the projections, tracking and change subscriptions, subscription management, operator endpoints',
        "and the portal's content calls (query spec; portal spec §7). Answers are the envelope `{flag, code, message, …}`",
        '(the portal calls: `{result, msg, data}`; express subscriptions: `{success, …}` as the spec shows). Authenticate with',
        '`Authorization: Bearer <key>` (or `X-Api-Key`): lender keys read the enterprises they are granted; operator keys read',
        'everything and run `/ops`. Request bodies are JSON up to 64 KiB. English messages with `Accept-Language: en`.',
        'The pushes a subscription receives are under `webhooks`: each family’s body, its signed headers and the reply contract.',
        '',
        '放款方查询、订阅与运营接口。使用 API 密钥（Authorization: Bearer）。',
      ].join('\n'),
      tags: [
        { name: 'queries', description: 'Link node and enterprise data (数字服务输出)' },
        { name: 'subscriptions', description: 'Subscriptions and their deliveries' },
        { name: 'tracking', description: 'Ocean and terminal tracking' },
        { name: 'documents', description: "A partner's own submissions and their state" },
        { name: 'operators', description: 'Rebuilds, versions, dead letters, pipeline' },
        { name: 'portal', description: "The portal's content calls" },
        { name: 'operations', description: 'Health, readiness, metrics and this reference' },
      ],
    },
    [
      ...queryOperations(),
      ...collateralOperations,
      ...subscriptionOperations,
      ...documentOperations,
      ...operatorOperations,
      ...portalOperations(options.product),
      ...serviceOperations('query-api'),
    ],
    // The pushes subscribers receive (query spec §3, §8, §9): payloads, headers, reply contract.
    { webhooks: openApiWebhooks },
  );
}
