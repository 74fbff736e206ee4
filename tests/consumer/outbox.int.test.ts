import { randomBytes } from 'node:crypto';
import { insertOutboxEntries } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxPublisher } from '../../processors/src/runtime/outboxPublisher.ts';
import { ensureLiveVersion } from '../../processors/src/runtime/supervisor.ts';
import { createLogFixture, type LogFixture } from '../../processors/src/testing/logFixture.ts';
import { quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { brokerAddress, type KafkaProxy, startKafkaProxy } from '../harness/kafkaProxy.ts';
import { readTopics } from '../harness/readTopics.ts';

/**
 * Change events written while Kafka cannot take them wait in the outbox and go out within
 * seconds of Kafka's return, with no new document to trigger a flush (processors/README.md
 * "Riding out faults": the outbox is drained on a timer as well as after commits).
 */
describe('the outbox after Kafka comes back', () => {
  const services = testServices();
  let log: LogFixture;
  let proxy: KafkaProxy;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'obx');
    proxy = await startKafkaProxy(brokerAddress(services.kafkaBrokers[0]!));
  });
  afterAll(async () => {
    await proxy?.close();
    await log?.close();
  });

  it('publishes what the outbox kept once the changes producer reaches Kafka again, with no new document', {
    timeout: 120_000,
  }, async () => {
    const version = await ensureLiveVersion(log.pool, log.namespace, 'order-status');
    // The changes producer reaches Kafka only through the proxy; the consumer reads directly.
    const producer = createLogProducer({
      brokers: [proxy.address],
      clientId: uniqueName('obx-changes'),
      logger: quietLogger,
      ackTimeoutMs: 2_000,
    });
    await producer.connect();
    const consumer = log.projectionConsumer('order-status', version, {
      changes: { producer, topic: log.changesTopic },
    });
    const waiting = async () =>
      Number(
        (await log.pool.query(`SELECT count(*) FROM change_outbox WHERE projection = 'order-status'`)).rows[0]
          .count,
      );
    await consumer.start();
    try {
      proxy.cut();
      await log.append('purchase', { ...examples.purchase, entOrderNo: uniqueName('OBX').slice(0, 32) });
      await waitFor(async () => (await waiting()) > 0, {
        what: 'the change event kept in the outbox while Kafka is unreachable',
        timeoutMs: 60_000,
      });
      const kept = await waiting();
      proxy.open();
      const reopenedAt = Date.now();
      const published = await readTopics({
        brokers: services.kafkaBrokers,
        topics: [log.changesTopic],
        count: kept,
        logger: quietLogger,
        timeoutMs: 60_000,
      });
      expect(published).toHaveLength(kept);
      await waitFor(async () => (await waiting()) === 0, { what: 'the outbox emptied' });
      // The producer's reconnect and one timer period: seconds, not the next document's arrival.
      expect(Date.now() - reopenedAt).toBeLessThan(30_000);
    } finally {
      await consumer.stop();
      await producer.disconnect();
    }
  });
});

/**
 * A change event larger than the log takes in one batch goes compressed when it then fits (a
 * tracked item's view grows with its events, and its JSON shrinks about tenfold); one too large
 * even so is refused for good: parked with the reason, it no longer holds back the events after
 * it (processors/README.md "Change events the log refuses").
 */
describe('the outbox with change events larger than a batch', () => {
  const services = testServices();
  let log: LogFixture;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'obp');
  });
  afterAll(async () => {
    await log?.close();
  });

  it('publishes the one that fits compressed, parks the one that does not, publishes the ones after, and reads it no more', async () => {
    const projection = uniqueName('obp');
    const entry = (name: string, data: unknown) => ({
      eventId: uniqueName(name),
      projection,
      recordKey: 'ocean/BILL1',
      payload: { kind: 'ocean.changed', subject: 'BILL1', data },
    });
    // About 2.9 MB of a bill's containers; 1.6 MB of random text, which gzip cannot bring under 1 MB.
    const containers = Array.from({ length: 60_000 }, (_, i) => ({
      containerNo: `MSKU${1_000_000 + i}`,
      status: 'GATE_IN',
    }));
    const view = entry('view', { containers });
    const noise = entry('noise', randomBytes(1_200_000).toString('base64'));
    const after = entry('after', 'small');
    await insertOutboxEntries(log.pool, [view, noise, after], new Date());
    const producer = createLogProducer({
      brokers: services.kafkaBrokers,
      clientId: uniqueName('obp'),
      logger: quietLogger,
    });
    await producer.connect();
    await waitFor(() => producer.isReady(), { what: 'changes producer ready' });
    const publisher = createOutboxPublisher({
      pool: log.pool,
      producer,
      topic: log.changesTopic,
      projection,
      logger: quietLogger,
    });
    try {
      await publisher.flush();
      const kept = async () =>
        (
          await log.pool.query(
            'SELECT event_id, parked_at IS NOT NULL AS parked, parked_reason FROM change_outbox WHERE projection = $1',
            [projection],
          )
        ).rows;
      expect(await kept()).toEqual([
        {
          event_id: noise.eventId,
          parked: true,
          parked_reason: expect.stringContaining('DOCUMENT_TOO_LARGE_FOR_LOG'),
        },
      ]);
      const published = await readTopics({
        brokers: services.kafkaBrokers,
        topics: [log.changesTopic],
        count: 2,
        logger: quietLogger,
        timeoutMs: 30_000,
      });
      const [first, second] = published.map((record) => JSON.parse(record.value!.toString()));
      expect(first.data.containers).toHaveLength(60_000);
      expect(second).toMatchObject({ data: 'small' });
      // Parked, it is not read again: a second flush leaves it as it was and sends nothing.
      await publisher.flush();
      expect(await kept()).toHaveLength(1);
    } finally {
      await producer.disconnect();
    }
  });
});
