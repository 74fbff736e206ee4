import { createLogger } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { createStorePause } from './storePause.ts';

describe('storePause: idempotency steps aside while its store is down', () => {
  const setup = () => {
    let now = 1_000_000;
    const lines: string[] = [];
    const logger = createLogger(
      { service: 'test' },
      { write: (line) => void lines.push(line), format: 'json' },
    );
    const pause = createStorePause({ now: () => new Date(now), pauseMs: 5_000, logger });
    return {
      pause,
      lines,
      at: (ms: number) => {
        now = ms;
      },
    };
  };

  it('given no fault, then the store is used', () => {
    expect(setup().pause.paused()).toBe(false);
  });

  it('given a fault, then the store is skipped for the pause, with one warning naming the step', () => {
    const { pause, lines, at } = setup();
    pause.failed(new Error('connect ECONNREFUSED'), 'claim');
    expect(pause.paused()).toBe(true);
    at(1_004_999);
    expect(pause.paused()).toBe(true);
    at(1_005_000);
    expect(pause.paused()).toBe(false);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'idempotency store unavailable; appending without deduplication',
      step: 'claim',
      pauseMs: 5_000,
    });
  });

  it('given another fault within the pause, then the pause starts over and nothing more is logged', () => {
    const { pause, lines, at } = setup();
    pause.failed(new Error('down'), 'claim');
    at(1_004_000);
    pause.failed(new Error('down'), 'settle');
    at(1_008_000);
    expect(pause.paused()).toBe(true);
    expect(lines).toHaveLength(1);
    at(1_009_000);
    pause.failed(new Error('down'), 'settle');
    expect(lines).toHaveLength(2);
  });
});
