import type { AddressInfo } from 'node:net';
import { createLogger } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { createIngestMetrics } from './metrics.ts';
import { createStartingApp } from './startingApp.ts';

describe('ingest while it starts', () => {
  it('answers alive, not ready with what it awaits, and 503 INGEST_STARTING to a submission', async () => {
    let awaiting = 'could not register schema for tradelog.doc.pod.v1-value [REGISTRY_UNAVAILABLE]';
    const app = createStartingApp({
      logger: createLogger({ service: 'test' }, { write: () => {} }),
      metrics: createIngestMetrics(),
      newId: () => 'id',
      metricsOnPublicPort: true,
      awaiting: () => awaiting,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/health`)).status).toBe(200);

      const ready = await fetch(`${base}/ready`, { headers: { 'accept-language': 'en' } });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        code: 'INGEST_STARTING',
        checks: { log: expect.stringContaining('[REGISTRY_UNAVAILABLE]') },
      });
      // What is awaited is read at each ask: the last failure, not the first.
      awaiting = 'no broker answers [KAFKA_UNAVAILABLE]';
      expect(await (await fetch(`${base}/ready`)).json()).toMatchObject({
        checks: { log: expect.stringContaining('[KAFKA_UNAVAILABLE]') },
      });

      const submission = await fetch(`${base}/tradelog/tradelog-order/api/v2/doc/pod/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: '{}',
      });
      expect(submission.status).toBe(503);
      expect(submission.headers.get('retry-after')).toBe('5');
      expect(await submission.json()).toMatchObject({
        flag: 'failure',
        code: 'INGEST_STARTING',
        message: expect.stringMatching(/starting/),
      });
    } finally {
      server.close();
    }
  });
});
