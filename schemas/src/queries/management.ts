import { enterpriseChangeKinds, enterpriseChangeSources, onRequestKinds } from '../changes/contract.ts';
import {
  amount,
  codeValues,
  documentSchema,
  flag,
  formatted,
  type JsonSchema,
  labels as l,
  list,
  text,
  whole,
} from '../documents/json-schema.ts';
import { createValidatorCompiler, type Validate } from '../documents/validator.ts';
import { httpUrlFormat, queryFormats } from './formats.ts';

/**
 * Request schemas of Tradelog's own subscription management interfaces (query-api README,
 * "Subscriptions", "Subscriber tools"): a lender's change subscription, a redelivery, a
 * subscription's update and a secret rotation. Not spec interfaces, so
 * they are not in the query catalogue; validated with the same compiler and bilingual issues.
 * Lists have a maxItems so a body's work is bounded.
 */
export const changesSubscriptionRequest: JsonSchema = documentSchema({
  words: l(
    '企业变更订阅',
    'Enterprise change subscription',
    '订阅一个企业的变更，来源见 projections',
    "Subscribes to an enterprise's changes from the sources in projections",
  ),
  properties: {
    enterprise: text(20, l('企业标识', 'Enterprise', '统一社会信用代码', 'The unified social credit code')),
    // The sources and the default come from the change contract, as the route's default does.
    projections: {
      ...list(
        codeValues(enterpriseChangeSources, l('投影', 'Projection', '变更来源', 'Which changes')),
        { min: 1, max: enterpriseChangeSources.length },
        l('投影', 'Projections', '订阅哪些变更，默认全部', 'Which changes to receive; all by default'),
      ),
      default: [...enterpriseChangeSources],
    },
    // Which kinds of those sources: all but the ones pushed on request when absent
    // (schemas/src/changes/contract.ts `onRequestKinds`: collateral.released, coverage.low).
    kinds: list(
      codeValues(enterpriseChangeKinds, l('变更类型', 'Kind', '变更类型', 'A change kind')),
      { min: 1, max: enterpriseChangeKinds.length },
      l(
        '变更类型',
        'Kinds',
        `只推送这些类型；缺省时推送所选来源除 ${onRequestKinds.join('、')} 之外的全部类型`,
        `Only these kinds; when absent, every kind of the sources but ${onRequestKinds.join(', ')}, which are pushed only when named`,
      ),
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
        formatted(36, 'uuid', l('投递编号', 'Delivery id', '投递编号', 'A delivery id')),
        { min: 1, max: 1000 },
        l('投递编号', 'Delivery ids', '最多 1000 个', 'At most 1000'),
      ),
      states: list(
        codeValues(redeliveredStates, l('状态', 'State', '已结束的投递状态', 'A finished delivery state')),
        { min: 1, max: redeliveredStates.length },
        l('状态', 'States', '这些状态的投递全部重新投递', 'Redeliver every delivery in these states'),
      ),
      since: {
        ...text(
          40,
          l(
            '起始时间',
            'Since',
            '只重推此时间（含）之后匹配的投递；未给 states 时为 dead',
            'Only deliveries matched at or after this time; states default to dead',
          ),
        ),
        format: 'date-time',
      },
    },
    required: [],
  }),
  // One of them must be given (each selects deliveries).
  anyOf: (['deliveryIds', 'states', 'since'] as const).map((name) => ({
    type: 'object',
    required: [name],
    properties: { [name]: name === 'since' ? { type: 'string' } : { type: 'array' } },
  })) as JsonSchema[],
};

export const subscriptionStates = ['active', 'paused'] as const;

export const subscriptionUpdateRequest: JsonSchema = {
  ...documentSchema({
    words: l(
      '修改订阅',
      'Subscription update',
      '修改回调地址、暂停或恢复',
      'Changes the callback URL, pauses or resumes',
    ),
    properties: {
      callbackUrl: {
        ...text(
          255,
          l(
            '回调地址',
            'Callback URL',
            '推送接收地址，http 或 https',
            'Where pushes are sent, http or https',
          ),
        ),
        format: httpUrlFormat,
      },
      state: codeValues(
        subscriptionStates,
        l('状态', 'State', 'paused 暂停，active 恢复', 'paused pauses, active resumes'),
      ),
    },
    required: [],
  }),
  // Something to change.
  anyOf: (['callbackUrl', 'state'] as const).map((name) => ({
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'string' } },
  })) as JsonSchema[],
  additionalProperties: false,
};

/** A week: long enough for a receiver's deployment cycle, short enough that a leaked secret dies. */
export const maxOverlapMinutes = 7 * 24 * 60;
export const defaultOverlapMinutes = 24 * 60;

export const secretRotationRequest: JsonSchema = {
  ...documentSchema({
    words: l(
      '更换签名密钥',
      'Secret rotation',
      '新密钥立即签名，旧密钥在重叠期内继续签名',
      'The new secret signs at once; the old one also signs during the overlap',
    ),
    properties: {
      overlapMinutes: whole(
        { min: 0, max: maxOverlapMinutes },
        l(
          '重叠分钟数',
          'Overlap (minutes)',
          '旧密钥继续签名的分钟数，默认 1440，0 为立即作废（密钥泄露时）',
          'How long the old secret also signs, 1440 by default; 0 ends it at once (a leaked secret)',
        ),
      ),
    },
    required: [],
  }),
  additionalProperties: false,
};

/**
 * A lender's coverage threshold for an enterprise it is granted (query-api/README.md "Coverage
 * thresholds"): coverage is stock value over purchase amount, so 1 means the stock covers what was
 * lent, 1.2 a 20 % margin.
 */
export const coverageThresholdRequest: JsonSchema = {
  ...documentSchema({
    words: l(
      '覆盖率预警阈值',
      'Coverage threshold',
      '融资覆盖率低于此值时预警（coverage.low）',
      'Below it a financing’s coverage is an alert (coverage.low)',
    ),
    properties: {
      customerCode: text(
        20,
        l('企业标识', 'Enterprise', '统一社会信用代码', 'The unified social credit code'),
      ),
      threshold: {
        ...amount(
          l('阈值', 'Threshold', '库存价值 / 采购金额，如 1.2', 'Stock value / purchase amount, e.g. 1.2'),
        ),
        minimum: 0.01,
        maximum: 100,
      },
    },
    required: ['customerCode', 'threshold'],
  }),
  additionalProperties: false,
};

/**
 * An operator's rebuild (query-api README "Operator endpoints", processors/README.md "Projection
 * versions and rebuild"); the body may be left out.
 */
export const rebuildRequest: JsonSchema = {
  ...documentSchema({
    words: l(
      '重建投影',
      'Projection rebuild',
      '从日志偏移量 0 重建投影，与当前版本比较，一致时切换',
      'Rebuilds the projection from offset zero, compares it with the live version, switches when equal',
    ),
    properties: {
      acceptDifferences: flag(
        l(
          '接受差异',
          'Accept differences',
          'true：即使与当前版本不一致也切换（当前版本已偏离其规则对日志的结果时）；默认 false，不一致则不切换',
          'true: switch even though it differs from the live version (a live version that drifted from what its rules make of the log); false by default: a version that differs is not switched',
        ),
      ),
    },
    required: [],
  }),
  additionalProperties: false,
};

export type ManagementRequestId =
  | 'coverageThreshold'
  | 'rebuild'
  | 'changesSubscription'
  | 'redelivery'
  | 'subscriptionUpdate'
  | 'secretRotation';

export function createManagementValidators(): Record<ManagementRequestId, Validate> {
  const compile = createValidatorCompiler(queryFormats);
  return {
    changesSubscription: compile(changesSubscriptionRequest),
    coverageThreshold: compile(coverageThresholdRequest),
    rebuild: compile(rebuildRequest),
    redelivery: compile(redeliveryRequest),
    subscriptionUpdate: compile(subscriptionUpdateRequest),
    secretRotation: compile(secretRotationRequest),
  };
}
