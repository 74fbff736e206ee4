import { createLogger } from '@tradelog/schemas';
import type { LogBatch } from '@tradelog/schemas/kit/log/consumer';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CheckpointsOfAnotherLog, IsolateBatch } from './batchFaults.ts';
import { createGroupApplier } from './groupApplier.ts';
import type { ApplyMode, BatchOutcome, Queued } from './groupTransaction.ts';

const db = {} as pg.PoolClient;
const applied = (nextOffset: number, stoppedAtLimit = false): BatchOutcome => ({
  kind: 'applied',
  applied: 1,
  deadLettered: 0,
  nextOffset: BigInt(nextOffset),
  through: String(nextOffset - 1),
  stoppedAtLimit,
});

function queued(partition: number, offset: number) {
  const answers: (string | undefined)[] = [];
  const item: Queued<string> = {
    batch: { topic: 'docs', partition } as LogBatch,
    decoded: [
      {
        record: { topic: 'docs', partition, offset: String(offset), key: null, value: null, headers: {} },
        event: 'e',
      },
    ],
    limit: undefined,
    started: performance.now(),
    done: (through) => answers.push(through),
  };
  return { item, answers };
}

/** An applier over a scripted transaction: each call answers the next outcome list or throws the next error. */
function applierWith(script: ((items: readonly Queued<string>[], mode: ApplyMode) => BatchOutcome[])[]) {
  const calls: { partitions: number[]; mode: ApplyMode }[] = [];
  const seen = { commits: 0, retried: [] as string[], stopped: 0, stoppedAt: [] as bigint[], applied: 0 };
  const apply = createGroupApplier<string>({
    async applyTransaction(items, mode) {
      calls.push({ partitions: items.map((i) => i.batch.partition), mode });
      return { outcomes: script[calls.length - 1]!(items, mode), db };
    },
    handler: {
      name: 'test',
      decode: () => 'e',
      apply: async () => undefined,
      afterCommit: () => void seen.commits++,
    },
    log: createLogger({ service: 'test' }, { write: () => undefined }),
    backoff: {
      retryLater: (_batch, from) => void seen.retried.push(from),
      succeeded: () => undefined,
      waitingFor: () => undefined,
    },
    limits: {
      stopAt: (_t, _p, nextOffset) => void seen.stoppedAt.push(nextOffset),
      resumeMoved: () => undefined,
    },
    stopOnAnotherLog: () => void seen.stopped++,
    onApplied: () => void seen.applied++,
  });
  return { apply, calls, seen };
}

const fails = (error: unknown) => (): BatchOutcome[] => {
  throw error;
};

describe('createGroupApplier: a group of queued batches', () => {
  it('given a group that commits, then every batch is answered with its position, and a batch at its limit pauses', async () => {
    const [a, b] = [queued(0, 5), queued(1, 9)];
    const { apply, seen } = applierWith([() => [applied(6), applied(10, true)]]);
    await apply([a.item, b.item]);
    expect([a.answers, b.answers]).toEqual([['5'], ['9']]);
    expect(seen).toMatchObject({ commits: 1, applied: 2, stoppedAt: [10n] });
  });

  it('given a group that fails for a record, then each batch alone, and one that still fails record by record', async () => {
    const [a, b] = [queued(0, 5), queued(1, 9)];
    const isolate = fails(new IsolateBatch(new Error('bad record')));
    const { apply, calls, seen } = applierWith([isolate, () => [applied(6)], isolate, () => [applied(10)]]);
    await apply([a.item, b.item]);
    expect(calls).toEqual([
      { partitions: [0, 1], mode: 'whole' },
      { partitions: [0], mode: 'whole' },
      { partitions: [1], mode: 'whole' },
      { partitions: [1], mode: 'isolated' },
    ]);
    expect([a.answers, b.answers]).toEqual([['5'], ['9']]);
    expect(seen.retried).toEqual([]);
  });

  it('given a dependency fault, then every batch is answered and fetched again from its first offset', async () => {
    const [a, b] = [queued(0, 5), queued(1, 9)];
    const { apply, seen } = applierWith([fails(new Error('connection reset'))]);
    await apply([a.item, b.item]);
    expect([a.answers, b.answers]).toEqual([[undefined], [undefined]]);
    expect(seen).toMatchObject({ retried: ['5', '9'], stopped: 0, commits: 0 });
  });

  it('given checkpoints of another log, then the consumer stops and nothing is fetched again', async () => {
    const a = queued(0, 5);
    const { apply, seen } = applierWith([fails(new CheckpointsOfAnotherLog([]))]);
    await apply([a.item]);
    expect(a.answers).toEqual([undefined]);
    expect(seen).toMatchObject({ retried: [], stopped: 1 });
  });
});
