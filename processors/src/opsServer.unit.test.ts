import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { quietLogger } from '../../tests/harness/index.ts';
import { assessHealth, type HealthReport } from './health.ts';
import { startOpsServer } from './opsServer.ts';

describe('processors ops server', () => {
  const servers: { close(): void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function start(health: () => HealthReport) {
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

  const consumer = (state: 'running' | 'reconnecting' | 'stopped', extra: object = {}) => ({
    name: 'link-node',
    groupId: 'g',
    consumer: { state, since: new Date(0), restarts: 0, failedRestarts: 0 },
    retired: false,
    ...extra,
  });
  const up = { ok: true, checkedAt: 't' };

  it('is live and ready while every dependency answers and every consumer runs', () => {
    const report = assessHealth({
      stopping: false,
      dependencies: { postgres: up, kafka: up, registry: up },
      consumers: [consumer('running')],
    });
    expect(report).toMatchObject({ status: 'ok', live: true, ready: true });
  });

  it('stays live but not ready while a dependency is down or a consumer waits for one', () => {
    const down = assessHealth({
      stopping: false,
      dependencies: {
        postgres: up,
        kafka: { ok: false, checkedAt: 't', error: 'ECONNREFUSED' },
        registry: up,
      },
      consumers: [consumer('reconnecting')],
    });
    expect(down).toMatchObject({ status: 'degraded', live: true, ready: false });
    const waiting = assessHealth({
      stopping: false,
      dependencies: { postgres: up },
      consumers: [
        consumer('running', { waitingFor: { code: 'REGISTRY_UNAVAILABLE', since: 't', partitions: 1 } }),
      ],
    });
    expect(waiting).toMatchObject({ status: 'degraded', live: true, ready: false });
  });

  it('fails health when a consumer stopped without being asked to, or the process is stopping', () => {
    expect(
      assessHealth({ stopping: false, dependencies: {}, consumers: [consumer('stopped')] }),
    ).toMatchObject({ status: 'failing', live: false });
    expect(
      assessHealth({
        stopping: false,
        dependencies: {},
        consumers: [consumer('stopped', { retired: true })],
      }),
    ).toMatchObject({ live: true });
    const stuck = consumer('reconnecting');
    stuck.consumer.failedRestarts = 5;
    expect(assessHealth({ stopping: false, dependencies: { kafka: up }, consumers: [stuck] })).toMatchObject({
      status: 'failing',
      live: false,
    });
    expect(
      assessHealth({
        stopping: false,
        dependencies: { kafka: { ok: false, checkedAt: 't' } },
        consumers: [stuck],
      }),
    ).toMatchObject({ status: 'degraded', live: true });
    expect(assessHealth({ stopping: true, dependencies: {}, consumers: [] })).toMatchObject({
      status: 'stopping',
      live: false,
    });
  });

  it('answers /health and /ready from the report', async () => {
    let report = assessHealth({
      stopping: false,
      dependencies: { postgres: up },
      consumers: [consumer('running')],
    });
    const url = await start(() => report);
    const healthy = await fetch(`${url}/health`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({
      status: 'ok',
      service: 'processors',
      state: 'ok',
      checks: { postgres: 'ok', 'consumer link-node': 'ok' },
      consumers: [{ name: 'link-node' }],
    });
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    report = assessHealth({
      stopping: false,
      dependencies: { postgres: { ok: false, checkedAt: 't' } },
      consumers: [consumer('running')],
    });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect((await fetch(`${url}/ready`)).status).toBe(503);
    report = assessHealth({ stopping: true, dependencies: {}, consumers: [] });
    expect((await fetch(`${url}/health`)).status).toBe(503);
  });

  it('serves the registries it was given as Prometheus text and nothing else', async () => {
    const url = await start(() => assessHealth({ stopping: false, dependencies: {}, consumers: [] }));
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('tradelog_test_total 3');
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });
});
