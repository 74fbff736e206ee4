import { describe, expect, it } from 'vitest';
import { createGroupCommitQueue } from './groupCommitQueue.ts';

const batch = (name: string, records: number) => ({ name, decoded: Array.from({ length: records }) });
type Batch = ReturnType<typeof batch>;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('groupCommitQueue: batches queued while a transaction runs go together', () => {
  it('given batches pushed in one turn, when drained, then they form one group', async () => {
    const groups: string[][] = [];
    const queue = createGroupCommitQueue<Batch>({
      maxGroupRecords: 100,
      applyGroup: async (group) => void groups.push(group.map((item) => item.name)),
      onGroupFailed: () => undefined,
    });
    queue.push(batch('a', 1));
    queue.push(batch('b', 1));
    await settled();
    expect(groups).toEqual([['a', 'b']]);
  });

  it('given more records than a group holds, when drained, then the queue is cut into groups in order', async () => {
    const groups: string[][] = [];
    const queue = createGroupCommitQueue<Batch>({
      maxGroupRecords: 3,
      applyGroup: async (group) => void groups.push(group.map((item) => item.name)),
      onGroupFailed: () => undefined,
    });
    for (const name of ['a', 'b', 'c']) queue.push(batch(name, 2));
    await settled();
    expect(groups.flat()).toEqual(['a', 'b', 'c']);
    expect(groups.length).toBeGreaterThan(1);
  });

  it('given a group that throws, when drained, then it is handed to onGroupFailed and the next group still goes', async () => {
    const failed: string[] = [];
    const applied: string[] = [];
    let first = true;
    const queue = createGroupCommitQueue<Batch>({
      maxGroupRecords: 1,
      applyGroup: async (group) => {
        if (first) {
          first = false;
          throw new Error('bug');
        }
        applied.push(...group.map((item) => item.name));
      },
      onGroupFailed: (group) => failed.push(...group.map((item) => item.name)),
    });
    queue.push(batch('a', 1));
    queue.push(batch('b', 1));
    await settled();
    expect(failed).toEqual(['a']);
    expect(applied).toEqual(['b']);
  });
});
