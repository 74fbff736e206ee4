import { performance } from 'node:perf_hooks';
import type { Logger } from '@tradelog/schemas';
import { admitKey, apiKeyFromHeaders } from '@tradelog/schemas/access/apiKey';
import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { encodeDocumentHeaders, partnerGrantsStamp } from '@tradelog/schemas/kit/log/headers';
import type { Appended } from '@tradelog/schemas/kit/log/pendingAppends';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import { type Lang, languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import { requestLoggedByRoute } from '@tradelog/schemas/kit/runtime/http';
import type { Request, Response } from 'express';
import { assertSubmitGrant } from '../auth/enterpriseGrant.ts';
import type { KeyCache } from '../auth/keyCache.ts';
import { hashPresentedKeyOn } from '../auth/keyLookup.ts';
import { idempotencyKeyFrom } from '../idempotency/decision.ts';
import type { Idempotency } from '../idempotency/idempotency.ts';
import type { IngestMetrics } from '../metrics.ts';
import { checkContentType } from './body.ts';
import { examineBody } from './examine.ts';
import type { SubmissionInterface } from './interfaces.ts';
import { acceptedBody, type Echo, validatedBody, validateOnlyOf } from './responses.ts';
import type { createTurnQueue } from './turns.ts';

/**
 * One submission (ARCHITECTURE: "ingest only validates and appends"): the partner's key, the
 * body read and examined, the partner's grants, then — unless it only validates — a repeat
 * answered as the first was (README "Retrying safely"), or the document appended and answered
 * once Kafka acknowledged it.
 */

/** What the error middleware and the submission log need to know about a request in progress. */
export interface Submission {
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

export const submissionOf = (res: Response): Submission | undefined =>
  res.locals.submission as Submission | undefined;

/** What a submission uses of the app's dependencies (app.ts `IngestDependencies`). */
export interface SubmitDependencies {
  producer: Pick<LogProducer, 'append' | 'isReady'>;
  codec: Pick<RegistryCodec, 'encodeRaw'>;
  keys: Pick<KeyCache, 'resolve'>;
  /** Replay protection for requests with an `Idempotency-Key` (idempotency/); without it every valid submission is appended. */
  idempotency?: Idempotency;
  now: () => Date;
  newId: () => string;
}

export interface SubmitContext {
  deps: SubmitDependencies;
  metrics: IngestMetrics;
  /** The app's `http` logger. */
  logger: Logger;
  /** Bounded CPU work per body (intake/examine.ts), in event-loop turns (intake/turns.ts). */
  turns: ReturnType<typeof createTurnQueue>;
  readBody: (req: Request, res: Response) => Promise<Buffer>;
}

export function createSubmit(context: SubmitContext) {
  const { metrics } = context;
  return (intf: SubmissionInterface) => async (req: Request, res: Response) => {
    const submission: Submission = {
      intf,
      started: performance.now(),
      // Echoed or issued, and set on the answer, by observeRequests, this app's first middleware.
      requestId: res.locals.requestId as string,
    };
    res.locals.submission = submission;
    res.once('close', () => logSubmission(context.logger, res, submission));
    requestLoggedByRoute(res);
    const lang = languageOf(req.get('accept-language'));
    const passed = await checked(context, intf, req, res, submission);
    // Every check a submission passes, then the answer, with nothing appended or remembered: no
    // record, no document id, no Idempotency-Key claimed (README "Validating without submitting").
    if (passed.validateOnly) {
      metrics.validated.inc({ interface: intf.id });
      res.status(200).json(validatedBody(intf.response, passed.examined.echo, lang));
      return;
    }
    await appendOrReplay(context, intf, res, submission, lang, passed);
  };
}

function logSubmission(logger: Logger, res: Response, submission: Submission) {
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

const partnerOf = async (
  keys: SubmitContext['deps']['keys'],
  req: Request,
): Promise<{ ownerId: string; enterprises: readonly string[]; feeds: readonly string[] }> => {
  const key = apiKeyFromHeaders(req.get('authorization'), req.get('x-api-key'));
  return admitKey(await keys.resolve(hashPresentedKeyOn(req.socket, key)), ['partner']);
};

/**
 * The checks every submission passes, in this order: the partner's key, the media type, the
 * body read and examined (in a turn of its own), the partner's grants for what it names.
 */
async function checked(
  context: SubmitContext,
  intf: SubmissionInterface,
  req: Request,
  res: Response,
  submission: Submission,
) {
  const { deps } = context;
  const { ownerId: partnerId, ...grants } = await partnerOf(deps.keys, req);
  submission.partnerId = partnerId;
  const validateOnly = validateOnlyOf(req.query.validateOnly);
  submission.validateOnly = validateOnly || undefined;
  checkContentType(req.get('content-type'));
  const idempotencyKey = idempotencyKeyFrom(req.get('idempotency-key'));
  const raw = await context.readBody(req, res);
  const fingerprint = idempotencyKey !== undefined && deps.idempotency !== undefined && !validateOnly;
  const examined = await context.turns.run(() => examineBody(intf, raw, { fingerprint }));
  submission.echo = examined.echo;
  if (!examined.ok) throw examined.error;
  assertSubmitGrant(grants, intf.id, examined.named);
  return { partnerId, grants, validateOnly, idempotencyKey, raw, examined };
}

/** A checked submission appended (or, with a known Idempotency-Key, answered as before) and answered. */
async function appendOrReplay(
  context: SubmitContext,
  intf: SubmissionInterface,
  res: Response,
  submission: Submission,
  lang: Lang,
  { partnerId, grants, idempotencyKey, raw, examined }: Awaited<ReturnType<typeof checked>>,
): Promise<void> {
  const { deps, metrics } = context;
  const { sha256, fingerprint: bodyFingerprint, named, echo } = examined;
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
    // Answered as the first was: its document id, and its position where that was kept.
    res.status(200).json(acceptedBody(intf.response, echo, documentId, lang, claim.appended));
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
  claim?.settle('acknowledged', appended);
  submission.documentId = documentId;
  metrics.accepted.inc({ interface: intf.id });
  res.status(200).json(acceptedBody(intf.response, echo, documentId, lang, appended));
}
