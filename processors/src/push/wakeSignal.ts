/**
 * How the delivery worker's pollers sleep (push README "Claims"): until woken (a notification, a
 * resumed delivery, a batch that freed its subscriptions' room) or until the poll comes round. A
 * signal given while a poller was busy counts too: the poller passes the count it saw before its
 * work, and its next sleep ends at once when a signal came since.
 */
export interface WakeSignal {
  /** Wakes every sleeper, and makes the next sleep of a poller that missed it end at once. */
  signal(): void;
  /** How many signals were given so far: what a poller passes to `sleep` after its work. */
  seen(): number;
  /** Sleeps `ms`, or not at all when a signal came after `seen`, or when `awake()` says to stop. */
  sleep(ms: number, seen: number): Promise<void>;
}

export function createWakeSignal(awake: () => boolean): WakeSignal {
  const sleepers = new Set<() => void>();
  let signals = 0;
  return {
    signal() {
      signals++;
      for (const wake of [...sleepers]) wake();
    },
    seen: () => signals,
    sleep: (ms, seen) =>
      new Promise<void>((resolve) => {
        if (signals !== seen || !awake()) return resolve();
        const timeout = setTimeout(wake, ms);
        function wake() {
          clearTimeout(timeout);
          sleepers.delete(wake);
          resolve();
        }
        sleepers.add(wake);
      }),
  };
}
