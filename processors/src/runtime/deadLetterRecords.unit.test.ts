import { TradelogError } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { deadLetterOf, recordOf, retryResolution } from './deadLetterRecords.ts';

const record = {
  topic: 'docs',
  partition: 2,
  offset: '41',
  key: Buffer.from('PO1'),
  value: Buffer.from([0, 0, 0, 0, 7, 0xff]),
  headers: {
    'tradelog-document-id': Buffer.from('doc-1'),
    'tradelog-partner': 'P1',
    repeated: [Buffer.from('first'), 'second'],
    absent: undefined,
  },
};
const owner = { projection: 'order-status', consumerGroup: 'tradelog.test.order-status.v1' };
const failedAt = new Date('2026-03-01T10:00:00.000Z');

describe('deadLetterOf: a failed record as a dead letter', () => {
  it('given a record and its fault, when dead-lettered, then key and value are kept as bytes and headers as text', () => {
    const fault = new TradelogError('SCHEMA_MISMATCH', 'orderTime is missing', { status: 400 });
    expect(deadLetterOf(record, fault, owner, failedAt)).toEqual({
      ...owner,
      topic: 'docs',
      partition: 2,
      offset: '41',
      recordKey: record.key,
      value: record.value,
      headers: { 'tradelog-document-id': 'doc-1', 'tradelog-partner': 'P1', repeated: 'first', absent: '' },
      errorCode: 'SCHEMA_MISMATCH',
      errorMessage: 'orderTime is missing',
      failedAt,
    });
  });

  it('given a fault that is no Error, when dead-lettered, then its text is the message', () => {
    const letter = deadLetterOf(record, 'boom', owner, failedAt);
    expect(letter).toMatchObject({ errorCode: 'APPLY_FAILED', errorMessage: 'boom' });
  });
});

describe('recordOf: a dead letter as the record it was', () => {
  it('given a stored letter, when retried, then the record has its position, key, value and headers', () => {
    const letter = {
      ...deadLetterOf(record, new Error('bug'), owner, failedAt),
      id: '7',
      state: 'retrying' as const,
      attempts: 1,
      resolvedAt: null,
    };
    expect(recordOf(letter)).toEqual({
      topic: 'docs',
      partition: 2,
      offset: '41',
      key: record.key,
      value: record.value,
      headers: { 'tradelog-document-id': 'doc-1', 'tradelog-partner': 'P1', repeated: 'first', absent: '' },
    });
  });
});

describe('retryResolution: how an applied retry resolves its letter', () => {
  it('given the handler found the record superseded, when resolved, then the letter is superseded', () => {
    expect(retryResolution(record, new Set(['docs/2/41']))).toBe('superseded');
  });

  it('given the record changed rows, when resolved, then the letter is resolved', () => {
    expect(retryResolution(record, new Set(['docs/2/40', 'docs/1/41']))).toBe('resolved');
  });
});
