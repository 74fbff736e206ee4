import type { Subscription } from '@tradelog/projections/push/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  deliveryStateOf,
  isUuidShaped,
  limitOf,
  pushTimeOf,
  shownSubscription,
  sinceOf,
} from './subscriptionViews.ts';

const failureOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error as { code: string; status: number; message: unknown };
  }
  throw new Error('expected a failure');
};

describe('a listing limit', () => {
  it('is 100 when absent or not a positive whole number, at most 500', () => {
    expect(limitOf(undefined)).toBe(100);
    expect(limitOf('7')).toBe(7);
    expect(limitOf('0')).toBe(100);
    expect(limitOf('2.5')).toBe(100);
    expect(limitOf('abc')).toBe(100);
    expect(limitOf('10000')).toBe(500);
  });
});

describe('a since parameter', () => {
  const fallback = new Date('2026-01-01T00:00:00Z');
  it('is the fallback when absent, the date-time when given', () => {
    expect(sinceOf(undefined, fallback)).toBe(fallback);
    expect(sinceOf('2026-02-03T04:05:06Z', fallback)).toEqual(new Date('2026-02-03T04:05:06Z'));
  });
  it('is refused when it is no date-time, or not one value', () => {
    expect(failureOf(() => sinceOf('yesterday', fallback))).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    });
    expect(failureOf(() => sinceOf(['2026-01-01'], fallback))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe("a deliveries listing's state", () => {
  it('is one of the delivery states, or none', () => {
    expect(deliveryStateOf(undefined)).toBeUndefined();
    expect(deliveryStateOf(['dead'])).toBeUndefined();
    expect(deliveryStateOf('dead')).toBe('dead');
    expect(failureOf(() => deliveryStateOf('gone'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    });
    expect(failureOf(() => deliveryStateOf(''))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('ids', () => {
  it('are uuid-shaped or no such subscription', () => {
    expect(isUuidShaped('0199a3c4-0000-7000-8000-000000000001')).toBe(true);
    expect(isUuidShaped('1')).toBe(false);
    expect(isUuidShaped("0199a3c4-0000-7000-8000-00000000000'")).toBe(false);
  });
});

describe('what a subscriber is shown', () => {
  const subscription = {
    id: 's-1',
    family: 'ocean',
    state: 'active',
    callbackUrl: 'https://receiver.example/hook?token=secret',
    criteria: { billNo: 'B1' },
    projections: [],
    previousSecretUntil: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
    secret: 'whsec_never-shown',
  } as unknown as Subscription;

  it('never the secret, nor the callback token; projections only for changes', () => {
    const shown = shownSubscription(subscription);
    expect(JSON.stringify(shown)).not.toContain('whsec_');
    expect(shown.callbackUrl).not.toContain('token=secret');
    expect(shown.projections).toBeUndefined();
    expect(shown).toMatchObject({ createdAt: '2026-01-01T00:00:00.000Z', previousSecretUntil: null });
  });
});

describe('an express time', () => {
  it('is platform time, UTC+8, as yyyy-MM-dd HH:mm:ss', () => {
    expect(pushTimeOf(new Date('2026-01-01T20:30:05.123Z'))).toBe('2026-01-02 04:30:05');
  });
});
