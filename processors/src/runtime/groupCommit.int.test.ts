import { readCheckpoints } from '@tradelog/projections';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { projections } from '../projections.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import { ensureLiveVersion } from './supervisor.ts';

// Group commit (processors README): what one fetch brought is applied in one transaction.
describe('projection consumer group commit', () => {
  const services = testServices();
  let log: LogFixture;
  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'gc');
  });
  afterAll(async () => {
    await log?.close();
  });

  // document-index reads every topic: 34, two partitions each here, many more than the 16
  // batches kafkajs used to hand over at a time.
  const reads = projections['document-index'].declaration.reads;
  const appendEach = async (label: string, perType: number) => {
    for (const type of reads) {
      const { keyField } = documentTypes.find((t) => t.id === type)!;
      for (let i = 0; i < perType; i++)
        await log.append(type, { ...examples[type], [keyField]: `GC-${label}-${type}-${i}` });
    }
  };
  const topicsEnd = async () => {
    const ends = await topicOffsets({
      brokers: services.kafkaBrokers,
      topics: reads.map(log.topicOf),
      logger: quietLogger,
    });
    const partitions = [...ends.values()].flat();
    return {
      end: partitions.reduce((sum, p) => sum + BigInt(p.end), 0n),
      withRecords: partitions.filter((p) => BigInt(p.end) > 0n).length,
    };
  };

  it('applies a fetch that spans every partition in one transaction', async () => {
    const version = await ensureLiveVersion(log.pool, log.namespace, 'document-index');
    const transactions: number[] = [];
    const consumer = () =>
      log.projectionConsumer('document-index', version, {
        beforeCommit: (applied) => {
          if (applied > 0) transactions.push(applied);
        },
      });
    const appliedThrough = async (end: bigint) =>
      waitFor(
        async () =>
          (await readCheckpoints(log.pool, version.consumerGroup)).reduce(
            (sum, c) => sum + BigInt(c.nextOffset),
            0n,
          ) === end || undefined,
        { what: 'every record in the topics applied' },
      );

    // Given a consumer that has seen every document type (its writer schemas are cached: a
    // cold cache fetches them from the registry, and a batch waiting for that joins the next group)
    await appendEach('warm', 1);
    const warm = consumer();
    await warm.start();
    try {
      await appliedThrough((await topicsEnd()).end);
    } finally {
      await warm.stop();
    }
    // When documents land on every partition while it is stopped, and it starts again
    await appendEach('load', 4);
    const { end, withRecords } = await topicsEnd();
    expect(withRecords).toBeGreaterThan(16);
    transactions.length = 0;
    const again = consumer();
    await again.start();
    try {
      await appliedThrough(end);
      // Then the one fetch that brought them is one transaction
      expect(transactions).toEqual([reads.length * 4]);
    } finally {
      await again.stop();
    }
  });
});
