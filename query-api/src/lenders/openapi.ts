import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import { coverageThresholdRequest } from '@tradelog/schemas/queries/management';
import { apiOperation, objectList, titled } from '../http/openapiOperations.ts';
import { keyAccountPath } from './keyAccount.ts';
import { portfolioPath } from './portfolio.ts';
import { coverageThresholdsPath } from './thresholds.ts';

/** A lender's coverage thresholds as every threshold call answers them (query-api README "Coverage thresholds"). */
const coverageThresholdsAnswer = successOf(['覆盖率阈值', 'Coverage thresholds'], {
  defaultThreshold: titled('未设置时的阈值', 'The threshold where none is set', { type: 'number' }),
  thresholds: titled('本账户设置的阈值（按企业）', 'The thresholds this account set, by enterprise', {
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

/**
 * One open financing of the portfolio (README "Portfolio"): its chain, its alerts, its collateral
 * with the stock behind each receipt, and the coverage that stock gives.
 */
const portfolioFinancing: JsonSchema = {
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
    customerCode: titled('客户编码', 'Customer code'),
    financingOrderNo: titled('融资单号', 'Financing order number'),
    firstSeen: titled('首次出现时间', 'First seen'),
    alerted: titled('有未结的押品重复融资预警', 'An open reused-collateral alert names it', {
      type: 'boolean',
    }),
    alerts: titled(
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
    purchases: objectList(
      '采购单（最新单据所述金额、币种、状态）',
      'Purchases (amount, currency, status as the latest document states)',
    ),
    latestEvents: objectList('链路最近收到的三份单据', "The chain's three documents received last"),
    collateral: objectList(
      '押品；仓单附仓内剩余库存（数量、按行价计的价值、无价行数）',
      'Collateral; a warehouse receipt with the stock left behind it (quantity, value at its lines’ prices, unpriced lines)',
    ),
    purchaseAmount: titled(
      '采购金额合计（有采购单未给金额时为 null）',
      'Purchase amount (null when a purchase states none)',
      {
        anyOf: [{ type: 'number' }, { type: 'null' }],
      },
    ),
    stockValue: titled(
      '仓单后剩余库存的价值（有价行）',
      'Value of the stock left behind its receipts (priced lines)',
      { type: 'number' },
    ),
    unpricedLines: titled('剩余库存中无价的行数', 'Lines of that stock that state no price', {
      type: 'integer',
    }),
    coverage: titled(
      '覆盖率：库存价值 / 采购金额（无法计算时为 null）',
      'Coverage: stock value / purchase amount (null when it cannot be computed)',
      {
        anyOf: [{ type: 'number' }, { type: 'null' }],
      },
    ),
  },
};

/**
 * The lender console's own reads (`portfolio.ts`, `thresholds.ts`, `keyAccount.ts`): the
 * portfolio, the coverage thresholds (README "Portfolio", "Coverage thresholds") and the key's account.
 */
export const lenderOperations: ApiOperation[] = [
  apiOperation(
    'get',
    portfolioPath,
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
        dataList: titled('融资', 'Financings', {
          type: 'array',
          items: portfolioFinancing,
        }),
        figures: titled(
          '各数字所读的投影及其新鲜度（?offsets=true 时含各分区下一偏移量）；按时点查询时为回放的记录数及最后位置',
          'For each figure, the projection it was read from and its freshness (with ?offsets=true the next offset per partition); as of a moment, the records replayed and their last positions',
          { type: 'object' },
        ),
        asOf: titled(
          '仅在 ?asOf= 时：时点、回放的记录数及各分区最后回放的日志位置',
          'Only with ?asOf=: the moment, the records replayed and the last log position replayed per partition',
          { type: 'object' },
        ),
        freshness: titled(
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
  apiOperation(
    'get',
    coverageThresholdsPath,
    'coverage_thresholds',
    'queries',
    { cn: '本账户的覆盖率预警阈值', en: "This account's coverage thresholds" },
    ['lender'],
    coverageThresholdsAnswer,
    { failures: [429] },
  ),
  apiOperation(
    'put',
    coverageThresholdsPath,
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
  apiOperation(
    'delete',
    `${coverageThresholdsPath}/{customerCode}`,
    'reset_coverage_threshold',
    'queries',
    { cn: '恢复企业的默认阈值', en: 'Return an enterprise to the default threshold' },
    ['lender'],
    coverageThresholdsAnswer,
    { failures: [429], pathExamples: { customerCode: '91440300MA5G2K7L3X' } },
  ),
  apiOperation(
    'get',
    keyAccountPath,
    'key_account',
    'queries',
    { cn: '本密钥的类型与授权企业', en: "This key's kind and granted enterprises" },
    ['partner', 'lender', 'subscriber', 'operator'],
    successOf(['密钥账户', "The key's account"], {
      kind: titled('密钥类型', 'Key kind', {
        type: 'string',
        enum: ['partner', 'lender', 'subscriber', 'operator'],
      }),
      account: titled('账户代码', 'Account code'),
      enterprises: titled(
        '授权企业（按代码排序；* 为全部企业；运营密钥可读全部企业）',
        'Granted enterprises (sorted codes; * for every enterprise; operator keys read all)',
        { type: 'array', items: { type: 'string' } },
      ),
    }),
    { failures: [401, 429] },
  ),
];
