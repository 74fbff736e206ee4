import { attemptRecord, pushHeaders } from '@tradelog/projections/push/attemptRecord';
import type { SettledAttempt } from '@tradelog/projections/push/attempts';
import { settleWithoutAttempt } from '@tradelog/projections/push/attempts';
import type { DeliveryForAttempt } from '@tradelog/projections/push/deliveries';
import { type AfterAttempt, afterAttempt, planAttempt } from '@tradelog/projections/push/deliveryPlan';
import { classifyAttempt, type Verdict } from '@tradelog/projections/push/reply';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import { postCallback } from './callbackPost.ts';
import type { PushMetrics } from './metrics.ts';
import type { PushSettings } from './settings.ts';
import type { SubscriptionLimiter } from './subscriptionLimiter.ts';

/** One attempt's outcome, waiting to be recorded with the rest of its batch (./recordBatch.ts). */
export interface Attempted {
  delivery: DeliveryForAttempt;
  record: SettledAttempt;
  verdict: Verdict;
  next: AfterAttempt;
}

export interface AttemptDeps {
  pool: pg.Pool;
  settings: Pick<PushSettings, 'attemptTimeoutMs' | 'allowlist' | 'retryScale'>;
  limiter: SubscriptionLimiter;
  metrics: PushMetrics;
  log: Logger;
  now: () => Date;
  /** The callback as the attempt's row shows it (./shownCallbacks.ts). */
  shownCallback: (url: string) => string;
}

/**
 * One attempt (push README "Attempts"): the signed POST, within the subscription's concurrency limit,
 * its reply classified and its delivery's next state decided by the push room's pure steps.
 */
async function attempt(
  deps: AttemptDeps,
  delivery: DeliveryForAttempt,
  plan: { attempt: number; retryCount: number },
): Promise<Attempted> {
  const { settings, now } = deps;
  const body = JSON.stringify(delivery.payload);
  const startedAt = now();
  const headers = pushHeaders({ delivery, retryCount: plan.retryCount }, body, startedAt);
  const outcome = await deps.limiter.run(delivery.subscriptionId, () =>
    postCallback({
      url: delivery.callbackUrl,
      body,
      headers,
      timeoutMs: settings.attemptTimeoutMs,
      allow: settings.allowlist,
    }),
  );
  const verdict = classifyAttempt(outcome, settings.attemptTimeoutMs, delivery.family);
  const next = afterAttempt(delivery.family, verdict, delivery, settings.retryScale);
  const record = attemptRecord({
    delivery,
    attempt: plan.attempt,
    retryCount: plan.retryCount,
    startedAt,
    settledAt: now(),
    outcome,
    verdict,
    next,
    callbackUrl: deps.shownCallback(delivery.callbackUrl),
  });
  return { delivery, record, verdict, next };
}

/**
 * A claimed batch's POSTs, made side by side (keep-alive per receiver, ./callbackPost.ts);
 * deliveries that are not to be sent are settled instead.
 */
export async function attemptBatch(
  deps: AttemptDeps,
  deliveries: readonly DeliveryForAttempt[],
): Promise<Attempted[]> {
  const { metrics, log } = deps;
  const attempts: Promise<Attempted>[] = [];
  const settled: Promise<void>[] = [];
  for (const delivery of deliveries) {
    const plan = planAttempt(delivery, delivery.attempts + 1);
    if (plan.action === 'skip') continue;
    if (plan.action === 'settle') {
      settled.push(
        settleWithoutAttempt(deps.pool, delivery.id, plan.state, deps.now()).then(
          () => {
            metrics.outcomes.inc({ family: delivery.family, outcome: plan.state });
            log
              .scope({ deliveryId: delivery.id, subscriptionId: delivery.subscriptionId })
              .info('delivery settled without an attempt', { state: plan.state, reason: plan.reason });
          },
          // Its claim stays until the lease runs out; it is decided again then.
          (error) => log.warn('delivery not settled yet', { error: error as Error, deliveryId: delivery.id }),
        ),
      );
      continue;
    }
    attempts.push(attempt(deps, delivery, plan));
  }
  const [made] = await Promise.all([Promise.all(attempts), Promise.all(settled)]);
  return made;
}
