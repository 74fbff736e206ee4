import { changeChannels, listenForChanges } from '@tradelog/projections/notifications';
import type { Logger } from '@tradelog/schemas';

/**
 * Requests waiting for their test push's first attempt (README "Subscriber tools"). The push
 * service's attempt announces itself on commit (`tradelog_push_tests`, migration
 * 1766137420000_push-test-attempt-notifications.sql); one connection of its own per instance
 * LISTENs, so a waiting request holds no pool connection and asks the database twice at most
 * (before it waits and once woken), instead of every 200 ms.
 *
 * While the listening connection is down (or reconnecting) a wait ends at its deadline, and on
 * every reconnect all waits are woken to look once: what was announced meanwhile was missed.
 */
export interface TestPushWaits {
  /**
   * Starts waiting for the delivery's attempt: call before looking for it, so that an
   * announcement between the look and the wait is not missed. `woken` is true when an attempt
   * was announced (or announcements were lost: look again), false at the deadline.
   */
  wait(deliveryId: string, ms: number): { woken: Promise<boolean>; cancel(): void };
  close(): Promise<void>;
}

export async function createTestPushWaits(options: {
  connectionString: string;
  logger: Logger;
  retryMs?: number;
}): Promise<TestPushWaits> {
  const waiting = new Map<string, Set<(woken: boolean) => void>>();
  const wake = (deliveryId: string) => {
    for (const resolve of waiting.get(deliveryId) ?? []) resolve(true);
  };
  const wakeAll = () => {
    for (const id of [...waiting.keys()]) wake(id);
  };
  const listener = await listenForChanges({
    connectionString: options.connectionString,
    channels: [changeChannels.pushTests],
    onChange: (_channel, payload) => wake(payload),
    onReset: wakeAll,
    logger: options.logger,
    ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
  });
  return {
    wait(deliveryId, ms) {
      let timer: NodeJS.Timeout | undefined;
      let settle: (woken: boolean) => void = () => undefined;
      const woken = new Promise<boolean>((resolve) => {
        settle = (value) => {
          clearTimeout(timer);
          const set = waiting.get(deliveryId);
          set?.delete(settle);
          if (set?.size === 0) waiting.delete(deliveryId);
          resolve(value);
        };
        const set = waiting.get(deliveryId) ?? new Set();
        set.add(settle);
        waiting.set(deliveryId, set);
        timer = setTimeout(() => settle(false), ms);
        timer.unref();
      });
      return { woken, cancel: () => settle(false) };
    },
    async close() {
      wakeAll();
      await listener.close();
    },
  };
}
