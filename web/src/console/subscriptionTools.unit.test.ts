import { describe, expect, it } from 'vitest';
import { healthOf, sinceOf, testSummary } from './subscriptionTools.ts';

describe('subscriber tools view', () => {
  it('shows success rate and latency, or nothing without attempts', () => {
    expect(
      healthOf({ attempts: 5, delivered: 4, successRate: 0.8, latencyMs: { p50: 12, p95: 40 } }),
    ).toEqual({ rate: '80%', attempts: 5, p50: 12, p95: 40 });
    expect(
      healthOf({ attempts: 3, delivered: 2, successRate: 2 / 3, latencyMs: { p50: 1, p95: 2 } })?.rate,
    ).toBe('66.7%');
    expect(
      healthOf({ attempts: 0, delivered: 0, successRate: null, latencyMs: { p50: null, p95: null } }),
    ).toBeNull();
  });

  it('turns a datetime-local value into an ISO instant; empty or nonsense is no since', () => {
    expect(sinceOf('2026-01-02T03:04')).toBe(new Date('2026-01-02T03:04').toISOString());
    expect(sinceOf('')).toBeUndefined();
    expect(sinceOf('later')).toBeUndefined();
  });

  it('summarises a test attempt', () => {
    expect(
      testSummary({
        outcome: 'delivered',
        httpStatus: 200,
        latencyMs: 9,
        errorCode: null,
        replyExcerpt: '{}',
      }),
    ).toEqual({ outcome: ' ✓', status: '200', latency: 9 });
    expect(
      testSummary({
        outcome: 'failed',
        httpStatus: null,
        latencyMs: 10000,
        errorCode: 'TIMEOUT',
        replyExcerpt: null,
      }),
    ).toEqual({ outcome: ' ✗ TIMEOUT', status: '—', latency: 10000 });
  });
});
