import { describe, expect, it } from 'vitest';
import { createSubscriptionLimiter } from './subscriptionLimiter.ts';

describe('subscription limiter', () => {
  it('keeps at most the limit in flight per subscription, others unaffected', async () => {
    const limiter = createSubscriptionLimiter(2);
    const inFlight = new Map<string, number>();
    const most = new Map<string, number>();
    const releases: (() => void)[] = [];
    const task = (id: string) =>
      limiter.run(id, async () => {
        inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
        most.set(id, Math.max(most.get(id) ?? 0, inFlight.get(id)!));
        await new Promise<void>((resolve) => releases.push(resolve));
        inFlight.set(id, inFlight.get(id)! - 1);
        return id;
      });
    const all = [...Array.from({ length: 5 }, () => task('a')), task('b'), task('b')];
    while (releases.length < 4) await Promise.resolve();
    expect(inFlight.get('a')).toBe(2);
    expect(inFlight.get('b')).toBe(2);
    let done = false;
    const finished = Promise.all(all).then((ids) => {
      done = true;
      return ids;
    });
    while (!done) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(most.get('a')).toBe(2);
    expect(await finished).toEqual(['a', 'a', 'a', 'a', 'a', 'b', 'b']);
  });
});
