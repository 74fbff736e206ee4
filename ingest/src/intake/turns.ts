import { performance } from 'node:perf_hooks';
import { localizedError } from '@tradelog/schemas/errors/tradelogError';

/**
 * Parsing and validating a large body holds the one thread for up to tens of milliseconds;
 * many such bodies finishing at once would keep `/health` and every other request waiting
 * behind all of them. Jobs given to `run` execute in event-loop turns (setImmediate: an
 * immediate queued from an immediate waits for the next turn), so pending I/O (new requests,
 * `/health`) is served between turns. A turn runs jobs until `turnBudgetMs` is spent, the
 * first one always: one large body still gets a turn of its own, while ordinary bodies (a
 * tenth of a millisecond each) go many to a turn. One job per turn made the turns the
 * ceiling of intake: under load a turn takes about a millisecond of I/O callbacks, and the
 * bodies queued behind each other for most of a request's time (README "Benchmark").
 * The queue is bounded: with `maxWaiting` jobs already waiting, a new one is refused at once
 * (503 INGEST_BUSY, retriable) rather than queued without end.
 */
export interface TurnQueue {
  run<T>(job: () => T): Promise<T>;
  waiting(): number;
}

export function createTurnQueue(options: {
  maxWaiting: number;
  /** Time a turn may spend on jobs before yielding to I/O (the first job always runs). */
  turnBudgetMs?: number;
  clock?: () => number;
}): TurnQueue {
  const budgetMs = options.turnBudgetMs ?? 2;
  const clock = options.clock ?? (() => performance.now());
  const jobs: { job: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] =
    [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    const started = clock();
    do {
      const item = jobs.shift();
      if (item === undefined) break;
      try {
        item.resolve(item.job());
      } catch (error) {
        item.reject(error);
      }
    } while (clock() - started < budgetMs);
    schedule();
  };
  const schedule = () => {
    if (scheduled || jobs.length === 0) return;
    scheduled = true;
    setImmediate(next);
  };
  return {
    run<T>(job: () => T): Promise<T> {
      if (jobs.length >= options.maxWaiting) {
        return Promise.reject(
          localizedError(
            'INGEST_BUSY',
            503,
            { cn: '服务繁忙，请稍后重试', en: 'Ingest is busy; please retry shortly' },
            {},
            { retriable: true },
          ),
        );
      }
      return new Promise<T>((resolve, reject) => {
        jobs.push({ job, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    waiting: () => jobs.length,
  };
}
