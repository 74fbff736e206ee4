import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from '../runtime/envelope.ts';
import {
  type Appended,
  isRecordTooLarge,
  latestDeadline,
  pendingAppend,
  recordTooLarge,
  refuseAll,
  settleAcknowledged,
  unavailable,
} from './pendingAppends.ts';

const record = { topic: 'orders', key: 'K', value: Buffer.from('{}'), headers: {} };

function answered(lastSendError: unknown = undefined) {
  const answers: { appended?: Appended; error?: unknown }[] = [];
  const pending = pendingAppend(
    record,
    { now: 1000, ackTimeoutMs: 50, lastSendError: () => lastSendError },
    (appended) => answers.push({ appended }),
    (error) => answers.push({ error }),
  );
  return { pending, answers };
}

afterEach(() => vi.useRealTimers());

describe('pendingAppend: a record answered once', () => {
  it('given an acknowledgement then a refusal, then only the acknowledgement is answered', () => {
    const { pending, answers } = answered();
    pending.resolve({ topic: 'orders', partition: 0, offset: '4' });
    pending.reject(new Error('late'));
    expect(answers).toEqual([{ appended: { topic: 'orders', partition: 0, offset: '4' } }]);
    expect(pending.settled).toBe(true);
  });

  it('given no answer by its deadline, then 503 carrying the last send error', () => {
    vi.useFakeTimers();
    const cause = new Error('leader moved');
    const { pending, answers } = answered(cause);
    expect(pending.deadline).toBe(1050);
    vi.advanceTimersByTime(50);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.error).toMatchObject({ code: 'KAFKA_UNAVAILABLE', status: 503, cause });
  });
});

describe('refuseAll and latestDeadline over a batch', () => {
  it('given two records, then both are refused and the batch lasts until the later deadline', () => {
    const a = answered();
    const b = answered();
    b.pending.deadline = 2000;
    expect(latestDeadline([a.pending, b.pending])).toBe(2000);
    refuseAll([a.pending, b.pending], new Error('no'));
    expect([...a.answers, ...b.answers].map((answer) => (answer.error as Error).message)).toEqual([
      'no',
      'no',
    ]);
  });
});

describe('settleAcknowledged: after a failed send', () => {
  it('given an error that reports no acknowledged partition, then every record is sent again', () => {
    const { pending } = answered();
    pending.partition = 0;
    expect(settleAcknowledged([pending], new Error('network'))).toEqual([pending]);
  });
});

describe('recordTooLarge: a record no resend can append', () => {
  it('tells the partner in their language, and the operator in the log, without a resend', () => {
    const error = recordTooLarge(1_200_000, 1_048_588);
    expect(isRecordTooLarge(error)).toBe(true);
    expect(error).toMatchObject({ status: 413, retriable: false });
    expect(error.message).toBe(
      'record of about 1200000 bytes is larger than the 1048588 bytes the log takes in one batch, even compressed',
    );
    expect(failure(error, 'cn')).toMatchObject({
      status: 413,
      body: { code: 'DOCUMENT_TOO_LARGE_FOR_LOG', message: expect.stringContaining('请减小单据后重新提交') },
    });
    expect(failure(error, 'en').body.message).toContain('Send a smaller document');
    expect(isRecordTooLarge(unavailable(new Error('leader moved')))).toBe(false);
  });
});
