import type { Queryable } from '@tradelog/projections';
import { countDeliveriesByState } from '@tradelog/projections/push/deliveries';
import client from 'prom-client';

/**
 * Push metrics: deliveries by outcome, attempt latency, queue depth. One registry per
 * push service, so tests and several services in one process do not collide.
 */
export interface PushMetrics {
  registry: client.Registry;
  outcomes: client.Counter<'family' | 'outcome'>;
  attemptSeconds: client.Histogram<'family' | 'result'>;
}

export function createPushMetrics(db: Queryable): PushMetrics {
  const registry = new client.Registry();
  const outcomes = new client.Counter({
    name: 'tradelog_push_deliveries_total',
    help: 'Push delivery outcomes: delivered, retry (failed, retry scheduled), dead (dead-lettered), superseded, held, cancelled',
    labelNames: ['family', 'outcome'] as const,
    registers: [registry],
  });
  const attemptSeconds = new client.Histogram({
    name: 'tradelog_push_attempt_duration_seconds',
    help: 'Time from sending a push to the end of the reply (or the time limit)',
    labelNames: ['family', 'result'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: 'tradelog_push_queue_depth',
    help: 'Deliveries not yet settled, by state (pending: due now; scheduled: a retry or express-cycle send to come)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await countDeliveriesByState(db);
      for (const state of ['held', 'requested', 'pending', 'scheduled'])
        this.set({ state }, counts[state] ?? 0);
    },
  });
  return { registry, outcomes, attemptSeconds };
}
