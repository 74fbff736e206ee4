import { deliveryStates } from '@tradelog/projections/push/deliveries';
import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import { changesSubscriptionRequest } from '@tradelog/schemas/queries/management';
import { anyKey, apiOperation, limitQuery, listAnswer, titled } from '../http/openapiOperations.ts';
import { trackedItemAnswer } from '../tracking/openapi.ts';

/**
 * The subscription management routes of `routes.ts` (README "Subscriptions"); the subscription
 * interfaces of the query catalogue are generated (schemas/src/openapi/catalogues.ts).
 */
const subscriptionShape = (required: string[]): JsonSchema => ({
  type: 'object',
  required,
  properties: {
    id: titled('订阅编号', 'Subscription id'),
    family: titled('订阅类型', 'Family'),
    state: titled('状态', 'State'),
    callbackUrl: titled('回调地址', 'Callback URL'),
    ...(required.includes('secret')
      ? {
          secret: titled(
            '签名密钥（只在订阅的应答中显示；同一 Key 再次提交相同订阅时返回同一订阅与密钥）',
            'Signing secret (in subscribing answers only; the same key subscribing the same again gets the same subscription and secret)',
          ),
          existing: titled(
            '订阅已存在（同一 Key 之前已提交相同订阅）',
            'The key had asked for this subscription before (README "Subscribing twice")',
            {
              type: 'boolean',
            },
          ),
        }
      : {}),
  },
});
const subscriptionAnswer = (title: [string, string]) =>
  successOf(title, { subscription: titled('订阅', 'Subscription', subscriptionShape(['id'])) });

/** Create, list, read, delete, pause and resume a subscription; its deliveries and tracked item. */
export const subscriptionOperations: ApiOperation[] = [
  apiOperation(
    'post',
    '/subscriptions/changes',
    'subscribe_changes',
    'subscriptions',
    { cn: '订阅企业的变化', en: "Subscribe to an enterprise's changes" },
    ['lender', 'operator'],
    successOf(['订阅结果（含签名密钥，从不列出）', 'Subscription (with its signing secret, never listed)'], {
      subscription: titled('订阅', 'Subscription', subscriptionShape(['id', 'secret'])),
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
  apiOperation(
    'get',
    '/subscriptions',
    'list_subscriptions',
    'subscriptions',
    { cn: '我的订阅', en: 'My subscriptions' },
    anyKey,
    listAnswer(['订阅列表', 'Subscriptions']),
    { query: limitQuery },
  ),
  apiOperation(
    'get',
    '/subscriptions/{id}',
    'get_subscription',
    'subscriptions',
    { cn: '订阅详情', en: 'A subscription' },
    anyKey,
    subscriptionAnswer(['订阅', 'Subscription']),
    { failures: [404] },
  ),
  apiOperation(
    'delete',
    '/subscriptions/{id}',
    'delete_subscription',
    'subscriptions',
    { cn: '删除订阅', en: 'Delete a subscription' },
    anyKey,
    successOf(['已删除', 'Deleted'], { id: titled('订阅编号', 'Id'), state: titled('状态', 'State') }),
    { failures: [404] },
  ),
  apiOperation(
    'post',
    '/subscriptions/{id}/pause',
    'pause_subscription',
    'subscriptions',
    { cn: '暂停订阅', en: 'Pause a subscription' },
    anyKey,
    subscriptionAnswer(['已暂停', 'Paused']),
    { failures: [404] },
  ),
  apiOperation(
    'post',
    '/subscriptions/{id}/resume',
    'resume_subscription',
    'subscriptions',
    { cn: '恢复订阅', en: 'Resume a subscription' },
    anyKey,
    subscriptionAnswer(['已恢复', 'Resumed']),
    { failures: [404] },
  ),
  apiOperation(
    'get',
    '/subscriptions/{id}/deliveries',
    'list_deliveries',
    'subscriptions',
    { cn: '推送记录', en: 'Deliveries of a subscription' },
    anyKey,
    listAnswer(['推送记录', 'Deliveries']),
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
  apiOperation(
    'get',
    '/subscriptions/{id}/deliveries/{deliveryId}/attempts',
    'list_attempts',
    'subscriptions',
    { cn: '一次推送的各次尝试', en: 'Attempts of a delivery' },
    anyKey,
    listAnswer(['推送尝试', 'Attempts']),
    { failures: [404] },
  ),
  apiOperation(
    'get',
    '/subscriptions/{id}/tracking',
    'tracked_item',
    'subscriptions',
    { cn: '订阅跟踪对象的轨迹时间线', en: 'The tracked item of a tracking subscription (timeline)' },
    anyKey,
    trackedItemAnswer,
    { failures: [404] },
  ),
];

/** README "Subscriber tools": redeliver, change, test push, secret rotation, statistics. */
export const subscriberToolOperations: ApiOperation[] = [
  apiOperation(
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
        redelivered: titled('投递编号', 'Delivery ids', { type: 'array', items: { type: 'string' } }),
        more: titled(
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
            deliveryIds: titled('投递编号（至多 1000）', 'Delivery ids (at most 1000)', {
              type: 'array',
              maxItems: 1000,
              items: { type: 'string' },
            }),
            states: titled('按状态重推', 'Redeliver by state', {
              type: 'array',
              items: { type: 'string', enum: ['delivered', 'dead', 'superseded', 'cancelled'] },
            }),
            since: titled(
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
  apiOperation(
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
            callbackUrl: titled(
              '新回调地址（同创建时的地址检查）',
              'New callback URL (checked as at creation)',
              {
                type: 'string',
                maxLength: 255,
              },
            ),
            state: titled('active 恢复，paused 暂停', 'active resumes, paused pauses', {
              type: 'string',
              enum: ['active', 'paused'],
            }),
          },
        },
        example: { callbackUrl: 'https://erp.qhyp.example.com/hooks/v2', state: 'active' },
      },
    },
  ),
  apiOperation(
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
      delivery: titled('投递（subject 为 test）', 'The delivery (subject test)', { type: 'object' }),
      attempt: titled(
        '尝试：状态码、应答摘录、耗时；202 时为 null（尚未发送，可查 attempts）',
        'The attempt: status, reply excerpt, latency; null with 202 (not made yet: follow its attempts)',
        { type: ['object', 'null'] as unknown as 'object' },
      ),
      payload: titled('发送的正文', 'The body sent', { type: 'object' }),
    }),
    // 429 TEST_PUSH_BUSY: two test pushes of the account already wait (README "Subscriber tools");
    // 202 when the push service has not made the attempt within the wait (attempt null).
    { failures: [404, 409, 429], alsoSucceeds: [202] },
  ),
  apiOperation(
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
      subscription: titled('订阅', 'Subscription', subscriptionShape(['id', 'secret'])),
      previousSecretUntil: titled('旧密钥签名到此时', 'The old secret signs until', {
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
            overlapMinutes: titled(
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
  apiOperation(
    'get',
    '/subscriptions/{id}/stats',
    'subscription_stats',
    'subscriptions',
    { cn: '推送成功率与耗时', en: 'Push success rate and latency' },
    anyKey,
    successOf(['统计', 'Statistics'], {
      stats: titled(
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
