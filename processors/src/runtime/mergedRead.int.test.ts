import { headerNames } from '@tradelog/schemas/kit/log/headers';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, uniqueName, waitFor } from '../../../tests/harness/index.ts';
import type { DocumentTypeId } from '../documents/event.ts';
import { readBoundsOf } from '../rebuild/buildPositions.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import type { BatchHandler } from './batchHandler.ts';
import { createCheckpointedConsumer } from './checkpointedConsumer.ts';

// A rebuild reads its topics merged (processors/README.md "One order whatever the fetches"):
// whatever its fetches and groups, it applies the log's records in one order, received-at then
// topic, partition and offset. Real Kafka, registry-free records, real Postgres checkpoints.
describe('a merged read of several topics', () => {
  const services = testServices();
  let log: LogFixture;
  const types: DocumentTypeId[] = ['purchase', 'inbound', 'tally'];
  const received = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString();
  const expected: string[] = [];
  let ends: Map<string, bigint>;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'merged');
    await log.pool.query(
      'CREATE TABLE merged_applied (consumer text NOT NULL, seq serial, place text NOT NULL)',
    );
    // Sixty records of three topics (two partitions each) appended as they were received: each
    // topic's partitions hold runs that other topics' records interleave.
    const appended: { place: string; at: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const type = types[Math.floor(i / 2) % 3]!;
      const at = received(i);
      const { partition, offset } = await log.appendRaw(
        type,
        Buffer.from(String(i)),
        {
          [headerNames.receivedAt]: at,
        },
        `key-${i % 5}`,
      );
      appended.push({ place: `${log.topicOf(type)}/${partition}/${offset}`, at });
    }
    expected.push(...appended.map((a) => a.place));
    const offsets = await topicOffsets({
      brokers: services.kafkaBrokers,
      topics: types.map(log.topicOf),
      logger: quietLogger,
    });
    ends = new Map(
      [...offsets].flatMap(([topic, partitions]) =>
        partitions.map((p) => [`${topic}/${p.partition}`, BigInt(p.end)] as const),
      ),
    );
  });
  afterAll(async () => {
    await log?.close();
  });

  /** Reads the topics with a handler that notes each record's place, in the order it applies them. */
  async function readAll(label: string, options: { merged: boolean; maxGroupRecords: number }) {
    const applied = new Map<string, bigint>();
    const handler: BatchHandler<{ place: string }> = {
      name: `merged-${label}`,
      decode: (record) => ({ place: `${record.topic}/${record.partition}/${record.offset}` }),
      async apply(db: pg.PoolClient, events) {
        for (const event of events)
          await db.query('INSERT INTO merged_applied (consumer, place) VALUES ($1, $2)', [
            label,
            event.place,
          ]);
      },
    };
    const readBounds = () => readBoundsOf(ends, applied, new Set(types.map(log.topicOf)));
    const consumer = createCheckpointedConsumer({
      brokers: services.kafkaBrokers,
      clientId: 'merged-read-test',
      groupId: uniqueName(`merged-${label}`),
      topics: types.map(log.topicOf),
      pool: log.pool,
      handler,
      logger: quietLogger,
      partitionsConsumedConcurrently: 6,
      maxGroupRecords: options.maxGroupRecords,
      tickMs: 50,
      ...(options.merged ? { mergedRead: { readBounds } } : {}),
      onApplied: ({ topic, partition, nextOffset }) => applied.set(`${topic}/${partition}`, nextOffset),
    });
    await consumer.start();
    try {
      await waitFor(() => [...ends].every(([slot, end]) => (applied.get(slot) ?? 0n) >= end) || undefined, {
        what: `${label}: every record applied`,
      });
    } finally {
      await consumer.stop();
    }
    const { rows } = await log.pool.query<{ place: string }>(
      'SELECT place FROM merged_applied WHERE consumer = $1 ORDER BY seq',
      [label],
    );
    return rows.map((row) => row.place);
  }

  it('applies the records in received-at order, whatever the size of its groups', async () => {
    for (const maxGroupRecords of [1, 7, 5000])
      expect(await readAll(`merged-${maxGroupRecords}`, { merged: true, maxGroupRecords })).toEqual(expected);
  });

  it('is what a read without merging does not do: it applies batch after batch', async () => {
    const unmerged = await readAll('unmerged', { merged: false, maxGroupRecords: 5000 });
    expect([...unmerged].sort()).toEqual([...expected].sort());
    expect(unmerged).not.toEqual(expected);
  });
});
