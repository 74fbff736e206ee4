import type { SettledAttempt } from '@tradelog/projections/push/attempts';
import type { Verdict } from '@tradelog/projections/push/reply';
import { describe, expect, it } from 'vitest';
import { attemptReport } from './attemptLog.ts';

const record = { attempt: 2, callbackUrl: 'https://receiver.example/…', latencyMs: 40 } as SettledAttempt;
const failed: Verdict = { delivered: false, retriable: true, errorCode: 'HTTP_503', replyExcerpt: null };

describe('what the worker reports of a recorded attempt', () => {
  it('a delivered push: debug, outcome delivered', () => {
    const verdict: Verdict = { delivered: true, retriable: false, errorCode: null, replyExcerpt: null };
    expect(attemptReport(record, verdict, { state: 'delivered' })).toEqual({
      outcome: 'delivered',
      level: 'debug',
      message: 'push delivered',
      context: { attempt: 2, callbackUrl: 'https://receiver.example/…', errorCode: null, durationMs: 40 },
    });
  });

  it('a retry: info, outcome retry, with when it is due', () => {
    const report = attemptReport(record, failed, { state: 'scheduled', retryInMs: 900_000 });
    expect(report).toMatchObject({
      outcome: 'retry',
      level: 'info',
      message: 'push failed; retry scheduled',
    });
    expect(report.context).toMatchObject({ errorCode: 'HTTP_503', retryInMs: 900_000 });
    expect(report.context).not.toHaveProperty('reason');
  });

  it('a dead push: warn, outcome dead, with why', () => {
    const report = attemptReport(record, failed, { state: 'dead', reason: 'schedule exhausted' });
    expect(report).toMatchObject({ outcome: 'dead', level: 'warn', message: 'push dead-lettered' });
    expect(report.context).toMatchObject({ reason: 'schedule exhausted' });
    expect(report.context).not.toHaveProperty('retryInMs');
  });
});
