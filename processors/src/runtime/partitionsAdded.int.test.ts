import { readCheckpoints } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { partitionFor } from '@tradelog/schemas/kit/log/keyPartition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor, withKafkaAdmin } from '../../../tests/harness/index.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import { ensureLiveVersion } from './supervisor.ts';

/**
 * An operator's added partitions (Kafka's `kafka-topics --alter --partitions`) are used as soon as
 * the clients see them: the producer places records on them once the count it knows has aged
 * (schemas/src/kit/log/partitionPlacement.ts), and a running projection is assigned them and
 * applies them from their first record (consumer.ts `partitionsSeenWithinMs`). Both used to take
 * the clients' defaults: the producer asked once, the consumer every 5 minutes.
 */
describe('partitions an operator adds', () => {
  const services = testServices();
  let log: LogFixture;
  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'parts');
  });
  afterAll(async () => {
    await log?.close();
  });

  it('given a running projection, when a topic gets a third partition, then records are appended to it and applied from its first', async () => {
    const topic = log.topicOf('pod');
    const version = await ensureLiveVersion(log.pool, log.namespace, 'document-index');
    const consumer = log.projectionConsumer('document-index', version);
    const indexed = async (record: { topic: string; partition: number; offset: string }) =>
      (
        await log.pool.query(
          `SELECT 1 FROM "${version.schemaName}".documents WHERE topic = $1 AND partition = $2 AND record_offset = $3`,
          [record.topic, record.partition, record.offset],
        )
      ).rowCount === 1;
    // Its key goes to the third partition once there is one.
    let entOrderNo = '';
    for (let i = 0; entOrderNo === ''; i++)
      if (partitionFor(topic, `PARTS-POD-${i}`, 3) === 2) entOrderNo = `PARTS-POD-${i}`;

    await consumer.start();
    try {
      const first = await log.append('pod', { ...examples.pod, entOrderNo });
      await waitFor(() => indexed(first), { what: 'a document on the first two partitions applied' });

      await withKafkaAdmin({ brokers: services.kafkaBrokers, clientId: 'parts' }, (admin) =>
        admin.createPartitions({ topicPartitions: [{ topic, count: 3 }] }),
      );

      // The producer that appended before the change, as ingest's would, sends the key's next
      // versions to its new partition once it sees it.
      const appended = [first];
      await waitFor(
        async () => {
          appended.push(await log.append('pod', { ...examples.pod, entOrderNo }));
          return appended.at(-1)!.partition === 2;
        },
        { what: 'a record appended to the new partition', timeoutMs: 30_000, intervalMs: 1_000 },
      );
      for (const record of appended)
        await waitFor(() => indexed(record), {
          what: `record ${record.partition}/${record.offset} applied`,
          timeoutMs: 40_000,
        });
      const onNew = appended.filter((record) => record.partition === 2);
      expect(onNew.map((record) => record.offset)).toEqual(onNew.map((_, index) => String(index)));
      const checkpoint = (await readCheckpoints(log.pool, version.consumerGroup)).find(
        (c) => c.topic === topic && c.partition === 2,
      );
      expect([Number(checkpoint?.nextOffset), Number(checkpoint?.recordsApplied)]).toEqual([
        onNew.length,
        onNew.length,
      ]);
    } finally {
      await consumer.stop();
    }
  }, 120_000);
});
