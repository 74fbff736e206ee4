import type { AddressInfo } from 'node:net';
import { ConfigError, createLogger, TradelogError } from '@tradelog/schemas';
import { contentSecurityPolicy } from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';
import { startMetricsServer } from '@tradelog/schemas/kit/runtime/http';
import { probeServerTimeouts } from '@tradelog/schemas/kit/runtime/server';
import express from 'express';
import pg from 'pg';
import { Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
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

  it('holds the portal accounts’ attempt limits (content README "Attempt limits") and takes overrides', () => {
    const config = parseQueryApiConfig({
      DATABASE_URL: 'postgres://x/y',
      PORTAL_PASSWORD_FAILURES_LIMIT: '5',
      PORTAL_PASSWORD_FAILURES_WINDOW_S: '900',
    });
    expect(config.portalAttemptRules).toEqual({
      'codes-per-phone': { limit: 10, windowMs: 86_400_000 },
      'codes-per-ip': { limit: 30, windowMs: 86_400_000 },
      'code-failures': { limit: 10, windowMs: 86_400_000 },
      'password-failures': { limit: 5, windowMs: 900_000 },
    });
    expect(() =>
      parseQueryApiConfig({ DATABASE_URL: 'postgres://x/y', PORTAL_CODES_PER_IP_LIMIT: '0' }),
    ).toThrow(/PORTAL_CODES_PER_IP_LIMIT/);
  });
});

describe('body shape bounds', () => {
  const bounds = { maxDepth: 4, maxItems: 3, maxKeys: 3, maxStringLength: 5 };
  it('names the first bound a body breaks, walking without recursion', () => {
    expect(shapeProblem({ a: [1, 2, 3], b: 'abcde' }, bounds)).toBeUndefined();
    expect(shapeProblem({ a: [1, 2, 3, 4] }, bounds)).toEqual({
      cn: 'a 超过 3 项',
      en: 'a has more than 3 items',
    });
    expect(shapeProblem({ a: 'abcdef' }, bounds)?.en).toMatch(/a is longer than 5/);
    expect(shapeProblem({ a: 1, b: 2, c: 3, d: 4 }, bounds)).toEqual({
      cn: '请求体的字段超过 3 个',
      en: 'body has more than 3 fields',
    });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(shapeProblem(deep, bounds)?.en).toMatch(/nested deeper than 4/);
  });
});

/** A pool these tests never use: the routes they call do not touch the database. */
const unusedPool = () => new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });

describe('query-api observability and reference', () => {
  let base = '';
  let healthy = true;
  let close = () => {};

  beforeAll(async () => {
    const logger = createLogger({ service: 'test' }, { write: () => {} });
    const app = createApp({
      logger,
      content: {
        pool: unusedPool(),
        clock: { now: () => 0 },
        logger,
        product: 'tradelog',
        sendSms: async () => {
          throw new TradelogError('SMS_UNAVAILABLE', 'no gateway', { status: 503 });
        },
      },
      ready: async () => healthy,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('is alive while the process runs and ready while the database answers, in the shared shape', async () => {
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    healthy = false;
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${base}/ready`, { headers: { 'Accept-Language': 'en' } });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      flag: 'failure',
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database is unreachable',
      status: 'unavailable',
      service: 'query-api',
      checks: { database: 'The database is unreachable' },
    });
    healthy = true;
  });

  it('counts requests by route pattern and status, and echoes or issues a request id', async () => {
    const answer = await fetch(`${base}/openapi.json`, { headers: { 'X-Request-Id': 'req-123' } });
    expect(answer.headers.get('x-request-id')).toBe('req-123');
    expect((await fetch(`${base}/nowhere`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{service="query-api",method="GET",route="\/openapi.json",status="200"\} 1/,
    );
    expect(metrics).toMatch(
      /http_requests_total\{service="query-api",method="GET",route="unmatched",status="404"\} 1/,
    );
    expect(metrics).toContain('http_request_duration_seconds_bucket');
  });

  it('serves its OpenAPI document and the interactive reference from node_modules', async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      openapi: string;
      paths: object;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/open/info/link/node');
    const docs = await fetch(`${base}/docs`);
    // Its own Content-Security-Policy (web/README.md "Content Security Policy"): no eval, no foreign host.
    expect(docs.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ inlineStyles: true }));
    const page = await docs.text();
    expect(page).toContain('"docs/swagger-ui-bundle.js"');
    expect(page).not.toMatch(/https?:\/\//);
    // An authorization typed into Swagger UI stays in the page's memory, never in localStorage.
    const initializer = await (await fetch(`${base}/docs/reference.js`)).text();
    expect(initializer).toContain('persistAuthorization: false');
    const bundle = await fetch(`${base}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await fetch(`${base}/docs/nothing.js`)).status).toBe(404);
  });
});

describe('query-api request log', () => {
  it('logs a failed request once, with its request id and the error’s stack, and no key', async () => {
    const lines: string[] = [];
    const logger = createLogger({ service: 'query-api' }, { write: (line) => lines.push(line) });
    const router = express.Router();
    router.post('/boom', () => {
      throw new Error('projection table missing');
    });
    const app = createApp({
      logger,
      content: {
        pool: unusedPool(),
        clock: { now: () => 0 },
        logger,
        product: 'tradelog',
        sendSms: async () => undefined,
      },
      routers: [router],
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`, {
        method: 'POST',
        headers: { Authorization: 'Bearer tl_secret_key', 'X-Request-Id': 'req-boom' },
      });
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ flag: 'failure', code: 'INTERNAL' });
    } finally {
      server.close();
    }
    const failed = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 'error', requestId: 'req-boom', route: '/boom', status: 500 });
    expect(failed[0].error.stack).toMatch(/projection table missing\n\s+at /);
    expect(lines.join('')).not.toContain('tl_secret_key');
  });
});

describe('behind a proxy, and metrics on a port of their own', () => {
  const logger = createLogger({ service: 'test' }, { write: () => {} });

  /** The app with a route answering the client address Express derived, listening on loopback. */
  async function serve(options: {
    trustProxy?: string[] | false;
    metricsOnPublicPort?: boolean;
    portalOrigins?: string[];
  }) {
    const { portalOrigins, ...appOptions } = options;
    const router = express.Router();
    router.get('/whoami', (req, res) => void res.json({ ip: req.ip }));
    const app = createApp({
      logger,
      content: {
        pool: unusedPool(),
        clock: { now: () => 0 },
        logger,
        product: 'tradelog',
        sendSms: async () => undefined,
        allowedOrigins: portalOrigins,
      },
      routers: [router],
      ...appOptions,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const whoami = async () =>
      (
        (await (await fetch(`${base}/whoami`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })).json()) as {
          ip: string;
        }
      ).ip;
    return { base, whoami, close: () => server.close() };
  }

  it('reads TRUST_PROXY as keywords, addresses and CIDRs, or false, and names a bad entry', () => {
    const parse = (TRUST_PROXY?: string) =>
      parseQueryApiConfig({ DATABASE_URL: 'postgres://x/y', TRUST_PROXY }).trustProxy;
    expect(parse()).toEqual(['loopback']);
    expect(parse('uniquelocal, 10.0.0.0/8, fd00::/8, 192.0.2.1')).toEqual([
      'uniquelocal',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.1',
    ]);
    expect(parse('false')).toBe(false);
    expect(() => parse('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parse('proxy.internal')).toThrow(/TRUST_PROXY/);
  });

  it("takes the visitor's address from X-Forwarded-For only when the proxy is trusted", async () => {
    for (const [trustProxy, expected] of [
      [['loopback'], '203.0.113.7'],
      [['10.0.0.0/8'], '127.0.0.1'],
      [false, '127.0.0.1'],
    ] as const) {
      const app = await serve({ trustProxy: trustProxy === false ? false : [...trustProxy] });
      try {
        expect(await app.whoami(), JSON.stringify(trustProxy)).toBe(expected);
      } finally {
        app.close();
      }
    }
  });

  it('judges a portal write by the origin a trusted proxy forwards, or by the configured ones', async () => {
    /** A code request as a browser sends it from a portal page (a bad phone: 400 once the guard lets it by). */
    const write = async (base: string, headers: Record<string, string>) => {
      const answer = await fetch(`${base}/portal-api/api/front/other/sms.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
        body: JSON.stringify({ phone: '1', lang: 'en' }),
      });
      return answer.status;
    };
    // Compose's nginx, a cluster's ingress: TLS ends at the proxy, which names the visitor's host.
    const behindProxy = {
      origin: 'https://portal.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'portal.example',
    };
    for (const [trustProxy, expected] of [
      [['loopback'], 400],
      [['10.0.0.0/8'], 403],
      [false, 403],
    ] as const) {
      const app = await serve({ trustProxy: trustProxy === false ? false : [...trustProxy] });
      try {
        expect(await write(app.base, behindProxy), JSON.stringify(trustProxy)).toBe(expected);
      } finally {
        app.close();
      }
    }
    // The development server's proxy names the query API's host and forwards nothing: only the
    // configured origin (npm start's PORTAL_ORIGINS) lets its pages write.
    const devServer = { origin: 'http://127.0.0.1:5173' };
    const unconfigured = await serve({});
    const configured = await serve({ portalOrigins: ['http://127.0.0.1:5173'] });
    try {
      expect(await write(unconfigured.base, devServer)).toBe(403);
      expect(await write(configured.base, devServer)).toBe(400);
      expect(await write(configured.base, { origin: 'http://127.0.0.1:5174' })).toBe(403);
    } finally {
      unconfigured.close();
      configured.close();
    }
  });

  it('serves /metrics on the public port unless it has a port of its own', async () => {
    const app = await serve({ metricsOnPublicPort: false });
    const registry = new Registry();
    new Counter({ name: 'metrics_port_probe_total', help: 'probe', registers: [registry] }).inc();
    const metrics = await startMetricsServer({ host: '127.0.0.1', port: 0, registry, logger });
    try {
      expect((await fetch(`${app.base}/metrics`)).status).toBe(404);
      const port = (metrics.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('metrics_port_probe_total 1');
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(404);
      // The metrics port is held to slow clients as the service port is (the one server shell).
      expect([metrics.headersTimeout, metrics.requestTimeout]).toEqual([
        probeServerTimeouts.headersTimeoutMs,
        probeServerTimeouts.requestTimeoutMs,
      ]);
    } finally {
      app.close();
      metrics.close();
    }
    const open = await serve({});
    try {
      expect((await fetch(`${open.base}/metrics`)).status).toBe(200);
    } finally {
      open.close();
    }
  });
});
