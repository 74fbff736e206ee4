import type { JsonSchema } from '../documents/catalogue.ts';
import { type DocumentType, documentTypes } from '../documents/catalogue.ts';
import { examples as documentExamples } from '../documents/examples.ts';
import { type QueryType, queryTypes, type ReferenceQueryTypeId } from '../queries/catalogue.ts';
import { enterpriseQueryIds } from '../queries/enterpriseQueries.ts';
import { examples as queryExamples } from '../queries/examples.ts';
import { isReferenceQuery, referenceFailureSchemas } from '../queries/reference.ts';
import { submissionResponseSchemas } from './envelopes.ts';
import type { ApiOperation } from './operation.ts';
import { answersWithFreshness, queryResponseSchema } from './queryResponses.ts';

/**
 * Operations generated from the catalogues, so that an interface added to a catalogue is in the
 * OpenAPI documents without anyone touching them: the document catalogue gives ingest's
 * submission interfaces, the query catalogue query-api's query and subscription interfaces.
 * Examples are the catalogues' own (`examples.ts`), the ones the unit tests validate.
 */
const exampleOf = (examples: Readonly<Record<string, unknown>>, id: string): unknown => examples[id];

export function submissionOperations(options: {
  /** `{product}` of the paths (submission spec §7), or each interface's served path by id. */
  product: string | Readonly<Record<string, string>>;
  bodyLimitBytes: number;
  types?: readonly DocumentType[];
}): ApiOperation[] {
  const { product } = options;
  const pathOf = (type: DocumentType) =>
    typeof product === 'string' ? type.path.replaceAll('{product}', product) : product[type.id];
  return (options.types ?? documentTypes).flatMap((type): ApiOperation[] => {
    const path = pathOf(type);
    return path === undefined ? [] : [submission(type, path, options.bodyLimitBytes)];
  });
}

function submission(type: DocumentType, path: string, bodyLimitBytes: number): ApiOperation {
  return {
    method: 'post',
    path,
    operationId: `submit_${type.id}`,
    tag: type.group,
    summary: type.title,
    description: {
      cn: `${type.schema.description ?? ''}\n\n单据追加到主题 ${type.topic}（永久保留），分区键 ${type.keyField}。`,
      en: `${type.schema['x-description-en'] ?? ''}\n\nAppended to topic ${type.topic} (kept forever), keyed by ${type.keyField}.`,
    },
    audience: ['partner'],
    request: { schema: type.schema, example: exampleOf(documentExamples, type.id) },
    response: {
      schema: submissionResponseSchemas[type.response],
      example:
        type.response === 'ecommerce'
          ? { flag: 'success', code: '200', message: '接收成功', status: '1' }
          : type.response === 'tally'
            ? { flag: 'success', code: 'Success', message: '接收成功' }
            : { flag: 'success', code: '200', message: '接收成功' },
    },
    failures: [503],
    bodyLimitBytes,
  };
}

const queryTag: Record<QueryType['kind'], string> = {
  query: 'queries',
  subscription: 'subscriptions',
  trackOrSubscribe: 'tracking',
};

/** `?offsets=true` on the queries whose answers carry freshness (query-api/README.md "Freshness"). */
const offsetsParameter = {
  schema: {
    type: 'string',
    enum: ['true', '1'],
    description: 'freshness.offsets: the next offset per topic partition (query-api/README.md "Freshness")',
  },
} as const;

/** Read your writes (query-api/README.md "Read your writes"): on every query over a projection. */
const afterParameter = {
  schema: {
    type: 'string',
    maxLength: 300,
    description:
      'A documentId, or the `position` of the submission answer (topic:partition:offset): answered only once the projection the ' +
      'query reads has applied that record, waiting at most 5 s; else 503 NOT_YET_APPLIED with the freshness, never an answer ' +
      'without it as if current. A documentId no submission has, or a position past the end of the log: 404 AFTER_NOT_FOUND. A projection that does not read the ' +
      'record’s topic answers at once. ' +
      '单据编号，或提交应答中的 position：所读投影处理该记录后才应答，最多等待 5 秒，否则 503 NOT_YET_APPLIED；' +
      '不存在的单据编号或超出日志末尾的位置：404 AFTER_NOT_FOUND。',
  },
} as const;

/**
 * As of a moment (query-api/README.md "As of a moment"): the queries whose answer can be
 * replayed from the log by the projection's own reducer.
 */
const asOfQueries: ReadonlySet<string> = new Set([
  'linkNode',
  'collateralExposure',
  // The enterprise queries: the enterprise's records of what the query reads (customs
  // declarations of an owner, enterpriseType 10; inventory of dataSource 10).
  ...enterpriseQueryIds,
]);
const asOfParameter = {
  schema: {
    type: 'string',
    format: 'date-time',
    description:
      'An ISO 8601 date-time with its offset: the answer as it stood then, replayed from the log (the records received by then of the chains asked about, or of the enterprise for its data, ' +
      'folded by the projection’s own rules), with asOf.positions naming the log positions it reflects. At most 200 records are replayed: ' +
      'more is 422 AS_OF_TOO_MANY_RECORDS; a moment in the future or before the document asked for is 422 AS_OF_OUT_OF_RANGE; ' +
      'not a date-time with an offset is 400 AS_OF_INVALID; a variant answered live only (customs of a declaring firm, inventory of dataSource 20) is 422 AS_OF_NOT_ANSWERED. ' +
      '带时区的 ISO 8601 时间：按日志回放该时点的应答（所查链路或企业数据所属企业当时已收到的记录，以投影自身的规则折叠），asOf.positions 给出所反映的日志位置；' +
      '最多回放 200 条记录，超出为 422 AS_OF_TOO_MANY_RECORDS；晚于当前或早于所查单据为 422 AS_OF_OUT_OF_RANGE；仅实时应答的查询（申报企业的报关单、dataSource 20 的库存）为 422 AS_OF_NOT_ANSWERED。',
  },
} as const;

/** An export of every page (query-api/README.md "Exports"): on the lender queries that page. */
const pagesParameter = {
  schema: {
    type: 'string',
    enum: ['all'],
    description:
      'With Accept text/csv or the xlsx type: every page of the answer in one file, read as one window (the freshness of one page), ' +
      'at most 10,000 rows (50 pages of 200, §9) — more is refused 422 EXPORT_TOO_LARGE naming the filters to narrow; counts as ' +
      'one call per 200 rows (429 when the call limit cannot cover them). Ignored for JSON, which pages as ever.',
  },
} as const;

/** A lender query that pages: it answers a `totalCount` (§9). */
const isPaged = (type: QueryType, response: JsonSchema) =>
  type.kind === 'query' && 'totalCount' in (response.properties ?? {});

export function queryOperations(types: readonly QueryType[] = queryTypes): ApiOperation[] {
  return types.flatMap((type): ApiOperation[] => {
    const reference = isReferenceQuery(type.id);
    const response = queryResponseSchema(type.id, type.title);
    const common = {
      path: type.path,
      tag: reference ? 'reference' : (queryTag[type.kind] ?? 'queries'),
      summary: type.title,
      description: {
        cn: `应答：${type.response.cn}`,
        en: `Answer: ${type.response.en}`,
      },
      audience: reference
        ? (['lender', 'subscriber', 'operator'] as const)
        : type.kind === 'query'
          ? (['lender', 'operator'] as const)
          : (['partner', 'lender', 'operator'] as const),
      response: { schema: response },
      ...(reference ? { failureSchema: referenceFailureSchemas[type.id as ReferenceQueryTypeId] } : {}),
    };
    const example = exampleOf(queryExamples, type.id);
    const body = { ...common, bodyLimitBytes: 64 * 1024 };
    if (type.method !== 'GET') {
      return [
        {
          ...body,
          method: 'post',
          operationId: `query_${type.id}`,
          request: { schema: type.request, example },
          query: {
            ...(answersWithFreshness(response) ? { offsets: offsetsParameter } : {}),
            ...(isPaged(type, response) ? { pages: pagesParameter } : {}),
            ...(asOfQueries.has(type.id) ? { asOf: asOfParameter } : {}),
            after: afterParameter,
          },
          failures: reference
            ? [429, 503]
            : isPaged(type, response) || asOfQueries.has(type.id)
              ? [422, 429, 503]
              : [503],
        },
      ];
    }
    // GET look-ups take the request's fields as query parameters (query spec §7); the vessel
    // archive also takes them as a form (§3: "multipart form in one source").
    const properties = Object.entries(type.request.properties ?? {});
    const required = new Set(type.request.required ?? []);
    const values = (example ?? {}) as Record<string, unknown>;
    const get: ApiOperation = {
      ...common,
      method: 'get',
      operationId: `query_${type.id}`,
      query: {
        ...Object.fromEntries(
          properties.map(([name, schema]) => [
            name,
            {
              schema,
              required: required.has(name),
              ...(values[name] !== undefined ? { example: values[name] } : {}),
            },
          ]),
        ),
        after: afterParameter,
      },
      failures: [400, 404, 429, 503],
    };
    if (type.id !== 'vesselArchive') return [get];
    return [
      get,
      {
        ...body,
        method: 'post',
        operationId: `query_${type.id}_form`,
        request: { schema: type.request, example, contentType: 'multipart/form-data' },
        failures: [429, 503],
      },
    ];
  });
}
