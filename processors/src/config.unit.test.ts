import { describe, expect, it } from 'vitest';
import { parseProcessorsConfig } from './config.ts';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tradelog' };

describe('the processors config: consumer group membership', () => {
  it('gives a 10 s session and 1 s heartbeats by default', () => {
    expect(parseProcessorsConfig(base).membership).toEqual({
      sessionTimeoutMs: 10_000,
      heartbeatIntervalMs: 1_000,
    });
  });

  it('refuses a session shorter than the broker accepts, naming the key', () => {
    expect(() => parseProcessorsConfig({ ...base, KAFKA_SESSION_TIMEOUT_MS: '3000' })).toThrow(
      /KAFKA_SESSION_TIMEOUT_MS/,
    );
  });

  it('refuses heartbeats no more frequent than the session, naming the key', () => {
    expect(() =>
      parseProcessorsConfig({
        ...base,
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        KAFKA_HEARTBEAT_INTERVAL_MS: '6000',
      }),
    ).toThrow(/KAFKA_HEARTBEAT_INTERVAL_MS/);
  });
});
