import { createLogger } from '@tradelog/schemas';
import type { LogSnapshot, LogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { describe, expect, it } from 'vitest';
import { createCatchUp } from './catchUp.ts';

const log = createLogger({ service: 'test' }, { level: 'error' });

/** A reader whose reads answer when the test says (the latest by default), with these ends. */
function snapshotsAnswering() {
  const reads: { resolve: (snapshot: LogSnapshot) => void; reject: (error: Error) => void }[] = [];
  const reader: LogSnapshotReader = {
    read: () => new Promise<LogSnapshot>((resolve, reject) => reads.push({ resolve, reject })),
    close: async () => {},
  };
  const ends = (entries: Record<string, number>): LogSnapshot => ({
    clusterId: 'c',
    topicIds: new Map(),
    ends: new Map(Object.entries(entries).map(([slot, end]) => [slot, BigInt(end)])),
  });
  return {
    reader,
    answer: async (entries: Record<string, number>, read = reads.length - 1) => {
      reads[read]!.resolve(ends(entries));
      await new Promise(setImmediate);
    },
    fail: async () => {
      reads.at(-1)!.reject(new Error('broker down'));
      await new Promise(setImmediate);
    },
  };
}

function catchUpOver() {
  const snapshots = snapshotsAnswering();
  let reads = 0;
  const catchUp = createCatchUp({
    snapshots: snapshots.reader,
    topics: ['docs'],
    log,
    onRead: () => reads++,
  });
  return { catchUp, snapshots, reads: () => reads };
}

const boundsOf = (catchUp: ReturnType<typeof createCatchUp>) =>
  [...catchUp.readBounds()].map((b) => `${b.topic}/${b.partition}:${b.applied}-${b.bound}`);

describe('a live consumer catching up', () => {
  it('reads its assigned partitions up to the ends a join finds, from where each started', async () => {
    const { catchUp, snapshots, reads } = catchUpOver();
    catchUp.assigned({ docs: [0, 1, 2] }, new Map([['docs/1', '4']]));
    expect(catchUp.reading()).toBe(true);
    expect(catchUp.catchingUp()).toBe(true);
    // docs/2 is caught up already; docs/3 is another instance's.
    await snapshots.answer({ 'docs/0': 3, 'docs/1': 9, 'docs/2': 0, 'docs/3': 7 });
    expect(reads()).toBe(1);
    expect(boundsOf(catchUp)).toEqual(['docs/0:0-3', 'docs/1:4-9']);
  });

  it('is caught up once every partition reached its end, and counts what was applied while the ends were read', async () => {
    const { catchUp, snapshots } = catchUpOver();
    catchUp.assigned({ docs: [0, 1] }, new Map());
    catchUp.applied('docs', 0, 2n);
    await snapshots.answer({ 'docs/0': 2, 'docs/1': 5 });
    expect(boundsOf(catchUp)).toEqual(['docs/1:0-5']);
    catchUp.applied('docs', 1, 3n);
    expect(boundsOf(catchUp)).toEqual(['docs/1:3-5']);
    catchUp.applied('docs', 1, 5n);
    expect(catchUp.catchingUp()).toBe(false);
  });

  it('applies as it comes when the ends cannot be read, and starts again on the next join', async () => {
    const { catchUp, snapshots, reads } = catchUpOver();
    catchUp.assigned({ docs: [0] }, new Map());
    await snapshots.fail();
    expect(reads()).toBe(1);
    expect(catchUp.catchingUp()).toBe(false);
    catchUp.assigned({ docs: [0] }, new Map());
    await snapshots.answer({ 'docs/0': 4 });
    expect(boundsOf(catchUp)).toEqual(['docs/0:0-4']);
  });

  it('takes a later join over one whose ends are still being read', async () => {
    const { catchUp, snapshots } = catchUpOver();
    catchUp.assigned({ docs: [0] }, new Map());
    catchUp.assigned({ docs: [1] }, new Map());
    await snapshots.answer({ 'docs/0': 4, 'docs/1': 6 }, 0);
    expect(catchUp.reading()).toBe(true);
    expect(boundsOf(catchUp)).toEqual([]);
    await snapshots.answer({ 'docs/0': 4, 'docs/1': 6 }, 1);
    expect(boundsOf(catchUp)).toEqual(['docs/1:0-6']);
  });
});
