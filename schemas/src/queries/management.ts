import {
  codeValues,
  documentSchema,
  type JsonSchema,
  labels as l,
  list,
  text,
} from '../documents/json-schema.ts';
import { createValidatorCompiler, type Validate } from '../documents/validator.ts';
import { httpUrlFormat, queryFormats } from './formats.ts';

/**
 * Request schemas of Tradelog's own subscription management interfaces (query-api README,
 * "Subscriptions"): a lender's change subscription and a redelivery. Not spec interfaces, so
 * they are not in the query catalogue; validated with the same compiler and bilingual issues.
 * Lists have a maxItems so a body's work is bounded.
 */
export const changeProjectionNames = ['order-status', 'link-node', 'collateral'] as const;

export const changesSubscriptionRequest: JsonSchema = documentSchema({
  words: l(
    '企业变更订阅',
    'Enterprise change subscription',
    '订阅一个企业的订单状态、链路节点与押品重复融资变更',
    "Subscribes to an enterprise's order-status, link-node and reused-collateral changes",
  ),
  properties: {
    enterprise: text(20, l('企业标识', 'Enterprise', '统一社会信用代码', 'The unified social credit code')),
    projections: list(
      codeValues(changeProjectionNames, l('投影', 'Projection', '变更来源', 'Which changes')),
      { min: 1, max: changeProjectionNames.length },
      l('投影', 'Projections', '订阅哪些变更，默认全部', 'Which changes to receive; all by default'),
    ),
    callbackUrl: {
      ...text(
        255,
        l('回调地址', 'Callback URL', '推送接收地址，http 或 https', 'Where pushes are sent, http or https'),
      ),
      format: httpUrlFormat,
    },
  },
  required: ['enterprise', 'callbackUrl'],
});

export const redeliveredStates = ['delivered', 'dead', 'superseded', 'cancelled'] as const;

export const redeliveryRequest: JsonSchema = {
  ...documentSchema({
    words: l('重新投递', 'Redelivery', '按编号或状态重新投递', 'Redelivers deliveries by id or by state'),
    properties: {
      deliveryIds: list(
        { ...text(36, l('投递编号', 'Delivery id', '投递编号', 'A delivery id')), format: 'uuid' },
        { min: 1, max: 1000 },
        l('投递编号', 'Delivery ids', '最多 1000 个', 'At most 1000'),
      ),
      states: list(
        codeValues(redeliveredStates, l('状态', 'State', '已结束的投递状态', 'A finished delivery state')),
        { min: 1, max: redeliveredStates.length },
        l('状态', 'States', '这些状态的投递全部重新投递', 'Redeliver every delivery in these states'),
      ),
    },
    required: [],
  }),
  // One of the two must be given (either selects deliveries).
  anyOf: (['deliveryIds', 'states'] as const).map((name) => ({
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'array' } },
  })) as JsonSchema[],
};

export type ManagementRequestId = 'changesSubscription' | 'redelivery';

export function createManagementValidators(): Record<ManagementRequestId, Validate> {
  const compile = createValidatorCompiler(queryFormats);
  return { changesSubscription: compile(changesSubscriptionRequest), redelivery: compile(redeliveryRequest) };
}
