import {
  titledCount as integer,
  type JsonSchema,
  titledList as objects,
  titled as t,
} from '../documents/json-schema.ts';

/*
 * Members every query answer of a projection may carry (query-api/README.md "Freshness" and
 * "As of a moment"), declared once for the query and the enterprise answers.
 */

/** What the projection that answered had read of the log. */
export const freshness = t(
  '数据新鲜度：应答的投影版本及其已读到的日志位置',
  'Freshness: the projection version that answered and how far it has read the log',
  {
    type: 'object',
    required: ['projection', 'version', 'lastAppliedAt', 'recordsBehind'],
    properties: {
      projection: t('投影', 'Projection'),
      version: integer('投影版本', 'Projection version'),
      lastAppliedAt: t('最近一次应用记录的时间', 'When the projection last applied a record', {
        anyOf: [{ type: 'string' }, { type: 'null' }],
      }),
      recordsBehind: t(
        '尚未应用的日志记录数（未知时为 null）',
        'Log records not applied yet (null when unknown)',
        {
          anyOf: [{ type: 'integer' }, { type: 'null' }],
        },
      ),
      offsets: objects(
        '各分区下一偏移量（仅在 ?offsets=true 时）',
        'Next offset per partition (only with ?offsets=true)',
        {
          type: 'object',
          properties: {
            topic: t('主题', 'Topic'),
            partition: integer('分区', 'Partition'),
            nextOffset: t('下一偏移量', 'Next offset'),
          },
        },
      ),
    },
  },
);

/** Only with ?asOf= (query-api/README.md "As of a moment"): what the replayed answer reflects. */
export const asOfMember: JsonSchema = t(
  '仅在 ?asOf= 时：应答所对应的时点、回放的记录数及各分区最后回放的日志位置',
  'Only with ?asOf=: the moment answered, how many records were replayed and the last log position replayed per partition',
  {
    type: 'object',
    required: ['at', 'records', 'positions'],
    properties: {
      at: t('时点', 'The moment', { type: 'string', format: 'date-time' }),
      records: integer('回放的记录数', 'Records replayed'),
      undisclosedRecords: integer(
        '其中调用方无权查看的企业的记录数（不列位置）',
        'Of those, records of enterprises the caller is not granted (counted, positions not shown)',
      ),
      positions: objects('各分区最后回放的记录位置', 'Last record replayed per partition', {
        type: 'object',
        properties: {
          topic: t('主题', 'Topic'),
          partition: integer('分区', 'Partition'),
          offset: t('偏移量', 'Offset'),
        },
      }),
    },
  },
);
