import { describe, expect, it } from 'vitest';
import { attemptRecord, pushHeaders } from './attemptRecord.ts';
import { verifyPush } from './signature.ts';

const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const delivery = {
  id: 'd-1',
  subscriptionId: 's-1',
  secret,
  eventId: 'evt-1',
  sequence: 4,
  subject: 'SF 123/中',
};
const startedAt = new Date('2026-01-01T00:00:10.500Z');

describe('the headers of a push', () => {
  it('are signed for the event id at the attempt start, with the retry count and the sequence rule', () => {
    const body = '{"a":1}';
    const headers = pushHeaders({ delivery, retryCount: 2 }, body, startedAt);
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'evt-1',
      'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
      'retry-count': '2',
      'tradelog-sequence': '4',
      'tradelog-subject': encodeURIComponent('SF 123/中'),
    });
    expect(verifyPush(secret, headers, body, startedAt.getTime() / 1000)).toBe(true);
  });
});

describe('the row of an attempt', () => {
  const base = {
    delivery,
    attempt: 3,
    retryCount: 2,
    startedAt,
    settledAt: new Date(startedAt.getTime() + 250),
    callbackUrl: 'https://receiver.example/…',
  };

  it('a delivered reply: its status and latency, no next attempt', () => {
    const record = attemptRecord({
      ...base,
      outcome: { kind: 'reply', status: 200, body: '', latencyMs: 250 },
      verdict: { delivered: true, retriable: false, errorCode: null, replyExcerpt: '' },
      next: { state: 'delivered' },
    });
    expect(record).toEqual({
      deliveryId: 'd-1',
      attempt: 3,
      retryCount: 2,
      startedAt,
      latencyMs: 250,
      httpStatus: 200,
      outcome: 'delivered',
      errorCode: null,
      replyExcerpt: '',
      callbackUrl: 'https://receiver.example/…',
      state: 'delivered',
      nextAttemptAt: null,
      subscriptionId: 's-1',
      subject: 'SF 123/中',
      sequence: 4,
      now: base.settledAt,
    });
  });

  it('a timeout retried: no status, next attempt due from when it settled', () => {
    const record = attemptRecord({
      ...base,
      outcome: { kind: 'timeout', latencyMs: 10_000 },
      verdict: { delivered: false, retriable: true, errorCode: 'TIMEOUT', replyExcerpt: null },
      next: { state: 'scheduled', retryInMs: 60_000 },
    });
    expect(record).toMatchObject({
      httpStatus: null,
      latencyMs: 10_000,
      outcome: 'failed',
      state: 'scheduled',
    });
    expect(record.nextAttemptAt).toEqual(new Date(base.settledAt.getTime() + 60_000));
  });

  it('a refused target: no latency, no status', () => {
    const record = attemptRecord({
      ...base,
      outcome: { kind: 'refused', reason: 'not allowed' },
      verdict: { delivered: false, retriable: false, errorCode: 'TARGET_REFUSED', replyExcerpt: null },
      next: { state: 'dead', reason: 'not retriable' },
    });
    expect(record).toMatchObject({ latencyMs: 0, httpStatus: null, state: 'dead', nextAttemptAt: null });
  });
});
