import { deleteInBatches } from '@tradelog/schemas/kit/runtime/batchedDeletes';
import { deleteExpiredKeys } from './store.ts';

/**
 * Expired idempotency records are forgotten in the background (README "Retrying safely"), every
 * `everyMs`, batch after batch until the expired ones are gone or `maxBatches` were deleted: one
 * batch of 10,000 a minute forgot 167 keys a second, fewer than a partner sending every document
 * with a key adds, and the table grew without end. One round at a time; a failure only delays it.
 */
export function startKeyExpiry(options: {
  db: Parameters<typeof deleteExpiredKeys>[0];
  now: () => Date;
  onError: (error: unknown) => void;
  everyMs?: number;
  batch?: number;
  maxBatches?: number;
}): { stop(): void } {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await deleteExpired(options.db, options.now(), options.batch, options.maxBatches);
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), options.everyMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Deletes records expired at `now`, a batch at a time, until fewer than a batch were left; returns how many. */
export function deleteExpired(
  db: Parameters<typeof deleteExpiredKeys>[0],
  now: Date,
  batch?: number,
  maxBatches?: number,
): Promise<number> {
  return deleteInBatches((limit) => deleteExpiredKeys(db, now, limit), batch, maxBatches);
}
