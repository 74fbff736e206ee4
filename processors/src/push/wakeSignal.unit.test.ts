import { describe, expect, it } from 'vitest';
import { createWakeSignal } from './wakeSignal.ts';

describe('wake signal', () => {
  it('a signal ends a sleep at once', async () => {
    const wake = createWakeSignal(() => true);
    const slept = wake.sleep(60_000, wake.seen());
    wake.signal();
    await expect(slept).resolves.toBeUndefined();
  });

  it('a signal given while the poller was busy makes its next sleep end at once', async () => {
    const wake = createWakeSignal(() => true);
    const seen = wake.seen();
    wake.signal();
    await expect(wake.sleep(60_000, seen)).resolves.toBeUndefined();
  });

  it('does not sleep once the worker is stopping', async () => {
    const wake = createWakeSignal(() => false);
    await expect(wake.sleep(60_000, wake.seen())).resolves.toBeUndefined();
  });

  it('sleeps the poll when nothing wakes it', async () => {
    const wake = createWakeSignal(() => true);
    const started = Date.now();
    await wake.sleep(20, wake.seen());
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });
});
