import type { Logger } from '@tradelog/schemas';
import type { LogBatch } from '@tradelog/schemas/kit/log/consumer';
import type { BackoffOptions } from '@tradelog/schemas/kit/runtime/backoff';
import { faultCode } from './faults.ts';
import { planRetry, type WaitingFor, waitingAfter } from './partitionRetry.ts';

/**
 * The consume loop's retries of failed partitions (checkpointedConsumer.ts): counts each
 * partition's attempts, fetches it again after the delay partitionRetry.ts plans, and keeps what
 * health reports as waiting for until every partition went through again.
 */
export interface PartitionBackoff {
  /** The batch's partition is fetched again from `from` after a growing delay. */
  retryLater(batch: LogBatch, from: string, cause: unknown): void;
  /** A batch of `topic/partition` went through: its attempts start again from zero. */
  succeeded(slot: string): void;
  waitingFor(): WaitingFor | undefined;
}

export function createPartitionBackoff(context: {
  log: Logger;
  now: () => Date;
  retryBackoff?: BackoffOptions;
  retryFrom: (topic: string, partition: number, from: string, delayMs: number) => void;
}): PartitionBackoff {
  const { log, now } = context;
  const attempts = new Map<string, number>();
  let waitingFor: WaitingFor | undefined;

  return {
    retryLater(batch, from, cause) {
      const slot = `${batch.topic}/${batch.partition}`;
      const attempt = (attempts.get(slot) ?? 0) + 1;
      attempts.set(slot, attempt);
      const { delayMs, quiet } = planRetry(cause, attempt, context.retryBackoff);
      if (quiet) {
        log.info('contention; batch retried', {
          topic: batch.topic,
          partition: batch.partition,
          attempt,
          delayMs,
          code: faultCode(cause),
        });
        context.retryFrom(batch.topic, batch.partition, from, delayMs);
        return;
      }
      waitingFor = waitingAfter(waitingFor, cause, attempts, now);
      log.warn('dependency fault; partition paused and retried', {
        topic: batch.topic,
        partition: batch.partition,
        attempt,
        delayMs,
        code: waitingFor.code,
        error: cause as Error,
      });
      context.retryFrom(batch.topic, batch.partition, from, delayMs);
    },
    succeeded(slot) {
      attempts.delete(slot);
      if (attempts.size === 0) waitingFor = undefined;
    },
    waitingFor: () => waitingFor,
  };
}
