import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClaimSweep, lostClaimsToEnd } from './claimSweep.ts';

/** A pool whose sweeps release these counts in turn (an Error: Postgres away). */
function poolReleasing(...results: (number | Error)[]) {
  const query = vi.fn(async () => {
    const next = results.shift() ?? 0;
    if (next instanceof Error) throw next;
    return { rows: [{ released: next }] };
  });
  return { pool: { query } as unknown as pg.Pool, query };
}

function logSpy() {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Logger & {
    debug: ReturnType<typeof vi.fn>;
    info: ReturnType<typeof vi.fn>;
  };
  return log;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sweep of gone holders', () => {
  it('every two seconds ends the claims of gone workers, and wakes the pollers only when some ended', async () => {
    vi.useFakeTimers();
    const { pool, query } = poolReleasing(0, 3);
    const log = logSpy();
    const released = vi.fn();
    const sweep = createClaimSweep({ pool, log, released, now: () => new Date() });
    sweep.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(query).toHaveBeenCalledTimes(1);
    expect(released).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(released).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith('claims of a gone worker released', { claims: 3 });
    sweep.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('lets a failed sweep pass quietly: the next one tries again', async () => {
    vi.useFakeTimers();
    const error = new Error('database away');
    const { pool } = poolReleasing(error, 1);
    const log = logSpy();
    const released = vi.fn();
    const sweep = createClaimSweep({ pool, log, released, now: () => new Date() });
    sweep.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.debug).toHaveBeenCalledWith('gone holders not swept', { error });
    expect(released).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(released).toHaveBeenCalledTimes(1);
    sweep.stop();
  });
});

describe('the sweep of claims whose answer was lost', () => {
  const at = new Date('2026-01-01T00:00:00.000Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('ends a lost claim until its lease would have ended, then forgets it', () => {
    const lost = new Map([
      ['claim-1', later(70_000)],
      ['claim-2', later(10_000)],
    ]);
    expect(lostClaimsToEnd(lost, at)).toEqual(['claim-1', 'claim-2']);
    expect(lostClaimsToEnd(lost, later(10_000))).toEqual(['claim-1']);
    expect(lostClaimsToEnd(lost, later(70_000))).toEqual([]);
    expect(lost.size).toBe(0);
  });

  it('asks Postgres to end them on each sweep, and wakes the pollers when some ended', async () => {
    vi.useFakeTimers({ now: at });
    const { pool, query } = poolReleasing(0, 2, 0, 0);
    const log = logSpy();
    const released = vi.fn();
    const sweep = createClaimSweep({ pool, log, released, now: () => new Date() });
    sweep.lost('claim-1', later(70_000));
    sweep.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(query).toHaveBeenCalledTimes(2);
    expect(query.mock.calls[1]).toEqual([
      'SELECT push_release_claims($1::uuid[]) AS released',
      [['claim-1']],
    ]);
    expect(log.info).toHaveBeenCalledWith('claims whose answer was lost released', { claims: 2 });
    expect(released).toHaveBeenCalledTimes(1);
    // Still within the lease: asked again, in case the server made the claim after that sweep.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(query).toHaveBeenCalledTimes(4);
    expect(released).toHaveBeenCalledTimes(1);
    sweep.stop();
  });
});
