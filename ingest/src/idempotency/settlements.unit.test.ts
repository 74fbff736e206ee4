import { describe, expect, it } from 'vitest';
import { createSettlements } from './settlements.ts';

const scope = { partnerId: 'p', interfaceId: 'i', key: 'k' };

/** A pool that answers each statement when told to, or fails it. */
const fakeDb = (fail = false) => {
  const statements: { values: unknown[] }[] = [];
  const db = {
    query: async (statement: { values: unknown[] }) => {
      statements.push(statement);
      if (fail) throw new Error('db down');
      return { rowCount: 1 };
    },
  } as unknown as Parameters<typeof createSettlements>[0]['db'];
  return { db, statements };
};

describe('settlements: how appends ended, on their way to the store', () => {
  it('given an acknowledged append, then done is recorded with its place, and a retry can wait for it until it is', async () => {
    const { db, statements } = fakeDb();
    const settlements = createSettlements({
      db,
      onFailure: () => expect.fail('no failure'),
      placeOf: async ({ topic, partition, offset }) => ({
        clusterId: 'c1',
        topicId: 't1',
        topic,
        partition,
        offset: BigInt(offset),
      }),
    });
    settlements.settle(scope, 'doc-1', 'acknowledged', { topic: 'pods', partition: 1, offset: '42' });
    expect(settlements.pending(scope)).toBeInstanceOf(Promise);
    await settlements.settled();
    expect(settlements.pending(scope)).toBeUndefined();
    expect(statements.map((statement) => statement.values)).toEqual([
      [['p'], ['i'], ['k'], ['doc-1'], ['done'], ['c1'], ['t1'], ['pods'], [1], ['42']],
    ]);
  });

  it('given an append without an acknowledgement, then failed is recorded', async () => {
    const { db, statements } = fakeDb();
    const settlements = createSettlements({ db, onFailure: () => undefined });
    settlements.settle(scope, 'doc-2', 'failed');
    await settlements.settled();
    expect(statements[0]!.values.slice(4)).toEqual([['failed'], [null], [null], [null], [null], [null]]);
  });

  it('given a store that fails, then the outcome is tried twice and given up on once', async () => {
    const { db, statements } = fakeDb(true);
    const failures: unknown[] = [];
    const settlements = createSettlements({ db, onFailure: (error) => void failures.push(error) });
    settlements.settle(scope, 'doc-3', 'acknowledged');
    await settlements.settled();
    expect(statements).toHaveLength(2);
    expect(failures).toHaveLength(1);
  });
});
