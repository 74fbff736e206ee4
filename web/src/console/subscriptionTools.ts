import type { ListedAttempt, ShownSubscriptionStats } from '@tradelog/schemas/queries/subscriptions';

/**
 * The subscriber tools' view logic, pure (house style §13): what the console shows of a
 * subscription's statistics and a test push's attempt, and the `since` it sends
 * (query-api README "Subscriber tools").
 */
/** A subscription's statistics as the console reads them: these members of the contract's stats answer. */
export type SubscriptionStats = Pick<ShownSubscriptionStats, 'attempts' | 'delivered' | 'successRate'> & {
  latencyMs: Pick<ShownSubscriptionStats['latencyMs'], 'p50' | 'p95'>;
};

/** The health line's values, or null when there was no attempt in the window. */
export function healthOf(
  stats: SubscriptionStats,
): { rate: string; attempts: number; p50: number; p95: number } | null {
  if (stats.attempts === 0 || stats.successRate === null) return null;
  return {
    rate: `${Math.round(stats.successRate * 1000) / 10}%`,
    attempts: stats.attempts,
    p50: stats.latencyMs.p50 ?? 0,
    p95: stats.latencyMs.p95 ?? 0,
  };
}

/** A `datetime-local` input's value (the browser's local time) as the ISO instant the API takes. */
export function sinceOf(localValue: string): string | undefined {
  if (localValue.trim() === '') return undefined;
  const at = new Date(localValue);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** A test push's attempt as the console reads it: these members of the contract's attempt. */
export type TestAttempt = Pick<
  ListedAttempt,
  'outcome' | 'httpStatus' | 'latencyMs' | 'errorCode' | 'replyExcerpt'
>;

/** What the console says of a test push: the attempt's outcome (error code when failed), status and latency. */
export function testSummary(attempt: TestAttempt): { outcome: string; status: string; latency: number } {
  return {
    outcome: attempt.outcome === 'delivered' ? ' ✓' : ` ✗ ${attempt.errorCode ?? attempt.outcome}`,
    status: attempt.httpStatus === null ? '—' : String(attempt.httpStatus),
    latency: attempt.latencyMs,
  };
}
