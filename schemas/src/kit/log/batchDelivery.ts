import { retryDelayMs } from '../runtime/backoff.ts';
import type { Logger } from '../runtime/log.ts';
import { type CreateMissingTopic, createPartitionPlacement } from './partitionPlacement.ts';
import {
  assignOffsets,
  latestDeadline,
  type Pending,
  placedOf,
  refuseAll,
  SendAbandoned,
  settleAcknowledged,
  unavailable,
} from './pendingAppends.ts';
import type { LogClient, ProducerConnection } from './producerConnection.ts';
import { sendFailureVerdict } from './sendFailure.ts';
import { settledWithin, withTimeout } from './waits.ts';

/**
 * How the log producer (producer.ts) gets one batch of records acknowledged: each record placed
 * on its partition once (partitionPlacement.ts), the batch sent, and after a failed send for a
 * broker's loss the unacknowledged records sent again after a metadata refresh, until each is
 * acknowledged, refused, or past its deadline (README "Riding out faults").
 */
export interface BatchDelivery {
  /** Sends a batch until every record is settled. Never throws for a send's failure. */
  deliver(batch: Pending[]): Promise<void>;
  /** The cause a record's 503 carries when its deadline passes while its send is retried. */
  lastSendError(): unknown;
}

interface DeliveryContext {
  connection: ProducerConnection;
  log: Logger;
  now: () => number;
  ackTimeoutMs: number;
  lingerMs: number;
  stopped: () => boolean;
  createMissingTopic?: CreateMissingTopic;
}

export function createBatchDelivery(context: DeliveryContext): BatchDelivery {
  const { connection, log, now, ackTimeoutMs, lingerMs } = context;
  const placement = createPartitionPlacement(now, { createMissingTopic: context.createMissingTopic });
  let lastSendError: unknown;

  /** One try at the waiting records on a connected client. */
  async function sendAttempt(
    current: LogClient,
    waiting: Pending[],
    attempt: { number: number; started: number; remainingMs: number },
  ): Promise<Pending[] | 'done'> {
    let sendable: Pending[] = [];
    try {
      sendable = await placement.place(current, waiting);
      if (sendable.length === 0) return 'done';
      // A fresh batch's send is timed with its records' own duration, at most a linger late:
      // its timer then joins theirs in Node's list for that duration, where any other duration
      // made Node build and heap-insert a list per send (a visible share of intake's CPU).
      const { remainingMs } = attempt;
      await sendOnce(current, sendable, remainingMs > ackTimeoutMs - lingerMs ? ackTimeoutMs : remainingMs);
      lastSendError = undefined;
      log.debug('batch appended', {
        records: sendable.length,
        attempts: attempt.number,
        durationMs: Math.round(now() - attempt.started),
      });
      return 'done';
    } catch (error) {
      lastSendError = error;
      return afterFailedSend(context, current, { waiting, sendable }, error, attempt.number);
    }
  }

  async function deliver(batch: Pending[]): Promise<void> {
    const started = now();
    let waiting = batch;
    for (let attempt = 1; ; attempt++) {
      // Records past their deadline were answered 503 by their own timer.
      waiting = waiting.filter((pending) => !pending.settled);
      if (waiting.length === 0) return;
      // A send may run until the last of its records' deadlines: the others are answered 503 on
      // time by their timers meanwhile, and the send is not cut short for them.
      const remainingMs = latestDeadline(waiting) - now();
      if (remainingMs <= 0) {
        // Their timers are about to answer them; nothing is sent for them any more.
        for (const pending of waiting)
          pending.reject(unavailable(lastSendError ?? new SendAbandoned(ackTimeoutMs)));
        return;
      }
      const current = connection.current();
      const ready = connection.isReady();
      if (context.stopped() && (!ready || current === undefined)) {
        refuseAll(waiting, unavailable(lastSendError ?? new Error('producer stopped')));
        return;
      }
      if (!ready || current === undefined) {
        // Replaced after an abandoned send or a refresh no broker answered: records already
        // queued wait for the new one within their deadline (new appends are refused meanwhile).
        await settledWithin(connection.ensureConnecting(), remainingMs);
        continue;
      }
      const next = await sendAttempt(current, waiting, { number: attempt, started, remainingMs });
      if (next === 'done') return;
      waiting = next;
    }
  }

  return { deliver, lastSendError: () => lastSendError };
}

/** One send of the batch: resolves every record it acknowledged, throws for the rest. */
async function sendOnce(current: LogClient, sendable: Pending[], timeoutMs: number): Promise<void> {
  const placed = placedOf(sendable);
  const result = await withTimeout(
    current.send({
      // A record that fits only compressed is sent alone (batchBounds.ts `nextSendSize`).
      ...(sendable.some((pending) => pending.compressed) ? { compression: 'gzip' as const } : {}),
      messages: sendable.map(({ record, partition }) => ({
        topic: record.topic,
        partition,
        key: record.key,
        value: record.value,
        headers: record.headers,
      })),
    }),
    timeoutMs,
  );
  const appended = assignOffsets(placed, result.offsets ?? []);
  sendable.forEach((pending, index) => {
    pending.resolve(appended[index]!);
  });
}

/**
 * After a failed send: `done` when every record is answered (refused, or the producer
 * replaced), otherwise the records to send again, after a pause.
 */
async function afterFailedSend(
  context: DeliveryContext,
  current: LogClient,
  { waiting, sendable }: { waiting: Pending[]; sendable: Pending[] },
  error: unknown,
  attempt: number,
): Promise<Pending[] | 'done'> {
  if (error instanceof SendAbandoned) {
    refuseAll(waiting, unavailable(error));
    context.connection.replace('append not acknowledged in time; replacing producer', {
      records: waiting.length,
      error,
    });
    return 'done';
  }
  // A placement that failed before sending leaves every record unsent.
  const unsent = sendable.length > 0 ? settleAcknowledged(sendable, error) : waiting;
  if (sendFailureVerdict(error) === 'refuse') {
    refuseAll(unsent, unavailable(error));
    context.log.warn('append failed; refused', { records: unsent.length, error });
    return 'done';
  }
  if (!(await refreshMetadata(context, current, unsent, error))) return 'done';
  const pauseMs = Math.min(
    retryDelayMs(attempt, { initial: 100, max: 1000 }),
    latestDeadline(unsent) - context.now(),
  );
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  return unsent;
}

/**
 * The leaders of the waiting records' partitions, asked afresh of any broker that answers. None
 * answering means the cluster is gone, not a partition's leader: the records are refused and
 * the producer replaced, so appends are refused at once until it is connected again.
 */
async function refreshMetadata(
  context: DeliveryContext,
  current: LogClient,
  waiting: Pending[],
  sendError: unknown,
): Promise<boolean> {
  const topics = [...new Set(waiting.map((pending) => pending.record.topic))];
  const remainingMs = latestDeadline(waiting) - context.now();
  try {
    await withTimeout(current.metadata({ topics, forceUpdate: true, retries: 0 }), remainingMs);
    context.log.info('append failed; resending after a metadata refresh', {
      records: waiting.length,
      remainingMs: Math.round(remainingMs),
      error: sendError,
    });
    return true;
  } catch (error) {
    refuseAll(waiting, unavailable(sendError));
    context.connection.replace('append failed and no broker answers; replacing producer', {
      records: waiting.length,
      error: sendError,
      refreshError: error,
    });
    return false;
  }
}
