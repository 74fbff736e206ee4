import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { quietLogger } from '../../tests/harness/index.ts';
import { startOpsServer } from './opsServer.ts';

describe('processors ops server', () => {
  const servers: { close(): void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function start(health: () => { ok: boolean; details: Record<string, unknown> }) {
    const registry = new client.Registry();
    new client.Counter({ name: 'tradelog_test_total', help: 'a test counter', registers: [registry] }).inc(3);
    const server = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      registries: [registry],
      health,
      logger: quietLogger,
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers health with the running projections, and 503 once stopping', async () => {
    let stopping = false;
    const url = await start(() => ({ ok: !stopping, details: { projections: ['link-node'] } }));
    const healthy = await fetch(`${url}/health`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: 'ok', projections: ['link-node'] });
    stopping = true;
    expect((await fetch(`${url}/health`)).status).toBe(503);
  });

  it('serves the registries it was given as Prometheus text and nothing else', async () => {
    const url = await start(() => ({ ok: true, details: {} }));
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('tradelog_test_total 3');
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });
});
