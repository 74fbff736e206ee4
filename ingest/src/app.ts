import { performance } from 'node:perf_hooks';
import { type Logger, TradelogError } from '@tradelog/schemas';
import type { RegistryCodec } from '@tradelog/schemas/log/codec';
import { contentSha256, encodeDocumentHeaders, partnerEnterpriseHeader } from '@tradelog/schemas/log/headers';
import type { LogProducer } from '@tradelog/schemas/log/producer';
import { createOpenApiRouter } from '@tradelog/schemas/openapi/serve';
import { failure, type Lang, languageOf } from '@tradelog/schemas/runtime/envelope';
import { createServiceMetrics, observeRequests, operationsRoutes } from '@tradelog/schemas/runtime/http';
import express, { type Request, type Response } from 'express';
import { apiKeyFromHeaders, unauthorized } from './auth/apiKeyHeader.ts';
import { assertSubmitGrant } from './auth/enterpriseGrant.ts';
import type { KeyCache } from './auth/keyCache.ts';
import { hashPresentedKey } from './auth/keyLookup.ts';
import { bodyTooLarge, checkContentType, parseDocument } from './intake/body.ts';
import type { SubmissionInterface } from './intake/interfaces.ts';
import { acceptedBody, businessKey, rejectionBody, requestIdFrom, shapeFailure } from './intake/responses.ts';
import { createIngestMetrics, type IngestMetrics } from './metrics.ts';
import { ingestOpenApi } from './openapi.ts';

/**
 * The ingest HTTP app (ARCHITECTURE: "ingest only validates and appends"). Everything with
 * I/O or time is passed in, so tests drive the real app against real Kafka, registry and
 * Postgres with their own topics, keys and clock.
 */
export interface IngestDependencies {
  interfaces: readonly SubmissionInterface[];
  producer: Pick<LogProducer, 'append' | 'isReady'>;
  codec: Pick<RegistryCodec, 'encodeRaw'>;
  keys: Pick<KeyCache, 'resolve'>;
  now: () => Date;
  newId: () => string;
  logger: Logger;
  bodyLimitBytes: number;
  metrics?: IngestMetrics;
  /** The default per-key call limit (limits/callLimit.ts); none when absent. */
  callLimit?: express.RequestHandler;
}

const localized = (code: string, status: number, message: { cn: string; en: string }) =>
  new TradelogError(code, message.en, { status, details: { message } });

export function createIngestApp(deps: IngestDependencies): express.Express {
  const metrics = deps.metrics ?? createIngestMetrics();
  const logger = deps.logger.scope({ component: 'http' });
  const readRaw = express.raw({ type: () => true, limit: deps.bodyLimitBytes });

  // Reads the body only after the caller is known and the media type is right.
  const readBody = (req: Request, res: Response): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      readRaw(req, res, (error?: unknown) => {
        if (error === undefined || error === null) {
          resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
          return;
        }
        const type = (error as { type?: string }).type;
        if (type === 'entity.too.large') reject(bodyTooLarge(deps.bodyLimitBytes));
        else if (type === 'encoding.unsupported') {
          reject(
            localized('UNSUPPORTED_CONTENT_ENCODING', 415, {
              cn: '不支持的 Content-Encoding（仅支持 gzip、deflate、br 或不压缩）',
              en: 'Unsupported Content-Encoding (gzip, deflate, br or none)',
            }),
          );
        } else {
          reject(
            localized('BODY_UNREADABLE', 400, {
              cn: '请求体读取失败（连接中断或长度不符）',
              en: 'The request body could not be read (aborted or wrong length)',
            }),
          );
        }
      });
    });

  const partnerOf = async (req: Request): Promise<{ ownerId: string; enterprises: readonly string[] }> => {
    const key = apiKeyFromHeaders(req.get('authorization'), req.get('x-api-key'));
    const owner = await deps.keys.resolve(hashPresentedKey(key));
    if (owner.status === 'unknown') {
      throw unauthorized('API_KEY_INVALID', {
        cn: 'API 密钥无效：未找到该密钥',
        en: 'Invalid API key: no such key',
      });
    }
    if (owner.status === 'revoked') {
      throw unauthorized('API_KEY_REVOKED', {
        cn: 'API 密钥已被吊销，请联系平台运营获取新密钥',
        en: 'This API key has been revoked; ask the platform operator for a new one',
      });
    }
    if (owner.kind !== 'partner') {
      throw localized('API_KEY_NOT_PARTNER', 403, {
        cn: '该 API 密钥不是合作伙伴密钥，不能提交单据',
        en: 'This API key is not a partner key and cannot submit documents',
      });
    }
    return owner;
  };

  const submit = (intf: SubmissionInterface) => async (req: Request, res: Response) => {
    const started = performance.now();
    const lang: Lang = languageOf(req.get('accept-language'));
    const requestId =
      (res.locals.requestId as string | undefined) ?? requestIdFrom(req.get('x-request-id'), deps.newId);
    res.set('X-Request-Id', requestId);
    let partnerId: string | undefined;
    let grants: readonly string[] = [];
    let documentId: string | undefined;
    let document: Record<string, unknown> | undefined;
    let code = 'INTERNAL';
    try {
      ({ ownerId: partnerId, enterprises: grants } = await partnerOf(req));
      checkContentType(req.get('content-type'));
      const raw = await readBody(req, res);
      document = parseDocument(raw);
      const issues = intf.validate(document);
      if (issues.length > 0) {
        for (const rule of new Set(issues.map((issue) => issue.rule))) {
          metrics.rejected.inc({ interface: intf.id, rule });
        }
        code = 'VALIDATION_FAILED';
        res.status(400).json(shapeFailure(intf.response, rejectionBody(issues, lang), document));
        return;
      }
      assertSubmitGrant(grants, intf.id, document);
      documentId = deps.newId();
      const receivedAt = deps.now().toISOString();
      await deps.producer.append({
        topic: intf.topic,
        key: businessKey(document, intf.keyField, documentId),
        value: deps.codec.encodeRaw(intf.schemaId, raw),
        headers: {
          ...encodeDocumentHeaders({
            documentId,
            partnerId,
            receivedAt,
            contentSha256: contentSha256(document),
            interfaceId: intf.id,
            schemaId: intf.schemaId,
            requestId,
          }),
          // A partner granted exactly one enterprise submits for it: the log says so, so that
          // processors attribute a document naming none from the record (processors/README.md).
          ...(grants.length === 1 && grants[0] !== '*' ? { [partnerEnterpriseHeader]: grants[0]! } : {}),
        },
      });
      metrics.accepted.inc({ interface: intf.id });
      code = '200';
      res.status(200).json(acceptedBody(intf.response, document, documentId, lang));
    } catch (error) {
      const { status, body } = failure(error, lang);
      code = body.code;
      if (code === 'KAFKA_UNAVAILABLE' || status >= 500) {
        if (code === 'KAFKA_UNAVAILABLE') metrics.kafkaErrors.inc({ code });
        if (!(error instanceof TradelogError))
          logger.error('submission failed', { interface: intf.id, requestId, error: error as Error });
        // Nothing was acknowledged, so the partner may resend; the document id is not reported.
        documentId = undefined;
      } else {
        metrics.rejected.inc({ interface: intf.id, rule: code });
      }
      if (status === 401) res.set('WWW-Authenticate', 'Bearer realm="tradelog"');
      // Kafka or Postgres briefly away: tell well-behaved clients when to resend.
      if (status === 503) res.set('Retry-After', '5');
      res.status(status).json(shapeFailure(intf.response, body, document));
    } finally {
      const seconds = (performance.now() - started) / 1000;
      metrics.latency.observe({ interface: intf.id, status: String(res.statusCode) }, seconds);
      logger.info('submission', {
        interface: intf.id,
        status: res.statusCode,
        code,
        latencyMs: Math.round(seconds * 10_000) / 10,
        partnerId,
        documentId,
        requestId,
      });
    }
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Request ids, request logs and HTTP metrics; health, readiness and metrics in the shape every
  // service shares (schemas/src/runtime/http.ts), the Kafka metrics above on the same registry.
  const http = createServiceMetrics('ingest', { registry: metrics.registry });
  app.use(observeRequests({ logger: deps.logger, metrics: http, newId: deps.newId }));
  app.use(
    operationsRoutes({
      service: 'ingest',
      metrics: http,
      ready: {
        kafka: () =>
          deps.producer.isReady()
            ? { ok: true }
            : {
                ok: false,
                code: 'KAFKA_UNAVAILABLE',
                message: {
                  cn: 'Kafka 暂不可用，暂停接收单据',
                  en: 'Kafka is unreachable; not accepting documents',
                },
              },
      },
    }),
  );
  app.use(createOpenApiRouter(ingestOpenApi(deps.interfaces, deps.bodyLimitBytes)));

  if (deps.callLimit) app.use(deps.callLimit);
  for (const intf of deps.interfaces) {
    app.post(intf.path, submit(intf));
    app.all(intf.path, (req, res) => {
      const { status, body } = failure(
        localized('METHOD_NOT_ALLOWED', 405, {
          cn: '该接口只接受 POST 请求',
          en: 'This interface accepts POST only',
        }),
        languageOf(req.get('accept-language')),
      );
      res
        .status(status)
        .set('Allow', 'POST')
        .json(shapeFailure(intf.response, body, undefined));
    });
  }

  app.use((req, res) => {
    const { status, body } = failure(
      localized('NOT_FOUND', 404, { cn: '没有这个接口', en: 'No such interface' }),
      languageOf(req.get('accept-language')),
    );
    res.status(status).json(body);
  });
  return app;
}
