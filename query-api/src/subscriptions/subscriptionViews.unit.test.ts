import type { Subscription } from '@tradelog/projections/push/subscriptions';
import { describe, expect, it } from 'vitest';
import { isUuidShaped, pushTimeOf, shownSubscription } from './subscriptionViews.ts';

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
