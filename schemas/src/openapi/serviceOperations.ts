import { titled } from '../documents/json-schema.ts';
import { healthSchema } from './envelopes.ts';
import type { ApiOperation } from './operation.ts';
import { referenceAssets } from './referenceAssets.ts';

/**
 * The operations every Tradelog HTTP service has besides its interfaces: liveness, readiness,
 * Prometheus metrics (schemas/src/kit/runtime/http.ts) and this reference itself.
 */

/** What sets one service operation apart from the others. */
type ServiceOperation = Pick<
  ApiOperation,
  'summary' | 'description' | 'pathExamples' | 'response' | 'failures'
>;

/** Every service operation is a public GET tagged `operations`, its id prefixed with the service. */
const publicGet = (service: string, name: string, path: string, op: ServiceOperation): ApiOperation => ({
  method: 'get',
  path,
  operationId: `${service}_${name}`,
  tag: 'operations',
  summary: op.summary,
  ...(op.description ? { description: op.description } : {}),
  audience: ['public'],
  ...(op.pathExamples ? { pathExamples: op.pathExamples } : {}),
  response: op.response,
  ...(op.failures ? { failures: op.failures } : {}),
});

export function serviceOperations(service: string): ApiOperation[] {
  return [
    publicGet(service, 'health', '/health', {
      summary: { cn: '存活检查', en: 'Liveness' },
      description: {
        cn: '进程存活即返回 200；依赖故障不影响存活。',
        en: 'Answers 200 while the process runs; a dependency outage does not make it unhealthy.',
      },
      response: { schema: healthSchema },
    }),
    publicGet(service, 'ready', '/ready', {
      summary: { cn: '就绪检查', en: 'Readiness' },
      description: {
        cn: '所有依赖可用时 200，否则 503，checks 指明哪一项。',
        en: '200 when every dependency answers, else 503 with the failing check named in checks.',
      },
      response: { schema: healthSchema },
      failures: [503],
    }),
    publicGet(service, 'metrics', '/metrics', {
      summary: { cn: 'Prometheus 指标', en: 'Prometheus metrics' },
      response: {
        schema: titled('Prometheus 文本格式', 'Prometheus text exposition format'),
        contentType: 'text/plain',
      },
    }),
    publicGet(service, 'openapi', '/openapi.json', {
      summary: { cn: '本服务的 OpenAPI 3.1 文档', en: "This service's OpenAPI 3.1 document" },
      response: {
        schema: {
          type: 'object',
          title: 'OpenAPI 3.1',
          'x-title-en': 'OpenAPI 3.1',
          required: ['openapi', 'paths'],
          properties: { openapi: { type: 'string', enum: ['3.1.0'] }, paths: { type: 'object' } },
        },
      },
    }),
    publicGet(service, 'docs', '/docs', {
      summary: { cn: '交互式接口参考（Swagger UI）', en: 'Interactive API reference (Swagger UI)' },
      response: { schema: titled('HTML 页面', 'HTML page'), contentType: 'text/html' },
    }),
    publicGet(service, 'docs_asset', '/docs/{asset}', {
      summary: { cn: '接口参考的静态资源', en: "The reference's static assets" },
      pathExamples: { asset: 'reference.js' },
      response: {
        schema: titled(
          `资源文件：${referenceAssets.join('、')}`,
          `Asset file: ${referenceAssets.join(', ')}`,
        ),
        contentType: 'application/javascript',
      },
      failures: [404],
    }),
  ];
}
