import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import { anyKey, apiOperation, listAnswer, titled } from '../http/openapiOperations.ts';
import { trackingQueryPaths } from './trackingPaths.ts';

/** A tracked item's timeline, as the timeline and a tracking subscription's item answer it. */
export const trackedItemAnswer = successOf(['跟踪对象', 'Tracked item'], {
  item: titled(
    '跟踪对象：状态、事实、全部事件及来源；未知时为 null',
    'The item: state, facts, every event with its provenance; null while nothing is known',
    { type: ['object', 'null'] as unknown as 'object' },
  ),
});

/**
 * The tracking routes of `router.ts` that are ours, not the query catalogue's (README "Tracking
 * timeline"); the catalogue's tracking interfaces are generated (schemas/src/openapi/catalogues.ts).
 */
export const trackingOperations: ApiOperation[] = [
  apiOperation(
    'post',
    trackingQueryPaths.timeline,
    'tracking_timeline',
    'subscriptions',
    {
      cn: '单个包裹、集装箱、航班或运单的轨迹时间线：请求即该类别的查询请求，按同样规则校验与计费',
      en: "One parcel's, container's, flight's or shipment's timeline: the request is the family's query request, checked and billed as that query",
    },
    anyKey,
    trackedItemAnswer,
    {
      request: {
        schema: {
          type: 'object',
          required: ['family', 'request'],
          properties: {
            family: titled('类别', 'Family', {
              type: 'string',
              enum: ['express', 'ocean', 'terminal', 'air'],
            }),
            request: titled('该类别的查询请求', "The family's query request", { type: 'object' }),
          },
        },
        example: { family: 'air', request: { businessNumber: '78412345675' } },
      },
      failures: [400],
    },
  ),
  apiOperation(
    'get',
    '/usage/tracking',
    'tracking_usage',
    'subscriptions',
    {
      cn: '快递计费用量：每个快递公司编码加单号 40 天内计一单',
      en: 'Billed express usage: one order per carrier code plus number over 40 days',
    },
    anyKey,
    listAnswer(['计费单量（按类别）', 'Billed orders by family']),
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
];
