import { type DocumentType, documentTypes } from '../documents/catalogue.ts';
import { examples as documentExamples } from '../documents/examples.ts';
import { type QueryType, queryTypes } from '../queries/catalogue.ts';
import { examples as queryExamples } from '../queries/examples.ts';
import { submissionResponseSchemas } from './envelopes.ts';
import type { ApiOperation } from './operation.ts';
import { queryResponseSchema } from './queryResponses.ts';

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

export function queryOperations(types: readonly QueryType[] = queryTypes): ApiOperation[] {
  return types.map((type) => ({
    method: 'post',
    path: type.path,
    operationId: `query_${type.id}`,
    tag: queryTag[type.kind] ?? 'queries',
    summary: type.title,
    description: {
      cn: `应答：${type.response.cn}`,
      en: `Answer: ${type.response.en}`,
    },
    audience: type.kind === 'query' ? ['lender', 'operator'] : ['partner', 'lender', 'operator'],
    request: { schema: type.request, example: exampleOf(queryExamples, type.id) },
    response: { schema: queryResponseSchema(type.id, type.title) },
    failures: [503],
    bodyLimitBytes: 64 * 1024,
  }));
}
