import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import { apiOperation, titled } from '../http/openapiOperations.ts';
import { collateralAlertsPath } from './router.ts';

/** The lender console's open alerts (README "Collateral exposure"), served by `router.ts`. */
export const collateralOperations: ApiOperation[] = [
  apiOperation(
    'get',
    collateralAlertsPath,
    'collateral_alerts',
    'queries',
    { cn: '押品重复融资预警', en: 'Reused-collateral alerts' },
    ['lender', 'operator'],
    successOf(['未结预警（最新的在前，最多 200 条）', 'Open alerts (newest first, at most 200)'], {
      alerts: titled('预警', 'Alerts', {
        type: 'array',
        items: {
          type: 'object',
          required: ['kind', 'number', 'firstSeen', 'financings'],
          properties: {
            kind: titled('押品类型', 'Kind', {
              type: 'string',
              enum: ['billOfLading', 'warehouseReceipt', 'contract'],
            }),
            number: titled('规范化编号', 'Normalised number'),
            warehouse: titled('仓单所在仓库', 'Warehouse of a receipt', {
              anyOf: [{ type: 'string' }, { type: 'null' }],
            }),
            firstSeen: titled('配对首次出现时间', 'When the pairing was first seen'),
            financings: titled(
              '两笔融资（调用方无权查看的企业为 null）',
              'The two financings (null for an enterprise the caller is not granted)',
              { type: 'array', items: { anyOf: [{ type: 'object' }, { type: 'null' }] } },
            ),
          },
        },
      }),
      freshness: titled('数据新鲜度', 'Freshness', { type: 'object' }),
    }),
    { failures: [503] },
  ),
];
