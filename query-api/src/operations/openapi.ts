import { projectionNames } from '@tradelog/projections/catalogue';
import { auditActions } from '@tradelog/projections/operatorAudit';
import { documentTypes, type JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation } from '@tradelog/schemas/openapi/operation';
import { rebuildRequest } from '@tradelog/schemas/queries/management';
import { deadLetterStates } from '@tradelog/schemas/queries/operations';
import {
  apiOperation,
  limitQuery,
  listAnswer,
  objectList,
  operatorKey,
  projectionPathExample,
  titled,
} from '../http/openapiOperations.ts';

/**
 * The operator endpoints of this folder (`router.ts`, `records.ts`, `accounts.ts`,
 * `pipeline.ts`; README "Operator endpoints"), in two sets because the document lists the
 * unattributed documents (enterprise/openapi.ts) between them.
 */

/** `'*'` is granted only when confirmed (README "Partner grants"). */
const confirmAnyEnterprise = () =>
  titled('确认授予任意企业（*）', "Confirms '*' among enterprises: any enterprise, today's and tomorrow's", {
    type: 'boolean',
  });

/** A new key, shown once, as account creation and an added key answer it (201). */
const keyCreatedAnswer = successOf(['已创建', 'Created'], {
  apiKey: titled('API 密钥（只显示这一次）', 'API key (shown once)'),
});
const keyCreatedStatus = { schema: successOf(['已创建', 'Created']), status: 201 };

/** The projections, their rebuilds and versions, the dead letters and the retry of one. */
export const rebuildAndDeadLetterOperations: ApiOperation[] = [
  apiOperation(
    'get',
    '/ops/projections',
    'list_projections',
    'operators',
    { cn: '已声明的投影', en: 'The declared projections' },
    operatorKey,
    successOf(['投影', 'Projections'], {
      projections: titled(
        '投影列表（名称、标题、读取的单据、变化类型）',
        'Projections (name, title, documents read, change kinds)',
        {
          type: 'array',
          items: { type: 'object', required: ['name'], properties: { name: titled('名称', 'Name') } },
        },
      ),
    }),
  ),
  apiOperation(
    'post',
    '/ops/rebuild/{projection}',
    'request_rebuild',
    'operators',
    { cn: '从日志重建投影（新版本）', en: 'Rebuild a projection from the log into a new version' },
    operatorKey,
    successOf(['已请求', 'Requested'], {
      projection: titled('投影', 'Projection'),
      version: titled('版本', 'Version', { type: 'integer' }),
      state: titled('状态', 'State'),
      acceptDifferences: titled('接受差异', 'Accept differences', { type: 'boolean' }),
    }),
    {
      pathExamples: projectionPathExample,
      failures: [400, 404, 409],
      // The schema the route validates with; the body may be left out.
      request: {
        schema: rebuildRequest as unknown as JsonSchema,
        required: false,
        example: { acceptDifferences: true },
      },
      response: { schema: successOf(['已请求', 'Requested']), status: 202 },
    },
  ),
  apiOperation(
    'get',
    '/ops/rebuild/{projection}',
    'list_versions',
    'operators',
    { cn: '投影的各版本与重建进度', en: "A projection's versions and rebuild progress" },
    operatorKey,
    successOf(['版本', 'Versions'], {
      versions: objectList('版本列表', 'Versions'),
    }),
    { pathExamples: projectionPathExample, failures: [404] },
  ),
  apiOperation(
    'delete',
    '/ops/versions/{projection}/{version}',
    'drop_version',
    'operators',
    { cn: '删除已退役或失败的版本', en: 'Drop a retired or failed version' },
    operatorKey,
    successOf(['已删除', 'Dropped']),
    { pathExamples: projectionPathExample, failures: [404, 409] },
  ),
  apiOperation(
    'get',
    '/ops/dead-letters',
    'list_dead_letters',
    'operators',
    { cn: '死信', en: 'Dead letters' },
    operatorKey,
    listAnswer(['死信', 'Dead letters']),
    {
      query: {
        ...limitQuery,
        projection: { schema: { type: 'string', enum: [...projectionNames] } },
        state: { schema: { type: 'string', enum: [...deadLetterStates] } },
        after: { schema: { type: 'string', pattern: '^\\d{1,18}$' } },
      },
    },
  ),
  apiOperation(
    'post',
    '/ops/dead-letters/{id}/retry',
    'retry_dead_letter',
    'operators',
    { cn: '重试死信', en: 'Retry a dead letter' },
    operatorKey,
    successOf(['已安排重试', 'Retry scheduled']),
    { failures: [404, 409], response: { schema: successOf(['已安排重试', 'Retry scheduled']), status: 202 } },
  ),
];

/** The console's tools: rebuild cancel, dead letters in bulk, records, audit, accounts, pipeline. */
export const operatorConsoleOperations: ApiOperation[] = [
  apiOperation(
    'delete',
    '/ops/rebuild/{projection}',
    'cancel_rebuild',
    'operators',
    {
      cn: '取消投影已请求或构建中的版本（记入审计）',
      en: "Cancel a projection's requested or building version (audited)",
    },
    operatorKey,
    successOf(['已取消', 'Cancelled'], {
      projection: titled('投影', 'Projection'),
      version: titled('版本', 'Version', { type: 'integer' }),
    }),
    { pathExamples: projectionPathExample, failures: [404, 409] },
  ),
  apiOperation(
    'get',
    '/ops/dead-letters/{id}',
    'view_dead_letter',
    'operators',
    {
      cn: '死信及其内容（按写入模式解码）',
      en: 'A dead letter with its payload, decoded with its writer schema',
    },
    operatorKey,
    successOf(['死信', 'Dead letter'], {
      payload: titled(
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
    apiOperation(
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
      operatorKey,
      successOf(['已处理', 'Done'], {
        [action === 'retry' ? 'retrying' : 'discarded']: titled('已处理的编号', 'Ids changed', {
          type: 'array',
          items: { type: 'string' },
        }),
        skipped: titled('跳过的编号', 'Ids skipped', { type: 'array', items: { type: 'string' } }),
      }),
      {
        request: {
          schema: {
            type: 'object',
            required: ['ids'],
            properties: {
              ids: titled('死信编号（1 至 500）', 'Dead-letter ids (1 to 500)', {
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
  apiOperation(
    'get',
    '/ops/records',
    'browse_records',
    'operators',
    {
      cn: '按主题、分区、偏移量读取日志中的消息，按写入模式解码，含键与消息头',
      en: 'Records of the log at a topic, partition and offset, decoded with their writer schema, with keys and headers',
    },
    operatorKey,
    successOf(['消息', 'Records'], {
      logStartOffset: titled('分区起始偏移量', 'First offset held'),
      highWatermark: titled('下一条消息的偏移量', 'The next offset to be written'),
      nextOffset: titled('下一页从此开始', 'Where the next page starts'),
      dataList: objectList('消息', 'Records'),
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
  apiOperation(
    'get',
    '/ops/audit',
    'list_audit',
    'operators',
    {
      cn: '操作审计（最新在前）：重建、取消、死信重试与丢弃、账户与密钥',
      en: 'Who did what, newest first: rebuilds, cancels, dead-letter retries and discards, accounts and keys',
    },
    operatorKey,
    listAnswer(['审计', 'Audit']),
    {
      query: {
        ...limitQuery,
        before: { schema: { type: 'string', pattern: '^\\d{1,18}$' } },
        action: { schema: { type: 'string', enum: [...auditActions] } },
      },
    },
  ),
  apiOperation(
    'get',
    '/ops/accounts',
    'list_accounts',
    'operators',
    {
      cn: '账户及其密钥（不含密钥本身）；standingWildcard 标出可为任意企业或全部数据源类别提交的合作方（README“收窄常设通配授权”）',
      en: 'Accounts with their keys (never a secret); standingWildcard flags a partner that may submit for any enterprise or every feed family (README "Upgrading: narrowing standing wildcards")',
    },
    operatorKey,
    listAnswer(['账户', 'Accounts']),
  ),
  apiOperation(
    'post',
    '/ops/accounts',
    'create_account',
    'operators',
    {
      cn: '创建账户及其第一个密钥（规则同 npm run keys；密钥只显示这一次）',
      en: 'Create an account and its first key (the rules of npm run keys; the key is shown once)',
    },
    operatorKey,
    keyCreatedAnswer,
    {
      request: {
        schema: {
          type: 'object',
          required: ['kind', 'name'],
          properties: {
            kind: titled('类型', 'Kind', {
              type: 'string',
              enum: ['partner', 'lender', 'subscriber', 'operator'],
            }),
            name: titled('账户名称', 'Account name', { type: 'string', maxLength: 200 }),
            code: titled('账户代码', 'Account code', { type: 'string', maxLength: 64 }),
            enterprises: titled('企业代码', 'Enterprise codes', { type: 'array', items: { type: 'string' } }),
            feeds: titled('数据源类别', 'Feed families', { type: 'array', items: { type: 'string' } }),
            confirmAnyEnterprise: confirmAnyEnterprise(),
          },
        },
        example: { kind: 'lender', name: 'Demo Bank', enterprises: ['91440300MA5G2K7L3X'] },
      },
      failures: [400, 409],
      response: keyCreatedStatus,
    },
  ),
  apiOperation(
    'post',
    '/ops/accounts/{account}/keys',
    'add_account_key',
    'operators',
    { cn: '为账户再添加一个密钥', en: 'Add another key to an account' },
    operatorKey,
    keyCreatedAnswer,
    {
      pathExamples: { account: 'demo-bank' },
      request: {
        schema: {
          type: 'object',
          required: ['kind'],
          properties: { kind: titled('类型', 'Kind', { type: 'string' }) },
        },
        example: { kind: 'lender' },
      },
      failures: [400, 404, 409],
      response: keyCreatedStatus,
    },
  ),
  ...(['grant', 'withdraw'] as const).map((command) =>
    apiOperation(
      'post',
      `/ops/accounts/{account}/${command}`,
      `${command}_account`,
      'operators',
      command === 'grant'
        ? { cn: '授予账户企业或数据源', en: 'Grant an account enterprises or feed families' }
        : { cn: '撤回账户的企业或数据源', en: "Withdraw an account's enterprises or feed families" },
      operatorKey,
      successOf(['账户', 'Account']),
      {
        pathExamples: { account: 'demo-bank' },
        request: {
          schema: {
            type: 'object',
            properties: {
              enterprises: titled('企业代码', 'Enterprise codes', {
                type: 'array',
                items: { type: 'string' },
              }),
              feeds: titled('数据源类别', 'Feed families', { type: 'array', items: { type: 'string' } }),
              ...(command === 'grant' ? { confirmAnyEnterprise: confirmAnyEnterprise() } : {}),
            },
          },
          example: { enterprises: ['91440300MA5G2K7L3X'] },
        },
        failures: [400, 404, 409],
      },
    ),
  ),
  apiOperation(
    'post',
    '/ops/keys/{id}/revoke',
    'revoke_key',
    'operators',
    { cn: '吊销密钥', en: 'Revoke a key' },
    operatorKey,
    successOf(['已吊销', 'Revoked']),
    { pathExamples: { id: '00000000-0000-4000-8000-000000000000' }, failures: [400, 404] },
  ),
  apiOperation(
    'get',
    '/ops/pipeline',
    'pipeline',
    'operators',
    {
      cn: '主题规模、投影延迟与推送处理器在变更主题上的延迟（push）；检查点属于另一份日志的投影或推送为 state: log-replaced，lag 为 null',
      en: 'Topic sizes, projection lag and the push processor’s lag on the changes topic (push); a projection or push whose checkpoints are of another log has state log-replaced and lag null',
    },
    operatorKey,
    successOf(['管道', 'Pipeline']),
    { failures: [503] },
  ),
  apiOperation(
    'post',
    '/ops/push/start-on-new-log',
    'push_start_on_new_log',
    'operators',
    {
      cn: '日志被替换后，推送处理器从新日志的变更主题开头推送（删除其属于另一份日志的检查点；新日志的变更一条不漏）',
      en: 'After the log was replaced, the push processor pushes the new log’s changes topic from its start (its checkpoints of the other log removed; none of the new log’s changes skipped)',
    },
    operatorKey,
    successOf(['已从新日志开始', 'Started on the new log'], {
      clusterId: titled('当前 Kafka 集群编号', 'The current Kafka cluster id'),
      started: objectList('各消费组及其重置的分区', 'Each consumer group and the partitions started over'),
    }),
    {
      failures: [409, 503],
      response: { schema: successOf(['已从新日志开始', 'Started on the new log']), status: 202 },
    },
  ),
];
