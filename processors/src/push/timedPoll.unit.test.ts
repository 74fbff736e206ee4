import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTimedPoll } from './timedPoll.ts';

/** A run that ends when the test says so. */
function controlledWork() {
  const ends: ((n: number) => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  const work = vi.fn(
    () =>
      new Promise<number>((resolve, reject) => {
        ends.push(resolve);
        fails.push(reject);
      }),
  );
  return { work, end: (n: number) => ends.shift()!(n), fail: (error: Error) => fails.shift()!(error) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a timed poll', () => {
  it('shares the run going with a call made meanwhile, and runs again once it ended', async () => {
    const { work, end } = controlledWork();
    const poll = createTimedPoll({ everyMs: 1_000, work, failed: () => undefined });
    const first = poll.run();
    const second = poll.run();
    expect(second).toBe(first);
    expect(poll.running()).toBe(first);
    end(3);
    await expect(first).resolves.toBe(3);
    expect(poll.running()).toBeUndefined();
    const third = poll.run();
    expect(third).not.toBe(first);
    expect(work).toHaveBeenCalledTimes(2);
    end(0);
    await third;
  });

  it('counts a failed run as 0 and says why', async () => {
    const { work, fail } = controlledWork();
    const failed = vi.fn();
    const poll = createTimedPoll({ everyMs: 1_000, work, failed });
    const run = poll.run();
    const error = new Error('database away');
    fail(error);
    await expect(run).resolves.toBe(0);
    expect(failed).toHaveBeenCalledWith(error);
    expect(poll.running()).toBeUndefined();
  });

  it('runs on its timer until the timer is stopped, with one timer however often started', async () => {
    vi.useFakeTimers();
    const work = vi.fn(async () => 1);
    const poll = createTimedPoll({ everyMs: 1_000, work, failed: () => undefined });
    poll.start();
    poll.start();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(work).toHaveBeenCalledTimes(2);
    poll.stopTimer();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(2);
  });
});
