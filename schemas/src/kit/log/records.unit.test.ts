import { describe, expect, it } from 'vitest';
import {
  fetchRequestOf,
  isOffsetOutOfRange,
  isUnknownTopic,
  readRecordsAt,
  recordsFrom,
  TopicPartitionUnknownError,
} from './records.ts';

const batch = (firstOffset: bigint, count: number) => ({
  firstOffset,
  firstTimestamp: 1_700_000_000_000n,
  records: Array.from({ length: count }, (_, n) => ({
    offsetDelta: n,
    timestampDelta: BigInt(n),
    key: Buffer.from(`k${n}`),
    value: Buffer.from(`v${Number(firstOffset) + n}`),
    headers: [[Buffer.from('h'), Buffer.from('x')]] as [Buffer | null, Buffer | null][],
  })),
});

describe('recordsFrom', () => {
  it('skips the part of the first batch before the offset asked for and stops at the limit', () => {
    const records = recordsFrom([batch(10n, 5), batch(15n, 5)], 13n, 4);
    expect(records.map((r) => r.offset)).toEqual(['13', '14', '15', '16']);
    expect(records[0]).toMatchObject({ timestamp: '1700000000003', headers: [['h', Buffer.from('x')]] });
    expect(records[0]!.value?.toString()).toBe('v13');
  });

  it('stops before the values pass the page’s bytes, but always takes one record', () => {
    // Each value is 3 bytes (v10 … v19): three fit 10 bytes, a fourth does not.
    expect(recordsFrom([batch(10n, 10)], 10n, 50, 10).map((r) => r.offset)).toEqual(['10', '11', '12']);
    expect(recordsFrom([batch(10n, 10)], 10n, 50, 1).map((r) => r.offset)).toEqual(['10']);
  });

  it('answers nothing when every record is before the offset', () => {
    expect(recordsFrom([batch(0n, 3)], 3n, 10)).toEqual([]);
  });
});

describe('fetchRequestOf', () => {
  it('asks the leader for 64 KiB a record asked for, at most 4 MiB, from the offset', () => {
    const request = fetchRequestOf({ topicId: 'id-1', leader: 2, partition: 3 }, 40n, 5);
    expect(request).toMatchObject({ node: 2, maxWaitTime: 0, minBytes: 1, maxBytes: 5 * 64 * 1024 });
    expect(request.topics).toEqual([
      {
        topicId: 'id-1',
        partitions: [
          {
            partition: 3,
            fetchOffset: 40n,
            partitionMaxBytes: 5 * 64 * 1024,
            currentLeaderEpoch: -1,
            lastFetchedEpoch: -1,
          },
        ],
      },
    ]);
    expect(fetchRequestOf({ topicId: 'id-1', leader: 2, partition: 3 }, 0n, 500).maxBytes).toBe(
      4 * 1024 * 1024,
    );
  });
});

describe('the fetch errors that are answers', () => {
  it('tells an unknown topic by the metadata error', () => {
    expect(isUnknownTopic(new Error('Unknown topic or partition'))).toBe(true);
    expect(isUnknownTopic(new Error('UNKNOWN_TOPIC_OR_PARTITION'))).toBe(true);
    expect(isUnknownTopic(new Error('connect ECONNREFUSED'))).toBe(false);
    expect(isUnknownTopic(undefined)).toBe(false);
  });

  it('tells an offset outside the log by the message or the errors the fetch carries', () => {
    expect(isOffsetOutOfRange(new Error('offset out of range'))).toBe(true);
    expect(
      isOffsetOutOfRange(
        Object.assign(new Error('fetch failed'), { errors: [{ code: 'OFFSET_OUT_OF_RANGE' }] }),
      ),
    ).toBe(true);
    expect(isOffsetOutOfRange(new Error('Received response with error while executing API Fetch(v17)'))).toBe(
      false,
    );
  });
});

describe('recordsFrom on a topic stamped with log-append time', () => {
  it('gives every record its batch’s time, as the consumers read it', () => {
    const appended = { ...batch(0n, 3), attributes: 0x08, maxTimestamp: 1_700_000_009_999n };
    expect(recordsFrom([appended], 0n, 3).map((r) => r.timestamp)).toEqual([
      '1700000009999',
      '1700000009999',
      '1700000009999',
    ]);
    expect(recordsFrom([{ ...batch(0n, 2), attributes: 0 }], 0n, 2).map((r) => r.timestamp)).toEqual([
      '1700000000000',
      '1700000000001',
    ]);
  });
});

describe('readRecordsAt', () => {
  const page = (offset: string) => ({
    records: [{ offset, timestamp: '1', key: null, value: null, headers: [] }],
    logStartOffset: '0',
    highWatermark: '9',
  });
  it('keys each record found at its place by topic/partition, and leaves out what the log does not hold', async () => {
    const reader = {
      read: async (topic: string, partition: number, offset: bigint) => {
        if (topic === 'gone') throw new TopicPartitionUnknownError(topic, partition);
        // Partition 1's record at 4 was deleted: the read answers the next one the log holds.
        return partition === 1 ? page(String(offset + 1n)) : page(String(offset));
      },
    };
    const found = await readRecordsAt(reader, [
      { topic: 't', partition: 0, offset: 7n },
      { topic: 't', partition: 1, offset: 4n },
      { topic: 'gone', partition: 0, offset: 2n },
    ]);
    expect([...found.keys()]).toEqual(['t/0']);
    expect(found.get('t/0')?.offset).toBe('7');
  });

  it('lets a failure to read through: the look is tried again', async () => {
    const reader = {
      read: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    await expect(readRecordsAt(reader, [{ topic: 't', partition: 0, offset: 1n }])).rejects.toThrow(
      'ECONNREFUSED',
    );
  });
});
