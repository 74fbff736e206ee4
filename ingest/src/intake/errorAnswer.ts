import { type Logger, TradelogError } from '@tradelog/schemas';
import { failure, type Lang, languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type { NextFunction, Request, Response } from 'express';
import type { IngestMetrics } from '../metrics.ts';
import type { SubmissionInterface } from './interfaces.ts';
import { localizedIssues, shapeFailure } from './responses.ts';
import { submissionOf } from './submit.ts';

/**
 * The one place an error becomes an answer (house style §9): every route throws, Express 5
 * passes rejected promises here. A submission's failure is counted by interface and rule, and
 * answered in its interface's response shape with what it repeats of the document.
 */
export function answerErrors(context: { logger: Logger; metrics: IngestMetrics }) {
  const { logger, metrics } = context;

  function countRejection(intf: SubmissionInterface, status: number, code: string, error: unknown) {
    if (code === 'KAFKA_UNAVAILABLE' || code === 'TOPIC_MISSING') metrics.kafkaErrors.inc({ code });
    if (status >= 500) return;
    const issues = (error as TradelogError).details?.errors;
    if (code === 'VALIDATION_FAILED' && Array.isArray(issues)) {
      for (const rule of new Set(issues.map((issue: { rule: string }) => issue.rule)))
        metrics.rejected.inc({ interface: intf.id, rule });
    } else metrics.rejected.inc({ interface: intf.id, rule: code });
  }

  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const submission = submissionOf(res);
    const intf = submission?.intf ?? (res.locals.interface as SubmissionInterface | undefined);
    const lang: Lang = languageOf(req.get('accept-language'));
    const { status, body } = failure(error, lang);
    res.locals.code = body.code;
    if (intf !== undefined && status !== 405) countRejection(intf, status, body.code, error);
    // A missing topic is the operator's to mend: said once per refusal, naming the topic.
    if (status >= 500 && (!(error instanceof TradelogError) || body.code === 'TOPIC_MISSING')) {
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
  };
}
