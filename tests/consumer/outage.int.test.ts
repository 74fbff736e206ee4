import { readCheckpoints } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLiveVersion } from '../../processors/src/runtime/supervisor.ts';
import { createLogFixture, type LogFixture } from '../../processors/src/testing/logFixture.ts';
import { quietLogger, testServices, waitFor } from '../harness/index.ts';
import { brokerAddress, type KafkaProxy, startKafkaProxy } from '../harness/kafkaProxy.ts';

/**
 * A broker outage longer than kafkajs' own retry budget (ARCHITECTURE: "A dependency outage of
 * any length pauses the process; it never exits because of one"): kafkajs gives up, our log
 * consumer rebuilds itself, rejoins and catches up with what was appended meanwhile.
 */
describe('processor runtime through a broker outage', () => {
  const services = testServices();
  let log: LogFixture;
  let proxy: KafkaProxy;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'brk');
    proxy = await startKafkaProxy(brokerAddress(services.kafkaBrokers[0]!));
  });
  afterAll(async () => {
    await proxy?.close();
    await log?.close();
  });

  it('stays up while the broker is gone past the client retry budget, then catches up exactly once', {
    timeout: 150_000,
  }, async () => {
    const version = await ensureLiveVersion(log.pool, log.namespace, 'document-index');
    const consumer = log.projectionConsumer('document-index', version, { brokers: [proxy.address] });
    const count = async () =>
      Number((await log.pool.query(`SELECT count(*) FROM "${version.schemaName}".documents`)).rows[0].count);
    for (let i = 0; i < 10; i++) await log.append('pod', { ...examples.pod, entOrderNo: `BRK-${i}` });
    await consumer.start();
    try {
      await waitFor(async () => (await count()) === 10, { what: 'first records applied' });
      proxy.cut();
      const cutAt = Date.now();
      // Appended through the real broker while this consumer cannot reach it.
      for (let i = 10; i < 40; i++) await log.append('pod', { ...examples.pod, entOrderNo: `BRK-${i}` });
      await waitFor(() => consumer.health().consumer.state === 'reconnecting', {
        what: 'the consumer noticed the outage and rebuilds itself',
        timeoutMs: 60_000,
      });
      // kafkajs gave up (the crash above); let the rebuilt consumer fail to reach the broker too,
      // so the outage outlasts more than one client's retry budget.
      await waitFor(() => consumer.health().consumer.restarts >= 2, {
        what: 'the consumer rebuilt while the broker is still gone',
        timeoutMs: 60_000,
      });
      expect(Date.now() - cutAt).toBeGreaterThan(5_000);
      expect(await count()).toBe(10);
      proxy.open();
      await waitFor(async () => (await count()) === 40, {
        what: 'every record appended during the outage applied',
        timeoutMs: 60_000,
      });
      expect(consumer.health().consumer).toMatchObject({ state: 'running' });
      expect(consumer.health().consumer.restarts).toBeGreaterThanOrEqual(1);
      const { rows } = await log.pool.query(
        `SELECT count(DISTINCT document_id)::int AS ids, count(*)::int AS n FROM "${version.schemaName}".documents`,
      );
      expect(rows[0]).toEqual({ ids: 40, n: 40 });
      const applied = (await readCheckpoints(log.pool, version.consumerGroup)).reduce(
        (sum, c) => sum + Number(c.recordsApplied),
        0,
      );
      expect(applied).toBe(40);
    } finally {
      await consumer.stop();
    }
  });
});
