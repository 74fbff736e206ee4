import { createLogger } from '@tradelog/schemas';
import type { LogBatch } from '@tradelog/schemas/kit/log/consumer';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compareLogOrder } from '../documents/logOrder.ts';
import type { Queued } from './groupTransaction.ts';
import {
  bufferBatch,
  createMergedIntake,
  emptyBuffer,
  mergedReadBytesPerPartition,
  mergeInputs,
  type ReadBound,
} from './mergedIntake.ts';
import { mergeKeyOf, planMerge } from './mergeOrder.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();

/** A record of `topic/0` at `offset`, received `ms` milliseconds into 2026. */
const recordAt = (topic: string, offset: number, ms: number) => ({
  topic,
  partition: 0,
  offset: String(offset),
  key: null,
  value: null,
  headers: { [headerNames.receivedAt]: at(ms) },
});

/** A batch of `topic/0`: records at the offsets given, received at the times given. */
function batchOf(topic: string, records: [offset: number, receivedMs: number][], limit?: bigint) {
  const answers: (string | undefined)[] = [];
  const item: Queued<string> = {
    batch: { topic, partition: 0, records: [], isActive: () => true } as LogBatch,
    decoded: records.map(([offset, ms]) => ({
      record: recordAt(topic, offset, ms),
      event: `${topic}@${offset}`,
    })),
    limit,
    started: 0,
    done: (through) => answers.push(through),
  };
  return { item, answers };
}

/** `count` records from offset 0, each received a millisecond after the one before. */
const inSequence = (count: number) => Array.from({ length: count }, (_, i) => [i, i + 1] as [number, number]);

/** An intake over two or more partitions, with what it held, resumed and applied. */
function intakeOver(bounds: Record<string, [applied: number, bound: number]>, maxGroupRecords = 100) {
  const seen = {
    groups: [] as string[][],
    pauses: [] as string[],
    resumes: [] as string[],
    limits: [] as string[],
    givenUp: [] as string[],
    answer: (_group: Queued<string>[]): string | undefined => '0',
  };
  const warnings: string[] = [];
  const log = createLogger({ service: 'test' }, { level: 'error' });
  const intake = createMergedIntake<string>({
    readBounds: function* (): Generator<ReadBound> {
      for (const [topic, [applied, bound]] of Object.entries(bounds))
        yield { topic, partition: 0, applied: BigInt(applied), bound: BigInt(bound) };
    },
    async applyGroup(group) {
      const events = group
        .flatMap((item) => item.decoded)
        .sort((a, b) => a.rank! - b.rank!)
        .map((d) => d.event!);
      seen.groups.push(events);
      for (const item of group) item.done(seen.answer(group));
    },
    pause: (topic, _partition, atOffset) => seen.pauses.push(`${topic}@${atOffset}`),
    resume: (topic) => seen.resumes.push(topic),
    stopAtLimit: (topic, _partition, nextOffset) => seen.limits.push(`${topic}@${nextOffset}`),
    maxGroupRecords,
    log: { ...log, warn: (message: string) => warnings.push(message), scope: () => log } as typeof log,
    settleMs: 5,
    waitLimitMs: 1_000,
    onWaitGivenUp: (slot, waitedMs) =>
      seen.givenUp.push(`${slot} after ${waitedMs >= 1_000 ? '1 s' : 'less'}`),
    now: () => Date.now(),
  });
  return { intake, seen, warnings };
}

describe('what a merged read fetches of a partition', () => {
  it('shares a budget between the partitions, within 256 KiB and 4 MiB each', () => {
    const MiB = 1024 * 1024;
    expect(mergedReadBytesPerPartition(12)).toBe(4 * MiB);
    expect(mergedReadBytesPerPartition(64)).toBe(MiB);
    expect(mergedReadBytesPerPartition(1000)).toBe(256 * 1024);
    expect(mergedReadBytesPerPartition(0)).toBe(4 * MiB);
  });
});

describe('merge order', () => {
  it('orders by received-at, then topic, partition and offset', () => {
    const key = (topic: string, offset: number, ms: number) => mergeKeyOf(recordAt(topic, offset, ms));
    expect(compareLogOrder(key('b', 9, 1), key('a', 1, 2))).toBeLessThan(0);
    expect(compareLogOrder(key('a', 9, 1), key('b', 1, 1))).toBeLessThan(0);
    expect(compareLogOrder(key('a', 1, 1), key('a', 2, 1))).toBeLessThan(0);
    // A record without the header sorts first, wherever it stands.
    expect(compareLogOrder({ ...key('z', 9, 9), receivedAt: '' }, key('a', 0, 0))).toBeLessThan(0);
  });

  it('merges the heads and stops where a partition with more to read has nothing buffered', () => {
    const keys = (topic: string, ...ms: number[]) =>
      ms.map((m, offset) => ({ receivedAt: at(m), topic, partition: 0, offset: String(offset) }));
    const a = { slot: 'a/0', keys: keys('a', 1, 4, 6), from: 0, more: true };
    const b = { slot: 'b/0', keys: keys('b', 2, 3), from: 0, more: true };
    // b runs dry after its second record: a's 4 and 6 may not go before b's next record.
    expect(planMerge([a, b], 100)).toEqual({ order: ['a/0', 'b/0', 'b/0'], waitingOn: 'b/0' });
    // With b read to its bound, a goes on, until a runs dry in turn.
    expect(planMerge([a, { ...b, more: false }], 100)).toEqual({
      order: ['a/0', 'b/0', 'b/0', 'a/0', 'a/0'],
      waitingOn: 'a/0',
    });
    expect(
      planMerge(
        [
          { ...a, more: false },
          { ...b, more: false },
        ],
        100,
      ),
    ).toEqual({
      order: ['a/0', 'b/0', 'b/0', 'a/0', 'a/0'],
    });
    expect(planMerge([a, { ...b, more: false }], 2)).toEqual({ order: ['a/0', 'b/0'] });
    // A partition with records left and none buffered stops everything.
    expect(planMerge([a, { slot: 'c/0', keys: [], from: 0, more: true }], 100)).toEqual({
      order: [],
      waitingOn: 'c/0',
    });
    // Keys before `from` were taken: with b's two gone, b waits; with one of each gone, b's 3 goes first.
    expect(planMerge([a, { ...b, from: 2 }], 100)).toEqual({ order: [], waitingOn: 'b/0' });
    expect(
      planMerge(
        [
          { ...a, from: 1 },
          { ...b, from: 1 },
        ],
        100,
      ),
    ).toEqual({ order: ['b/0'], waitingOn: 'b/0' });
  });

  it('merges many partitions as a sort of all their records would, each partition in its own order', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const inputs = Array.from({ length: 40 }, (_, p) => {
      let ms = 0;
      const keys = Array.from({ length: 25 }, (_, offset) => {
        ms += Math.floor(next() * 50);
        return { receivedAt: at(ms), topic: `t${p % 7}`, partition: p, offset: String(offset) };
      });
      return { slot: `t${p % 7}/${p}`, keys, from: 0, more: false };
    });
    const all = inputs.flatMap((input) => input.keys).sort(compareLogOrder);
    const taken = new Map<string, number>();
    const merged = planMerge(inputs, 10_000).order.map((slot) => {
      const index = taken.get(slot) ?? 0;
      taken.set(slot, index + 1);
      return inputs.find((input) => input.slot === slot)!.keys[index]!;
    });
    expect(merged).toEqual(all);
  });
});

describe('merged intake', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds each batch at its end, answers it at once, and applies in merged order once every partition showed its head', async () => {
    const { intake, seen } = intakeOver({ a: [0, 3], b: [0, 2] });
    const a = batchOf('a', [
      [0, 1],
      [1, 4],
      [2, 6],
    ]);
    intake.push(a.item);
    expect(a.answers).toEqual([undefined]);
    expect(seen.pauses).toEqual(['a@3']);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups).toEqual([]);
    intake.push(
      batchOf('b', [
        [0, 2],
        [1, 5],
      ]).item,
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups).toEqual([['a@0', 'b@0', 'a@1', 'b@1', 'a@2']]);
    expect(seen.resumes.sort()).toEqual(['a', 'b']);
  });

  it('applies groups of at most maxGroupRecords, one at a time', async () => {
    const { intake, seen } = intakeOver({ a: [0, 4] }, 3);
    intake.push(batchOf('a', inSequence(4)).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups).toEqual([['a@0', 'a@1', 'a@2'], ['a@3']]);
  });

  it('cuts a batch at its limit and leaves the partition paused there for its limit to move', async () => {
    const { intake, seen } = intakeOver({ a: [0, 2], b: [0, 1] });
    intake.push(
      batchOf(
        'a',
        [
          [0, 1],
          [1, 3],
          [2, 5],
        ],
        2n,
      ).item,
    );
    intake.push(batchOf('b', [[0, 2]]).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.limits).toEqual(['a@2']);
    expect(seen.groups).toEqual([['a@0', 'b@0', 'a@1']]);
    expect(seen.resumes).not.toContain('a');
  });

  it('waits again for a partition cut at its limit once the limit moves past the cut', async () => {
    const bounds: Record<string, [number, number]> = { a: [0, 2], b: [0, 3] };
    const { intake, seen } = intakeOver(bounds);
    intake.push(
      batchOf(
        'a',
        [
          [0, 1],
          [1, 4],
          [2, 6],
        ],
        2n,
      ).item,
    );
    bounds.a = [0, 3];
    intake.push(
      batchOf('b', [
        [0, 2],
        [1, 10],
        [2, 20],
      ]).item,
    );
    await vi.advanceTimersByTimeAsync(50);
    // a's offset 2 may come before b's offset 1: the merge waits for it.
    expect(seen.groups).toEqual([['a@0', 'b@0', 'a@1']]);
    intake.push(batchOf('a', [[2, 5]], 3n).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups.at(-1)).toEqual(['a@2', 'b@1', 'b@2']);
  });

  it('forgets what it buffered when the group is joined again: every partition starts again at its checkpoint', async () => {
    const { intake, seen } = intakeOver({ a: [0, 2], b: [0, 1] });
    intake.push(batchOf('a', inSequence(2)).item);
    intake.rejoined();
    intake.push(batchOf('b', [[0, 9]]).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups).toEqual([]);
    intake.push(batchOf('a', inSequence(2)).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups).toEqual([['a@0', 'a@1', 'b@0']]);
  });

  it('keeps what the new assignment buffered when a group taken before the join comes back unapplied', async () => {
    const { intake, seen } = intakeOver({ a: [0, 2] }, 1);
    let rejoin = true;
    seen.answer = () => {
      if (!rejoin) return '0';
      rejoin = false;
      intake.rejoined();
      // The new assignment's batch arrives while the old group is being answered.
      intake.push(batchOf('a', inSequence(2)).item);
      return undefined;
    };
    intake.push(batchOf('a', inSequence(2)).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups).toEqual([['a@0'], ['a@0'], ['a@1']]);
  });

  it('answers a group taken before a join as no longer active', async () => {
    const { intake, seen } = intakeOver({ a: [0, 1] });
    const active: boolean[] = [];
    seen.answer = (group) => {
      intake.rejoined();
      active.push(...group.map((item) => item.batch.isActive()));
      return undefined;
    };
    intake.push(batchOf('a', inSequence(1)).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(active).toEqual([false]);
  });

  it('drops the buffer of a partition whose group was not applied: it is fetched again from where the retry says', async () => {
    const { intake, seen } = intakeOver({ a: [0, 4] }, 2);
    seen.answer = () => undefined;
    intake.push(batchOf('a', inSequence(4)).item);
    await vi.advanceTimersByTimeAsync(50);
    // The first group failed; nothing more of a is applied from the buffer.
    expect(seen.groups).toEqual([['a@0', 'a@1']]);
    seen.answer = () => '1';
    intake.push(batchOf('a', inSequence(2)).item);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.groups.at(-1)).toEqual(['a@0', 'a@1']);
  });

  it('stops waiting for a partition that shows nothing, with a warning, rather than stall', async () => {
    const { intake, seen, warnings } = intakeOver({ a: [0, 1], silent: [0, 5] });
    intake.push(batchOf('a', [[0, 1]]).item);
    for (let i = 0; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(100);
      intake.poke();
    }
    expect(warnings).toEqual(['merged read: a partition showed nothing; reading on without it']);
    expect(seen.givenUp).toEqual(['silent/0 after 1 s']);
    expect(seen.groups).toEqual([['a@0']]);
  });

  it('fetches a partition again once half of its buffer is taken, before it runs dry', async () => {
    const { intake, seen } = intakeOver({ a: [0, 20] }, 3);
    const resumedAfter: number[] = [];
    intake.push(
      batchOf(
        'a',
        Array.from({ length: 8 }, (_, i) => [i, i] as [number, number]),
      ).item,
    );
    const resume = seen.resumes.push.bind(seen.resumes);
    seen.resumes.push = (...topics: string[]) => {
      resumedAfter.push(seen.groups.length);
      return resume(...topics);
    };
    await vi.advanceTimersByTimeAsync(50);
    // Eight buffered: three taken leave five (not yet), six taken leave two (fetched again, two still to go).
    expect(seen.groups).toEqual([
      ['a@0', 'a@1', 'a@2'],
      ['a@3', 'a@4', 'a@5'],
      ['a@6', 'a@7'],
    ]);
    expect(resumedAfter).toEqual([1]);
  });
});

describe('merged intake: a partition buffer and the merge view of it', () => {
  it('buffers what is new up to the batch limit, dropping what groups took', () => {
    const buffered = emptyBuffer<string>('a', 0);
    bufferBatch(buffered, batchOf('a', inSequence(4)).item);
    expect(buffered.records.map((d) => d.event)).toEqual(['a@0', 'a@1', 'a@2', 'a@3']);
    expect(buffered.next).toBe(4n);

    // Two taken; a fetch from before the hold brings offsets 2 to 5 again, cut at 5.
    buffered.start = 2;
    bufferBatch(
      buffered,
      batchOf(
        'a',
        [2, 3, 4, 5].map((o) => [o, o + 1] as [number, number]),
        5n,
      ).item,
    );
    expect(buffered.records.map((d) => d.event)).toEqual(['a@2', 'a@3', 'a@4']);
    expect(buffered.keys).toHaveLength(3);
    expect(buffered.start).toBe(0);
    expect(buffered.cutAt).toBe(5n);
    expect(buffered.next).toBe(5n);
  });

  it('tells the merge each partition’s heads and whether more may follow', () => {
    const a = emptyBuffer<string>('a', 0);
    bufferBatch(a, batchOf('a', inSequence(2)).item);
    const gone = emptyBuffer<string>('gone', 0);
    bufferBatch(gone, batchOf('gone', inSequence(1)).item);
    const buffers = new Map([
      ['a/0', a],
      ['gone/0', gone],
    ]);
    const bounds: ReadBound[] = [
      { topic: 'a', partition: 0, applied: 0n, bound: 2n },
      { topic: 'b', partition: 0, applied: 3n, bound: 9n },
      { topic: 'c', partition: 0, applied: 0n, bound: 4n },
    ];
    const inputs = mergeInputs(bounds, buffers, new Set(['c/0']));
    expect(inputs.map(({ slot, from, more, keys }) => ({ slot, from, more, keys: keys.length }))).toEqual([
      // Buffered to its bound: nothing more.
      { slot: 'a/0', from: 0, more: false, keys: 2 },
      // Nothing buffered, records left below its bound.
      { slot: 'b/0', from: 0, more: true, keys: 0 },
      // No longer waited for.
      { slot: 'c/0', from: 0, more: false, keys: 0 },
      // Buffered, no longer read (a partition gone from the assignment): its heads, nothing more.
      { slot: 'gone/0', from: 0, more: false, keys: 1 },
    ]);
  });
});
