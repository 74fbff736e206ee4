import { describe, expect, it } from 'vitest';
import { createRestartPolicy } from './restartPolicy.ts';

describe('restarting a service npm start started', () => {
  it('waits longer while it keeps dying young, and starts over once it stayed up', () => {
    let clock = 0;
    const policy = createRestartPolicy({ now: () => clock, random: () => 1, stableAfterMs: 60_000 });
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      clock += 2_000;
      const { delayMs } = policy.exited();
      delays.push(delayMs);
      clock += delayMs;
      policy.started();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    clock += 120_000;
    expect(policy.exited()).toEqual({ restart: 1, delayMs: 1000 });
  });

  it('spreads the delay so that restarts do not come in lockstep', () => {
    const policy = createRestartPolicy({ now: () => 0, random: () => 0 });
    expect(policy.exited().delayMs).toBe(500);
  });
});
