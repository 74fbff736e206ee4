import { performance } from 'node:perf_hooks';
import { type Logger, localizedError, TradelogError } from '@tradelog/schemas';
import { admitKey, apiKeyFromHeaders } from '@tradelog/schemas/access/apiKey';
import type { RegistryCodec } from '@tradelog/schemas/log/codec';
import { encodeDocumentHeaders, partnerGrantsStamp } from '@tradelog/schemas/log/headers';
import type { Appended, LogProducer } from '@tradelog/schemas/log/producer';
import { createOpenApiRouter } from '@tradelog/schemas/openapi/serve';
import { failure, type Lang, languageOf } from '@tradelog/schemas/runtime/envelope';
import {
  createServiceMetrics,
  observeRequests,
  operationsRoutes,
  requestLoggedByRoute,
  routeMatched,
} from '@tradelog/schemas/runtime/http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { assertSubmitGrant } from './auth/enterpriseGrant.ts';
import type { KeyCache } from './auth/keyCache.ts';
import { hashPresentedKeyOn } from './auth/keyLookup.ts';
import { idempotencyKeyFrom } from './idempotency/decision.ts';
import type { Idempotency } from './idempotency/idempotency.ts';
import { bodyTooLarge, checkContentType } from './intake/body.ts';
import { examineBody } from './intake/examine.ts';
import type { SubmissionInterface } from './intake/interfaces.ts';
import {
  acceptedBody,
  type Echo,
  localizedIssues,
  shapeFailure,
  validatedBody,
  validateOnlyOf,
} from './intake/responses.ts';
import { createTurnQueue } from './intake/turns.ts';
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
  /** Replay protection for requests with an `Idempotency-Key` (idempotency/); without it every valid submission is appended. */
  idempotency?: Idempotency;
  now: () => Date;
  newId: () => string;
  logger: Logger;
  bodyLimitBytes: number;
  /** Bodies waiting to be parsed and validated beyond which a request gets 503 INGEST_BUSY. */
  maxWaitingBodies?: number;
  metrics?: IngestMetrics;
  /** False when /metrics is served on a port of its own (METRICS_PORT). */
  metricsOnPublicPort?: boolean;
  /** The default per-key call limit (limits/callLimit.ts); none when absent. */
  callLimit?: express.RequestHandler;
}

/** What the error middleware and the submission log need to know about a request in progress. */
interface Submission {
  intf: SubmissionInterface;
  started: number;
  requestId: string;
  partnerId?: string;
  documentId?: string;
  /** What the answer repeats of the document, once it was read (intake/examine.ts). */
  echo?: Echo;
  replayed?: boolean;
  validateOnly?: boolean;
}

const submissionOf = (res: Response): Submission | undefined =>
  res.locals.submission as Submission | undefined;

export function createIngestApp(deps: IngestDependencies): express.Express {
  const metrics = deps.metrics ?? createIngestMetrics();
  const logger = deps.logger.scope({ component: 'http' });
  const readRaw = express.raw({ type: () => true, limit: deps.bodyLimitBytes });
  // Bounded CPU work per body (intake/examine.ts), in event-loop turns (intake/turns.ts).
  const turns = createTurnQueue({ maxWaiting: deps.maxWaitingBodies ?? 256 });

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
            localizedError('UNSUPPORTED_CONTENT_ENCODING', 415, {
              cn: '不支持的 Content-Encoding（仅支持 gzip、deflate、br 或不压缩）',
              en: 'Unsupported Content-Encoding (gzip, deflate, br or none)',
            }),
          );
        } else {
          reject(
            localizedError('BODY_UNREADABLE', 400, {
              cn: '请求体读取失败（连接中断或长度不符）',
              en: 'The request body could not be read (aborted or wrong length)',
            }),
          );
        }
      });
    });

  const partnerOf = async (
    req: Request,
  ): Promise<{ ownerId: string; enterprises: readonly string[]; feeds: readonly string[] }> => {
    const key = apiKeyFromHeaders(req.get('authorization'), req.get('x-api-key'));
    return admitKey(await deps.keys.resolve(hashPresentedKeyOn(req.socket, key)), ['partner']);
  };

  const submit = (intf: SubmissionInterface) => async (req: Request, res: Response) => {
    const submission: Submission = {
      intf,
      started: performance.now(),
      // Echoed or issued, and set on the answer, by observeRequests, this app's first middleware.
      requestId: res.locals.requestId as string,
    };
    res.locals.submission = submission;
    res.once('close', () => logSubmission(res, submission));
    requestLoggedByRoute(res);
    const lang = languageOf(req.get('accept-language'));

    const { ownerId: partnerId, ...grants } = await partnerOf(req);
    submission.partnerId = partnerId;
    const validateOnly = validateOnlyOf(req.query.validateOnly);
    submission.validateOnly = validateOnly || undefined;
    checkContentType(req.get('content-type'));
    const idempotencyKey = idempotencyKeyFrom(req.get('idempotency-key'));
    const raw = await readBody(req, res);
    const fingerprint = idempotencyKey !== undefined && deps.idempotency !== undefined && !validateOnly;
    const examined = await turns.run(() => examineBody(intf, raw, { fingerprint }));
    submission.echo = examined.echo;
    if (!examined.ok) throw examined.error;
    const { sha256, fingerprint: bodyFingerprint, named, echo } = examined;
    assertSubmitGrant(grants, intf.id, named);
    // Every check a submission passes, then the answer, with nothing appended or remembered: no
    // record, no document id, no Idempotency-Key claimed (README "Validating without submitting").
    if (validateOnly) {
      metrics.validated.inc({ interface: intf.id });
      res.status(200).json(validatedBody(intf.response, echo, lang));
      return;
    }

    const newDocumentId = deps.newId();
    // Only a request carrying a key is checked for a repeat (README "Retrying safely"): a keyless
    // one is a new submission, and its path touches no database.
    const claim =
      deps.idempotency && idempotencyKey !== undefined && bodyFingerprint !== undefined
        ? await deps.idempotency.claim({
            partnerId,
            interfaceId: intf.id,
            idempotencyKey,
            bodySha256: bodyFingerprint,
            newDocumentId,
          })
        : undefined;
    const documentId = claim?.documentId ?? newDocumentId;
    if (claim?.kind === 'replay') {
      submission.documentId = documentId;
      submission.replayed = true;
      metrics.replayed.inc({ interface: intf.id });
      res.set('Idempotent-Replayed', 'true');
      res.status(200).json(acceptedBody(intf.response, echo, documentId, lang));
      return;
    }
    let appended: Appended;
    try {
      appended = await deps.producer.append({
        topic: intf.topic,
        key: examined.key ?? documentId,
        value: deps.codec.encodeRaw(intf.schemaId, raw),
        headers: {
          ...encodeDocumentHeaders({
            documentId,
            partnerId,
            receivedAt: deps.now().toISOString(),
            contentSha256: sha256,
            interfaceId: intf.id,
            schemaId: intf.schemaId,
            requestId: submission.requestId,
          }),
          // A document naming no enterprise is attributed by processors only within the grants
          // its record carries (processors/README.md "Attribution").
          ...partnerGrantsStamp(intf.id, named, grants.enterprises),
        },
      });
    } catch (error) {
      claim?.settle('failed');
      throw error;
    }
    claim?.settle('acknowledged');
    submission.documentId = documentId;
    metrics.accepted.inc({ interface: intf.id });
    res.status(200).json(acceptedBody(intf.response, echo, documentId, lang, appended));
  };

  function logSubmission(res: Response, submission: Submission) {
    const seconds = (performance.now() - submission.started) / 1000;
    logger.info('submission', {
      interface: submission.intf.id,
      status: res.statusCode,
      code: res.locals.code ?? (res.statusCode === 200 ? '200' : undefined),
      latencyMs: Math.round(seconds * 10_000) / 10,
      partnerId: submission.partnerId,
      documentId: submission.documentId,
      replayed: submission.replayed,
      validateOnly: submission.validateOnly,
      requestId: submission.requestId,
    });
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Request ids, request logs and HTTP metrics; health, readiness and metrics in the shape every
  // service shares (schemas/src/runtime/http.ts), the Kafka metrics above on the same registry.
  const http = createServiceMetrics('ingest', { registry: metrics.registry });
  app.use(observeRequests({ logger: deps.logger, metrics: http, newId: deps.newId }));
  // Submissions first: they are nearly every request, and each router ahead of them costs each
  // one a match. The call limit counts POSTs only, so health and documentation pass it untouched.
  if (deps.callLimit) app.use(deps.callLimit);
  // One look-up by path instead of a route per interface and method: Express tries routes in
  // turn, and with 14 interfaces that scan was a visible share of a submission's own CPU.
  // Matched as Express matches routes by default: case-insensitive, a trailing slash optional.
  const routes = new Map(
    deps.interfaces.map((intf) => [routeKey(intf.path), { intf, handle: submit(intf) }] as const),
  );
  app.use((req, res, next) => {
    const route = routes.get(routeKey(req.path));
    if (route === undefined) return next();
    routeMatched(res, route.intf.path);
    if (req.method === 'POST') return route.handle(req, res);
    res.locals.interface = route.intf;
    res.set('Allow', 'POST');
    throw localizedError('METHOD_NOT_ALLOWED', 405, {
      cn: '该接口只接受 POST 请求',
      en: 'This interface accepts POST only',
    });
  });

  app.use(
    operationsRoutes({
      service: 'ingest',
      metrics: http,
      metricsOnPublicPort: deps.metricsOnPublicPort,
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

  app.use(() => {
    throw localizedError('NOT_FOUND', 404, { cn: '没有这个接口', en: 'No such interface' });
  });

  // The one place an error becomes an answer (house style §9): every route throws, Express 5
  // passes rejected promises here.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const submission = submissionOf(res);
    const intf = submission?.intf ?? (res.locals.interface as SubmissionInterface | undefined);
    const lang: Lang = languageOf(req.get('accept-language'));
    const { status, body } = failure(error, lang);
    res.locals.code = body.code;
    if (intf !== undefined && status !== 405) countRejection(intf, status, body.code, error);
    if (status >= 500 && !(error instanceof TradelogError)) {
      logger.error('request failed', {
        interface: intf?.id,
        requestId: submission?.requestId,
        error: error as Error,
      });
    }
    if (status === 401) res.set('WWW-Authenticate', 'Bearer realm="tradelog"');
    // Kafka or Postgres briefly away, or ingest busy: tell well-behaved clients when to resend.
    if (status === 503) res.set('Retry-After', body.code === 'INGEST_BUSY' ? '1' : '5');
    if (status === 409) res.set('Retry-After', '1');
    if (res.headersSent) return;
    res.status(status).json(shapeFailure(intf?.response, localizedIssues(body, lang), submission?.echo));
  });

  function countRejection(intf: SubmissionInterface, status: number, code: string, error: unknown) {
    if (code === 'KAFKA_UNAVAILABLE') metrics.kafkaErrors.inc({ code });
    if (status >= 500) return;
    const issues = (error as TradelogError).details?.errors;
    if (code === 'VALIDATION_FAILED' && Array.isArray(issues)) {
      for (const rule of new Set(issues.map((issue: { rule: string }) => issue.rule)))
        metrics.rejected.inc({ interface: intf.id, rule });
    } else metrics.rejected.inc({ interface: intf.id, rule: code });
  }

  return app;
}

const routeKey = (path: string) =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
