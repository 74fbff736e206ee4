import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turns.ts';

/** Resolves after the current turn's immediates: what ran meanwhile ran in that turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createTurnQueue', () => {
  it('runs jobs in the order given, answering each with its result or error', async () => {
    const turns = createTurnQueue({ maxWaiting: 10 });
    const answers = await Promise.allSettled([
      turns.run(() => 1),
      turns.run(() => {
        throw new Error('bad body');
      }),
      turns.run(() => 3),
    ]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('bad body') },
      { status: 'fulfilled', value: 3 },
    ]);
  });

  it('runs jobs within the turn budget together and yields to I/O once it is spent', async () => {
    let now = 0;
    const turns = createTurnQueue({ maxWaiting: 10, turnBudgetMs: 2, clock: () => now });
    const ran: string[] = [];
    // Each job costs 0.5 ms of the clock: four fit in a 2 ms turn, the rest wait for the next.
    const job = (name: string) => () => {
      ran.push(name);
      now += 0.5;
    };
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => turns.run(job(name)));
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.waiting()).toBe(2);
    await Promise.all(all);
    expect(ran).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('gives a job longer than the budget a turn of its own', async () => {
    let now = 0;
    const turns = createTurnQueue({ maxWaiting: 10, turnBudgetMs: 2, clock: () => now });
    const ran: string[] = [];
    const all = [
      turns.run(() => {
        ran.push('large');
        now += 30;
      }),
      turns.run(() => ran.push('small')),
    ];
    await nextTurn();
    expect(ran).toEqual(['large']);
    await Promise.all(all);
    expect(ran).toEqual(['large', 'small']);
  });

  it('refuses a job with 503 INGEST_BUSY when maxWaiting jobs are already waiting', async () => {
    const turns = createTurnQueue({ maxWaiting: 2 });
    const waiting = [turns.run(() => 1), turns.run(() => 2)];
    await expect(turns.run(() => 3)).rejects.toMatchObject({ code: 'INGEST_BUSY', status: 503 });
    await expect(Promise.all(waiting)).resolves.toEqual([1, 2]);
  });
});
