import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGoneHolderSweep } from './goneHolderSweep.ts';

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
    const sweep = createGoneHolderSweep({ pool, log, released });
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
    const sweep = createGoneHolderSweep({ pool, log, released });
    sweep.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.debug).toHaveBeenCalledWith('gone holders not swept', { error });
    expect(released).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(released).toHaveBeenCalledTimes(1);
    sweep.stop();
  });
});
