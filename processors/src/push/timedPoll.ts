/**
 * A poll the push service runs on a timer and on demand (requested deliveries made due, the
 * NODATA sweep): one run at a time, a call while one runs sharing it; a run that fails counts 0
 * once `failed` is told why, so neither the timer nor a caller sees it throw.
 */
export interface TimedPoll {
  /** One run, or the one going now: what it counted (0 when it failed). */
  run(): Promise<number>;
  /** Runs it every `everyMs`; started again, it keeps its one timer. */
  start(): void;
  /** Ends the timer; a run already going goes on (`running`). */
  stopTimer(): void;
  /** The run going now, if any. */
  running(): Promise<number> | undefined;
}

export function createTimedPoll(options: {
  everyMs: number;
  work: () => Promise<number>;
  failed: (error: Error) => void;
}): TimedPoll {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> | undefined;

  function run(): Promise<number> {
    current ??= options
      .work()
      .catch((error: unknown) => {
        options.failed(error as Error);
        return 0;
      })
      .finally(() => {
        current = undefined;
      });
    return current;
  }

  return {
    run,
    start() {
      timer ??= setInterval(() => void run(), options.everyMs);
    },
    stopTimer() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    running: () => current,
  };
}

/** A background sweep of the push service (the NODATA pushes, the retention): run on demand, on its timer, stopped. */
export interface Sweep {
  /** One sweep, or the one going now: what it counted. */
  sweep(): Promise<number>;
  start(): void;
  /** Ends the timer and waits for a sweep going now. */
  stop(): Promise<void>;
}

export function sweepOf(poll: TimedPoll): Sweep {
  return {
    sweep: poll.run,
    start: poll.start,
    async stop() {
      poll.stopTimer();
      await poll.running();
    },
  };
}
