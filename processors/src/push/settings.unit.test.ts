import { describe, expect, it } from 'vitest';
import { parsePushSettings } from './settings.ts';

describe('push settings', () => {
  it('defaults to the spec limit of 10 s, the real schedule and no allowlist', () => {
    const settings = parsePushSettings({});
    expect(settings).toMatchObject({
      attemptTimeoutMs: 10_000,
      retryScale: 1,
      enabled: true,
      bossSchema: 'pgboss',
    });
    expect(settings.allowlist.hosts).toEqual([]);
  });

  it('reads the allowlist, the retry scale and limits, naming a bad key', () => {
    const settings = parsePushSettings({
      PUSH_CALLBACK_ALLOWLIST: 'localhost, 127.0.0.0/8',
      PUSH_RETRY_SCALE: '0.001',
      PUSH_SUBSCRIPTION_CONCURRENCY: '2',
    });
    expect(settings.allowlist.hosts).toEqual(['localhost']);
    expect(settings.retryScale).toBe(0.001);
    expect(settings.subscriptionConcurrency).toBe(2);
    expect(() => parsePushSettings({ PUSH_RETRY_SCALE: 'fast' })).toThrow(/PUSH_RETRY_SCALE/);
    // §9: the express push cycle is 0.5 to 4 hours.
    expect(parsePushSettings({}).expressCycleMs).toBe(30 * 60_000);
    expect(parsePushSettings({ PUSH_EXPRESS_CYCLE_MINUTES: '240' }).expressCycleMs).toBe(4 * 3_600_000);
    expect(parsePushSettings({}).retentionMs).toBe(90 * 24 * 3_600_000);
    expect(parsePushSettings({ PUSH_RETENTION_DAYS: '0' }).retentionMs).toBe(0);
    expect(() => parsePushSettings({ PUSH_RETENTION_DAYS: '-1' })).toThrow(/PUSH_RETENTION_DAYS/);
    expect(() => parsePushSettings({ PUSH_EXPRESS_CYCLE_MINUTES: '10' })).toThrow(
      /PUSH_EXPRESS_CYCLE_MINUTES/,
    );
    expect(() => parsePushSettings({ PUSH_EXPRESS_CYCLE_MINUTES: '300' })).toThrow(
      /PUSH_EXPRESS_CYCLE_MINUTES/,
    );
    expect(() => parsePushSettings({ PUSH_ATTEMPT_TIMEOUT_MS: '20000' })).toThrow(/PUSH_ATTEMPT_TIMEOUT_MS/);
    expect(() => parsePushSettings({ PUSH_CALLBACK_ALLOWLIST: 'example.com/8' })).toThrow(
      /PUSH_CALLBACK_ALLOWLIST/,
    );
    expect(() => parsePushSettings({ PUSH_BOSS_SCHEMA: 'Bad-Name' })).toThrow(/PUSH_BOSS_SCHEMA/);
    // The provider window of the no-data push, the same variable the query API reads.
    expect(parsePushSettings({}).providerWindowMs).toBe(24 * 3_600_000);
    expect(parsePushSettings({ TRACKING_PROVIDER_WINDOW_MINUTES: '30' }).providerWindowMs).toBe(30 * 60_000);
    expect(() => parsePushSettings({ TRACKING_PROVIDER_WINDOW_MINUTES: 'x' })).toThrow(
      /TRACKING_PROVIDER_WINDOW_MINUTES/,
    );
  });
});
