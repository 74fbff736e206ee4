import { ConfigError } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { parseQueryApiConfig } from './config.ts';
import { shapeProblem } from './http/body.ts';

describe('query-api config', () => {
  it('parses defaults and names the bad key', () => {
    const config = parseQueryApiConfig({ DATABASE_URL: 'postgres://localhost/tradelog' });
    expect(config).toMatchObject({
      port: 8082,
      namespace: 'proj',
      product: 'tradelog',
      smsSender: 'none',
      callbackAllowlist: [],
    });
    expect(
      parseQueryApiConfig({
        DATABASE_URL: 'postgres://x/y',
        PUSH_CALLBACK_ALLOWLIST: '127.0.0.1/32, hooks.local',
      }).callbackAllowlist,
    ).toEqual(['127.0.0.1/32', 'hooks.local']);
    expect(() => parseQueryApiConfig({})).toThrow(ConfigError);
    expect(() => parseQueryApiConfig({ DATABASE_URL: 'postgres://x/y', PORTAL_PRODUCT: 'a/b' })).toThrow(
      /PORTAL_PRODUCT/,
    );
  });
});

describe('call limits and bounds in the config', () => {
  it("holds the spec's limits (query spec §9) and takes overrides", () => {
    const config = parseQueryApiConfig({ DATABASE_URL: 'postgres://x/y', LIMIT_DEFAULT_KEY_POINTS: '5' });
    expect(config.callLimits['express-instant-query']).toEqual({
      points: 10,
      windowSeconds: 1,
      per: 'caller',
    });
    expect(config.callLimits.subscription).toEqual({ points: 30, windowSeconds: 1, per: 'caller' });
    expect(config.callLimits.flight).toEqual({ points: 60, windowSeconds: 10, per: 'caller' });
    expect(config.callLimits['default-key'].points).toBe(5);
    expect(config.callLimits.portal.per).toBe('ip');
    expect(() => parseQueryApiConfig({ DATABASE_URL: 'postgres://x/y', PORTAL_SMS_SENDER: 'http' })).toThrow(
      /PORTAL_SMS_URL/,
    );
  });
});

describe('body shape bounds', () => {
  const bounds = { maxDepth: 4, maxItems: 3, maxKeys: 3, maxStringLength: 5 };
  it('names the first bound a body breaks, walking without recursion', () => {
    expect(shapeProblem({ a: [1, 2, 3], b: 'abcde' }, bounds)).toBeUndefined();
    expect(shapeProblem({ a: [1, 2, 3, 4] }, bounds)).toMatch(/a has more than 3 items/);
    expect(shapeProblem({ a: 'abcdef' }, bounds)).toMatch(/a is longer than 5/);
    expect(shapeProblem({ a: 1, b: 2, c: 3, d: 4 }, bounds)).toMatch(/more than 3 fields/);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(shapeProblem(deep, bounds)).toMatch(/nested deeper than 4/);
  });
});
