import { describe, expect, it } from 'vitest';
import { attemptOutcome, canRedeliver, type SubscriptionRow, trackingSubject } from './subscriberRows.ts';

const row = (id: string, criteria: Record<string, unknown>): SubscriptionRow => ({
  id,
  family: 'express',
  state: 'active',
  callbackUrl: 'https://example.test/hook',
  criteria,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('subscriber rows', () => {
  it('offers a redelivery only for deliveries at rest', () => {
    for (const state of ['delivered', 'dead', 'superseded', 'cancelled'])
      expect(canRedeliver(state)).toBe(true);
    for (const state of ['pending', 'in_flight', 'retrying']) expect(canRedeliver(state)).toBe(false);
  });

  it('names a tracking subscription by its waybill, else by its id', () => {
    const rows = [row('s1', { logisticCode: 'SF123' }), row('s2', {})];
    expect(trackingSubject(rows, 's1')).toBe('SF123');
    expect(trackingSubject(rows, 's2')).toBe('s2');
    expect(trackingSubject(undefined, 's3')).toBe('s3');
  });

  it('appends the error code to an attempt outcome when there is one', () => {
    expect(attemptOutcome({ outcome: 'delivered', errorCode: null })).toBe('delivered');
    expect(attemptOutcome({ outcome: 'failed', errorCode: 'HTTP_500' })).toBe('failed (HTTP_500)');
  });
});
