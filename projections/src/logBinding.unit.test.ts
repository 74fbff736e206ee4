import { describe, expect, it } from 'vitest';
import {
  type BoundCheckpoint,
  foundRecordsOf,
  type LogIdentity,
  lastRecordPlaces,
  logMismatches,
  logReplacedMessage,
  owedCheckpoints,
  slotParts,
  withFoundRecords,
} from './logBinding.ts';

const log: LogIdentity = {
  clusterId: 'cluster-b',
  topicIds: new Map([
    ['pod', 'topic-pod-2'],
    ['inbound', 'topic-inbound-1'],
  ]),
  ends: new Map([
    ['pod/0', 3n],
    ['pod/1', 0n],
    ['inbound/0', 10n],
  ]),
};

const checkpoint = (over: Partial<BoundCheckpoint>): BoundCheckpoint => ({
  topic: 'inbound',
  partition: 0,
  nextOffset: '4',
  clusterId: 'cluster-b',
  topicId: 'topic-inbound-1',
  ...over,
});

describe('checkpoints against the log they are read on', () => {
  it('given checkpoints taken on this log and within its ends, finds nothing', () => {
    expect(logMismatches([checkpoint({}), checkpoint({ nextOffset: '10' })], log)).toEqual([]);
  });

  it('given another cluster, the checkpoint is of another log even inside the ends', () => {
    const [mismatch] = logMismatches([checkpoint({ clusterId: 'cluster-a' })], log);
    expect(mismatch).toMatchObject({
      topic: 'inbound',
      partition: 0,
      reason: 'cluster-changed',
      checkpoint: { clusterId: 'cluster-a', nextOffset: '4' },
      log: { clusterId: 'cluster-b', topicId: 'topic-inbound-1', end: '10' },
    });
  });

  it('given a topic created again under the same name, says so', () => {
    expect(
      logMismatches([checkpoint({ topic: 'pod', topicId: 'topic-pod-1', nextOffset: '1' })], log),
    ).toEqual([expect.objectContaining({ topic: 'pod', reason: 'topic-recreated' })]);
  });

  it('given a checkpoint past the end, is of another log (never a negative lag)', () => {
    expect(logMismatches([checkpoint({ nextOffset: '11' })], log)).toEqual([
      expect.objectContaining({ reason: 'past-end', log: expect.objectContaining({ end: '10' }) }),
    ]);
  });

  it('given a checkpoint stored before ids were kept, judges it by the ends alone', () => {
    const legacy = { clusterId: null, topicId: null };
    expect(logMismatches([checkpoint({ ...legacy, nextOffset: '10' })], log)).toEqual([]);
    expect(
      logMismatches([checkpoint({ ...legacy, topic: 'pod', partition: 1, nextOffset: '2' })], log),
    ).toEqual([expect.objectContaining({ reason: 'past-end' })]);
  });

  it('given a topic that no longer exists, a checkpoint that applied some of it is of another log', () => {
    expect(logMismatches([checkpoint({ topic: 'outbound', nextOffset: '5' })], log)).toEqual([
      expect.objectContaining({ topic: 'outbound', reason: 'topic-missing' }),
    ]);
    expect(logMismatches([checkpoint({ topic: 'outbound', nextOffset: '0', topicId: null })], log)).toEqual(
      [],
    );
  });

  it('given a checkpoint below the partition’s start, records it had not applied were deleted', () => {
    const trimmed = { ...log, starts: new Map([['inbound/0', 6n]]) };
    expect(logMismatches([checkpoint({ nextOffset: '6' })], trimmed)).toEqual([]);
    expect(logMismatches([checkpoint({ nextOffset: '4' })], trimmed)).toEqual([
      expect.objectContaining({
        reason: 'records-deleted',
        checkpoint: expect.objectContaining({ nextOffset: '4' }),
        log: expect.objectContaining({ start: '6', end: '10' }),
      }),
    ]);
    // Without the starts read, the rule cannot be judged (freshness reads only the ends).
    expect(logMismatches([checkpoint({ nextOffset: '4' })], log)).toEqual([]);
  });

  it('given a consumer owing the whole log, a partition it never stored a position for counts from 0', () => {
    const trimmed = { ...log, starts: new Map([['pod/0', 2n]]) };
    const owed = owedCheckpoints([checkpoint({})], trimmed, ['pod', 'inbound']);
    expect(owed.map((c) => `${c.topic}/${c.partition}@${c.nextOffset}`)).toEqual([
      'inbound/0@4',
      'pod/0@0',
      'pod/1@0',
    ]);
    expect(logMismatches(owed, trimmed)).toEqual([
      expect.objectContaining({ topic: 'pod', partition: 0, reason: 'records-deleted' }),
    ]);
    // A topic it does not read owes nothing.
    expect(owedCheckpoints([], trimmed, ['inbound'])).toEqual([
      expect.objectContaining({ topic: 'inbound', partition: 0, nextOffset: '0' }),
    ]);
  });

  it('given records deleted, tells the operator the view would lack them, in cn and en', () => {
    const trimmed = { ...log, starts: new Map([['inbound/0', 6n]]) };
    const message = logReplacedMessage('collateral', logMismatches([checkpoint({})], trimmed));
    expect(message.en).toContain('records not yet applied were deleted from the log');
    expect(message.en).toContain('Nothing after them was applied');
    expect(message.en).toContain('POST /ops/rebuild/collateral');
    expect(message.en).not.toContain('nothing was skipped');
    expect(message.cn).toContain('已从日志中删除');
  });

  it('tells the operator what happened and what to do, in cn and en', () => {
    const mismatches = logMismatches(
      [checkpoint({ clusterId: 'cluster-a' }), checkpoint({ partition: 1 })],
      log,
    );
    const message = logReplacedMessage('link-node', mismatches);
    expect(message.en).toContain('link-node stopped');
    expect(message.en).toContain('POST /ops/rebuild/link-node');
    expect(message.cn).toContain('重建');
  });
});

describe('rule 6: the record a checkpoint applied last, against the one the log holds there', () => {
  // inbound/0 applied offsets up to 3, the last one stamped ...003.
  const applied = checkpoint({ lastTimestamp: '1700000000003' });
  const at3 = (timestamp: string): LogIdentity => ({
    ...log,
    lastRecords: new Map([['inbound/0', { offset: '3', timestamp }]]),
  });

  it('given the same record, finds nothing; given another (a Kafka restored in place from an older backup), says so', () => {
    expect(logMismatches([applied], at3('1700000000003'))).toEqual([]);
    expect(logMismatches([applied], at3('1700000009999'))).toEqual([
      expect.objectContaining({
        topic: 'inbound',
        partition: 0,
        reason: 'records-rewritten',
        checkpoint: expect.objectContaining({ nextOffset: '4', lastTimestamp: '1700000000003' }),
        log: expect.objectContaining({ end: '10', lastTimestamp: '1700000009999' }),
      }),
    ]);
  });

  it('given a checkpoint that names no record, or a record read at another offset, judges by the other rules alone', () => {
    expect(logMismatches([checkpoint({ lastTimestamp: null })], at3('1700000009999'))).toEqual([]);
    expect(logMismatches([checkpoint({ nextOffset: '5', lastTimestamp: '1' })], at3('2'))).toEqual([]);
  });

  it('reads only the last records the log still holds, of checkpoints that name them', () => {
    const trimmed = { ...log, starts: new Map([['inbound/0', 2n]]) };
    expect(
      lastRecordPlaces(
        [
          applied,
          checkpoint({ partition: 1, lastTimestamp: '1' }), // no such partition
          checkpoint({ topic: 'pod', topicId: 'topic-pod-2', nextOffset: '3', lastTimestamp: null }),
          checkpoint({ topic: 'pod', topicId: 'topic-pod-2', nextOffset: '4', lastTimestamp: '1' }), // past the end
        ],
        trimmed,
      ),
    ).toEqual([{ topic: 'inbound', partition: 0, offset: 3n }]);
    // The record before the start is gone: rule 5 or nothing, never rule 6.
    expect(lastRecordPlaces([checkpoint({ nextOffset: '2', lastTimestamp: '1' })], trimmed)).toEqual([]);
  });

  it('keeps what the processors found for the readers that read no records, and judges with it the same way', () => {
    const mismatches = logMismatches([applied], at3('1700000009999'));
    expect(foundRecordsOf(mismatches)).toEqual([
      { topic: 'inbound', partition: 0, nextOffset: '4', timestamp: '1700000009999' },
    ]);
    const stored = { ...applied, foundTimestamp: '1700000009999' };
    expect(logMismatches([stored], withFoundRecords(log, [stored]))).toEqual(mismatches);
    expect(logMismatches([applied], withFoundRecords(log, [applied]))).toEqual([]);
  });

  it('tells the operator the view holds records the log lost and what to do, in cn and en', () => {
    const message = logReplacedMessage('collateral', logMismatches([applied], at3('1700000009999')));
    expect(message.en).toContain('restored in place from an older backup');
    expect(message.en).toContain('the records now at those offsets were not applied');
    expect(message.en).toContain('POST /ops/rebuild/collateral');
    expect(message.en).toContain('restore the newer copy of the log');
    expect(message.cn).toContain('备份');
  });
});

describe('slotParts: a `topic/partition` back into its parts', () => {
  it('given a topic with dots and dashes, then the partition is the number after the last slash', () => {
    expect(slotParts('tradelog.port-arrival/12')).toEqual({ topic: 'tradelog.port-arrival', partition: 12 });
  });
});
