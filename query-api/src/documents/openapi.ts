import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import { apiOperation, objectList, partnerKey, titled } from '../http/openapiOperations.ts';

/** Partner tools (README "Partner tools"): a partner's own submissions, served by `router.ts`. */
export const documentOperations: ApiOperation[] = [
  apiOperation(
    'get',
    '/documents',
    'list_documents',
    'documents',
    { cn: '我最近提交的单据（按接收时间倒序，分页）', en: 'My recent submissions (newest first, paged)' },
    partnerKey,
    successOf(['单据列表', 'Documents'], {
      dataList: objectList(
        '单据：documentId、类型、企业、接收时间',
        'Documents: documentId, type, enterprise, receivedAt',
      ),
      next: titled('下一页游标（没有更多时为 null）', 'Cursor of the next page (null when there is none)', {
        type: ['string', 'null'] as unknown as 'string',
      }),
    }),
    {
      failures: [400, 503],
      query: {
        limit: {
          schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } as JsonSchema,
          example: 50,
        },
        before: { schema: { type: 'string' } as JsonSchema },
      },
    },
  ),
  apiOperation(
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
      document: titled('单据', 'Document', { type: 'object' }),
      projections: objectList(
        '各投影：applied 已应用、pending 未应用、dead-lettered 进入死信、log-replaced 投影建于另一份日志（待运维重建）',
        'Per projection: applied, pending, dead-lettered, or log-replaced (built from another log; an operator rebuilds it)',
      ),
      deadLetters: objectList('死信', 'Dead letters'),
    }),
    { failures: [404, 503] },
  ),
];
