import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import {
  apiOperation,
  objectList,
  operatorKey,
  projectionPathExample,
  titled,
} from '../http/openapiOperations.ts';
import { pageRange } from '../http/queryParameters.ts';

/**
 * The operator's list of unattributed documents (`unattributed.ts`); the enterprise queries of
 * `router.ts` are the query catalogue's, generated (schemas/src/openapi/catalogues.ts).
 */
export const unattributedOperations: ApiOperation[] = [
  apiOperation(
    'get',
    '/ops/unattributed/{projection}',
    'list_unattributed',
    'operators',
    {
      cn: '尚未归属企业的单据（最早在前），及可解析其归属的订单键',
      en: 'Documents not attributed to an enterprise yet (oldest first), with the order keys that would resolve them',
    },
    operatorKey,
    successOf(['未归属单据', 'Unattributed documents'], {
      projection: titled('投影', 'Projection'),
      page: titled('页码', 'Page', { type: 'integer' }),
      pageSize: titled('每页条数', 'Page size', { type: 'integer' }),
      totalCount: titled('总数', 'Total', { type: 'integer' }),
      dataList: objectList(
        '单据（position、keys、documentType、documentId、partnerId、receivedAt）',
        'Documents (position, keys, documentType, documentId, partnerId, receivedAt)',
      ),
    }),
    {
      pathExamples: projectionPathExample,
      failures: [400, 404],
      query: {
        page: {
          schema: { type: 'integer', minimum: 1, maximum: pageRange.max, default: pageRange.fallback },
          example: 1,
        },
        pageSize: { schema: { type: 'integer', minimum: 1, maximum: 200, default: 100 }, example: 100 },
      },
    },
  ),
];
