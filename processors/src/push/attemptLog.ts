import type { SettledAttempt } from '@tradelog/projections/push/attempts';
import type { AfterAttempt } from '@tradelog/projections/push/deliveryPlan';
import type { Verdict } from '@tradelog/projections/push/reply';

/**
 * What the delivery worker reports of one recorded attempt (house style §10: a constant message
 * and a context object, the attempt's duration in it): the outcome metric's label and the log line.
 */
export interface AttemptReport {
  /** The `outcome` label of the outcomes counter: `retry` for a scheduled retry. */
  outcome: 'delivered' | 'dead' | 'retry';
  level: 'debug' | 'info' | 'warn';
  message: 'push delivered' | 'push dead-lettered' | 'push failed; retry scheduled';
  context: Record<string, unknown>;
}

export function attemptReport(record: SettledAttempt, verdict: Verdict, next: AfterAttempt): AttemptReport {
  const context = {
    attempt: record.attempt,
    callbackUrl: record.callbackUrl,
    errorCode: verdict.errorCode,
    durationMs: record.latencyMs,
    ...(next.state === 'scheduled' ? { retryInMs: next.retryInMs } : {}),
    ...(next.state === 'dead' ? { reason: next.reason } : {}),
  };
  if (next.state === 'delivered')
    return { outcome: 'delivered', level: 'debug', message: 'push delivered', context };
  if (next.state === 'dead')
    return { outcome: 'dead', level: 'warn', message: 'push dead-lettered', context };
  return { outcome: 'retry', level: 'info', message: 'push failed; retry scheduled', context };
}
