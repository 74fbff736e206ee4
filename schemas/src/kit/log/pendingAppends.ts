import { TradelogError } from '../../errors/tradelogError.ts';
import { recordBatchBytes } from './batchBounds.ts';
import { kafkaUnavailable } from './kafkaUnavailable.ts';
import { acknowledgedOffsets } from './sendFailure.ts';

/**
 * A record waiting in the log producer (producer.ts) for Kafka's acknowledgement, and what a
 * send's answer means for each such record. Partners read the 503 (ingest answers with it), so
 * it comes in both languages.
 */

export interface AppendRecord {
  topic: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

export interface Appended {
  topic: string;
  partition: number;
  offset: string;
}

export interface Pending {
  record: AppendRecord;
  /** What the record takes of a send (batchBounds.ts). */
  bytes: number;
  /** Sent alone in a gzip-compressed batch: it fits the brokers' limit only compressed (batchBounds.ts). */
  compressed?: boolean;
  /** `now()` at which the caller is answered 503 if Kafka has not acknowledged the record. */
  deadline: number;
  /** Chosen once, so a resend goes to the same partition. */
  partition?: number;
  /** Answered (acknowledged, refused or past its deadline): skipped by later sends. */
  settled: boolean;
  resolve: (appended: Appended) => void;
  reject: (error: unknown) => void;
}

export const latestDeadline = (batch: readonly Pending[]) =>
  Math.max(...batch.map((pending) => pending.deadline));

/** A send outlived its records' deadline; the client may still be sending it, so it is dropped. */
export class SendAbandoned extends Error {
  constructor(waitedMs: number) {
    super(`no acknowledgement within ${waitedMs} ms`);
    this.name = 'SendAbandoned';
  }
}

// Partners read this message (ingest answers 503 with it), so it comes in both languages.
export const unavailable = (cause: unknown) =>
  kafkaUnavailable('The document log did not confirm this submission; please resend it', cause, {
    cn: '单据日志暂不可用，未确认保存本次提交，请稍后重新提交（重新提交只计一次）',
    en: 'The document log is unavailable and did not confirm this submission; please resend it (a resend counts once)',
  });

const recordTooLargeCode = 'DOCUMENT_TOO_LARGE_FOR_LOG';

/** Whether an append was refused for its size: no resend can ever append it. */
export const isRecordTooLarge = (error: unknown) =>
  error instanceof TradelogError && error.code === recordTooLargeCode;

/**
 * A record larger than the log takes in one batch: refused before it is sent, as resending can
 * never mend it (a 503 would have the partner resend it for ever). Partners read it.
 */
export const recordTooLarge = (bytes: number, maxBytes: number) =>
  // The message is the operators' (logs, a parked change event's reason); `shown` the partners'.
  new TradelogError(
    recordTooLargeCode,
    `record of about ${bytes} bytes is larger than the ${maxBytes} bytes the log takes in one batch, even compressed`,
    {
      status: 413,
      retriable: false,
      details: {
        message: {
          cn: `单据连同其记录头共约 ${bytes} 字节，超过单据日志单条记录的上限 ${maxBytes} 字节，未保存；请减小单据后重新提交`,
          en: `The document with its record headers takes about ${bytes} bytes, more than the ${maxBytes} bytes the document log takes in one record; it was not stored. Send a smaller document`,
        },
      },
    },
  );

/** Answers every record of `batch` with the same refusal. */
export function refuseAll(batch: readonly Pending[], refusal: unknown): void {
  for (const pending of batch) pending.reject(refusal);
}

/**
 * A queued record that is answered once: by its acknowledgement, a refusal, or 503 at its
 * deadline (README "Riding out faults"), whichever comes first. `lastSendError` is read when the
 * deadline passes: the cause the 503 carries.
 */
export function pendingAppend(
  record: AppendRecord,
  deadlineIn: { now: number; ackTimeoutMs: number; lastSendError: () => unknown },
  resolve: (appended: Appended) => void,
  reject: (error: unknown) => void,
  size: { bytes: number; compressed?: boolean } = { bytes: recordBatchBytes(record) },
): Pending {
  const { ackTimeoutMs } = deadlineIn;
  const settle = () => {
    if (pending.settled) return false;
    pending.settled = true;
    clearTimeout(timer);
    return true;
  };
  const pending: Pending = {
    record,
    ...size,
    deadline: deadlineIn.now + ackTimeoutMs,
    settled: false,
    resolve: (appended) => settle() && resolve(appended),
    reject: (error) => settle() && reject(error),
  };
  const timer = setTimeout(
    () => pending.reject(unavailable(deadlineIn.lastSendError() ?? new SendAbandoned(ackTimeoutMs))),
    ackTimeoutMs,
  );
  return pending;
}

/**
 * Within one send, records of a topic-partition are appended in order from the partition's
 * base offset, so each record's offset is the base plus its index among them.
 */
export function assignOffsets(
  batch: { topic: string; partition: number }[],
  metadata: { topic: string; partition: number; offset: bigint }[],
): Appended[] {
  const base = new Map(metadata.map((m) => [`${m.topic}/${m.partition}`, m.offset]));
  const seen = new Map<string, bigint>();
  return batch.map(({ topic, partition }) => {
    const slot = `${topic}/${partition}`;
    const index = seen.get(slot) ?? 0n;
    seen.set(slot, index + 1n);
    const first = base.get(slot);
    return { topic, partition, offset: first === undefined || first < 0n ? '-1' : String(first + index) };
  });
}

/** Where a batch's placed records went, in its order. */
export const placedOf = (sendable: readonly Pending[]) =>
  sendable.map(({ record, partition }) => ({ topic: record.topic, partition: partition! }));

/**
 * After a failed send: resolves the records whose partitions' leaders acknowledged (the client
 * reports them on the error) and returns the others, in their order, to be sent again.
 */
export function settleAcknowledged(sendable: Pending[], error: unknown): Pending[] {
  const offsets = acknowledgedOffsets(error);
  if (offsets.length === 0) return sendable;
  const appended = assignOffsets(placedOf(sendable), offsets);
  return sendable.filter((pending, index) => {
    const { offset } = appended[index]!;
    if (offset === '-1') return true;
    pending.resolve(appended[index]!);
    return false;
  });
}
