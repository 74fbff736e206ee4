import {
  AuthenticationError,
  MultipleErrors,
  NetworkError,
  ProtocolError,
  TimeoutError,
  UserError,
} from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { acknowledgedOffsets, sendFailureVerdict } from './sendFailure.ts';

/** What the client rejects a send with: its retry tally over one leader's attempts. */
const afterRetries = (...errors: Error[]) => new MultipleErrors('produce failed 3 times.', errors);
/** What a send to several leaders rejects with: one entry per leader that failed. */
const acrossLeaders = (...errors: Error[]) => new MultipleErrors('Producing messages failed.', errors);

describe('sendFailureVerdict', () => {
  it('resends when a broker was lost: connection closed, then refused, then the leader moved', () => {
    const error = acrossLeaders(
      afterRetries(
        new NetworkError('Connection closed'),
        new NetworkError('Connection to 127.0.0.1:9092 failed.'),
        new ProtocolError('NOT_LEADER_OR_FOLLOWER'),
      ),
    );
    expect(sendFailureVerdict(error)).toBe('resend');
  });

  it('resends when a request timed out waiting for replicas, or too few were in sync', () => {
    expect(sendFailureVerdict(new TimeoutError('Request timed out', { canRetry: true }))).toBe('resend');
    expect(sendFailureVerdict(afterRetries(new ProtocolError('REQUEST_TIMED_OUT')))).toBe('resend');
    expect(sendFailureVerdict(afterRetries(new ProtocolError('NOT_ENOUGH_REPLICAS')))).toBe('resend');
    expect(sendFailureVerdict(new ProtocolError('LEADER_NOT_AVAILABLE'))).toBe('resend');
  });

  it('resends after a lost producer state, which the client answers with a fresh producer id', () => {
    expect(sendFailureVerdict(afterRetries(new ProtocolError('UNKNOWN_PRODUCER_ID')))).toBe('resend');
    expect(sendFailureVerdict(new ProtocolError('OUT_OF_ORDER_SEQUENCE_NUMBER'))).toBe('resend');
  });

  it('refuses what a resend cannot mend: a record too large, a denied topic, a fenced producer', () => {
    expect(sendFailureVerdict(afterRetries(new ProtocolError('MESSAGE_TOO_LARGE')))).toBe('refuse');
    expect(sendFailureVerdict(new ProtocolError('TOPIC_AUTHORIZATION_FAILED'))).toBe('refuse');
    expect(sendFailureVerdict(new ProtocolError('INVALID_PRODUCER_EPOCH'))).toBe('refuse');
    expect(sendFailureVerdict(new AuthenticationError('SASL failed'))).toBe('refuse');
    expect(sendFailureVerdict(new UserError('Failed to serialize a message.'))).toBe('refuse');
  });

  it('refuses the whole send when one leader failed for good and another only for now', () => {
    const error = acrossLeaders(
      afterRetries(new NetworkError('Connection closed')),
      new ProtocolError('MESSAGE_TOO_LARGE'),
    );
    expect(sendFailureVerdict(error)).toBe('refuse');
  });

  it('refuses errors that are not the client’s, and a closed client', () => {
    expect(sendFailureVerdict(new Error('no acknowledgement within 10000 ms'))).toBe('refuse');
    expect(sendFailureVerdict('boom')).toBe('refuse');
    expect(sendFailureVerdict(new NetworkError('Client is closed.', { canRetry: false }))).toBe('refuse');
    expect(sendFailureVerdict(acrossLeaders())).toBe('refuse');
  });
});

describe('acknowledgedOffsets', () => {
  it('reads the leaders that answered from the failed send', () => {
    const error = Object.assign(acrossLeaders(new NetworkError('Connection closed')), {
      produced: {
        offsets: [
          { topic: 'pod', partition: 1, offset: 40n },
          { topic: 'pod', partition: 2, offset: -1n },
        ],
      },
    });
    expect(acknowledgedOffsets(error)).toEqual([{ topic: 'pod', partition: 1, offset: 40n }]);
  });

  it('reads nothing when the send failed before any leader answered', () => {
    expect(acknowledgedOffsets(new NetworkError('Connection closed'))).toEqual([]);
    expect(acknowledgedOffsets(undefined)).toEqual([]);
  });
});
