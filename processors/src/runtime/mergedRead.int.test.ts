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

// A rebuild reads its topics merged, and a live consumer its backlog (processors/README.md "One
// order whatever the fetches"): whatever the fetches and groups, the log's records are applied
// in one order, received-at then topic, partition and offset. Real Kafka and Postgres checkpoints.
describe('a merged read of several topics', () => {
  const services = testServices();
  let log: LogFixture;
  const types: DocumentTypeId[] = ['purchase', 'inbound', 'tally'];
  const topics = () => types.map(log.topicOf);
  const received = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString();
  const backlog: string[] = [];

  /** Records `from` to `to` (exclusive) as they were received, two a topic in turn: each topic's partitions hold runs that other topics' records interleave. */
  async function appendInterleaved(from: number, to: number): Promise<string[]> {
    const places: string[] = [];
    for (let i = from; i < to; i++) {
      const type = types[Math.floor(i / 2) % 3]!;
      const headers = { [headerNames.receivedAt]: received(i) };
      const { partition, offset } = await log.appendRaw(
        type,
        Buffer.from(String(i)),
        headers,
        `key-${i % 5}`,
      );
      places.push(`${log.topicOf(type)}/${partition}/${offset}`);
    }
    return places;
  }

  const endsNow = async () =>
    new Map(
      [
        ...(await topicOffsets({ brokers: services.kafkaBrokers, topics: topics(), logger: quietLogger })),
      ].flatMap(([topic, partitions]) =>
        partitions.map((p) => [`${topic}/${p.partition}`, BigInt(p.end)] as const),
      ),
    );

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'merged');
    await log.pool.query(
      'CREATE TABLE merged_applied (consumer text NOT NULL, seq serial, place text NOT NULL)',
    );
    backlog.push(...(await appendInterleaved(0, 60)));
  });
  afterAll(async () => {
    await log?.close();
  });

  /**
   * Reads the topics from the start with a handler that notes each record's place, in the order
   * it applies them: merged as a build reads (`build`), or as a live consumer does. `meanwhile`
   * runs once the backlog is applied, with the consumer still running.
   */
  async function consume(
    label: string,
    options: { build: boolean; maxGroupRecords: number; meanwhile?: () => Promise<unknown> },
  ) {
    const applied = new Map<string, bigint>();
    const ends = await endsNow();
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
    const consumer = createCheckpointedConsumer({
      brokers: services.kafkaBrokers,
      clientId: 'merged-read-test',
      groupId: uniqueName(`merged-${label}`),
      topics: topics(),
      pool: log.pool,
      handler,
      logger: quietLogger,
      partitionsConsumedConcurrently: 6,
      maxGroupRecords: options.maxGroupRecords,
      tickMs: 50,
      ...(options.build
        ? { mergedRead: { readBounds: () => readBoundsOf(ends, applied, new Set(topics())) } }
        : {}),
      onApplied: ({ topic, partition, nextOffset }) => applied.set(`${topic}/${partition}`, nextOffset),
    });
    const appliedTo = (to: Map<string, bigint>) =>
      waitFor(() => [...to].every(([slot, end]) => (applied.get(slot) ?? 0n) >= end) || undefined, {
        what: `${label}: every record applied`,
      });
    await consumer.start();
    try {
      await appliedTo(ends);
      if (options.meanwhile) {
        await options.meanwhile();
        await appliedTo(await endsNow());
      }
    } finally {
      await consumer.stop();
    }
    const { rows } = await log.pool.query<{ place: string }>(
      'SELECT place FROM merged_applied WHERE consumer = $1 ORDER BY seq',
      [label],
    );
    return rows.map((row) => row.place);
  }

  it('a build applies the records in received-at order, whatever the size of its groups', async () => {
    for (const maxGroupRecords of [1, 7, 5000])
      expect(await consume(`build-${maxGroupRecords}`, { build: true, maxGroupRecords })).toEqual(backlog);
  });

  it('a live consumer catches up with its backlog in received-at order, then applies what comes as it comes', async () => {
    let later: string[] = [];
    const places = await consume('live', {
      build: false,
      maxGroupRecords: 7,
      meanwhile: async () => {
        later = await appendInterleaved(60, 66);
      },
    });
    expect(places.slice(0, backlog.length)).toEqual(backlog);
    expect(places.slice(backlog.length).sort()).toEqual([...later].sort());
  });
});
