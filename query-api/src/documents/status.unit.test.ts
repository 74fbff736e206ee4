import type { DeadLetter } from '@tradelog/projections';
import type { IndexedDocumentRow } from '@tradelog/projections/document-index/tables';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, lookedUpDocument, projectionStatuses } from './status.ts';

const place = { topic: 'docs.purchase', partition: 2, offset: '41' };
const letter = (projection: string, state: DeadLetter['state']): DeadLetter => ({
  id: '7',
  projection,
  consumerGroup: `g-${projection}`,
  ...place,
  recordKey: null,
  headers: {},
  value: null,
  errorCode: 'REDUCER_REJECTED',
  errorMessage: 'no such order',
  state,
  attempts: 1,
  failedAt: new Date('2026-01-01T00:00:00Z'),
  resolvedAt: state === 'resolved' ? new Date('2026-01-02T00:00:00Z') : null,
});

describe('a document in each projection', () => {
  const readers = [
    { projection: 'document-index', consumerGroup: 'g-index', logReplaced: false },
    { projection: 'order-status', consumerGroup: 'g-orders', logReplaced: false },
    { projection: 'link-node', consumerGroup: 'g-links', logReplaced: false },
    { projection: 'enterprise-data', consumerGroup: null, logReplaced: false },
  ];

  it('applied past the checkpoint, pending before it or without a live version, dead-lettered while its letter is open', () => {
    const statuses = projectionStatuses({
      place,
      readers,
      nextOffsets: new Map([
        ['g-index/docs.purchase/2', '42'],
        ['g-orders/docs.purchase/2', '42'],
        ['g-links/docs.purchase/2', '41'],
      ]),
      deadLetters: [letter('order-status', 'open')],
    });
    expect(statuses.map((s) => [s.projection, s.state])).toEqual([
      ['document-index', 'applied'],
      ['order-status', 'dead-lettered'],
      ['link-node', 'pending'],
      ['enterprise-data', 'pending'],
    ]);
    expect(statuses[1]!.deadLetter).toMatchObject({ errorCode: 'REDUCER_REJECTED', state: 'open' });
  });

  it('a resolved letter shows beside the applied state; a letter of another record does not count', () => {
    const [status] = projectionStatuses({
      place,
      readers: readers.slice(1, 2),
      nextOffsets: new Map([['g-orders/docs.purchase/2', '100']]),
      deadLetters: [letter('order-status', 'resolved'), { ...letter('order-status', 'open'), offset: '40' }],
    });
    expect(status).toMatchObject({ state: 'applied', deadLetter: { state: 'resolved' } });
  });

  it('compares offsets as numbers, not text', () => {
    const [status] = projectionStatuses({
      place: { ...place, offset: '9' },
      readers: readers.slice(0, 1),
      nextOffsets: new Map([['g-index/docs.purchase/2', '10']]),
      deadLetters: [],
    });
    expect(status!.state).toBe('applied');
  });

  it('a live version built from another log applied nothing of this one, whatever its offsets say', () => {
    // After a reset the old log's checkpoints stand past the new log's first records.
    const statuses = projectionStatuses({
      place,
      readers: [readers[0]!, { ...readers[1]!, logReplaced: true }],
      nextOffsets: new Map([
        ['g-index/docs.purchase/2', '42'],
        ['g-orders/docs.purchase/2', '900'],
      ]),
      deadLetters: [letter('order-status', 'open')],
    });
    expect(statuses).toEqual([
      { projection: 'document-index', state: 'applied' },
      { projection: 'order-status', state: 'log-replaced' },
    ]);
  });

  it('pages with an opaque cursor and refuses a forged one', () => {
    const cursor = { receivedAt: '2026-01-01T00:00:00.000Z', documentId: '0193-a' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor('not-a-cursor')).toBeNull();
    expect(decodeCursor(Buffer.from('["soon","x"]').toString('base64url'))).toBeNull();
  });
});

describe('a looked-up document', () => {
  it("is the index's row, at the index's place, when the index has it", () => {
    const indexed = {
      documentId: 'd-1',
      type: 'purchase',
      enterprise: 'E1',
      partnerId: 'p-1',
      receivedAt: '2026-01-01T00:00:00.000Z',
      ...place,
    } as IndexedDocumentRow;
    const found = lookedUpDocument('d-1', indexed, [{ ...letter('order-status', 'open'), offset: '7' }]);
    expect(found).toEqual({
      document: {
        documentId: 'd-1',
        type: 'purchase',
        enterprise: 'E1',
        partnerId: 'p-1',
        receivedAt: '2026-01-01T00:00:00.000Z',
        indexed: true,
        ...place,
      },
      type: 'purchase',
      place: indexed,
    });
  });

  it("not indexed, is what its first dead letter's record and headers say", () => {
    const dead = {
      ...letter('document-index', 'open'),
      headers: {
        [headerNames.interfaceId]: 'pod',
        [headerNames.partnerId]: 'p-2',
        [headerNames.receivedAt]: '2026-01-03T00:00:00.000Z',
      },
    };
    expect(
      lookedUpDocument('d-2', undefined, [dead, { ...letter('order-status', 'open'), offset: '7' }]),
    ).toEqual({
      document: {
        documentId: 'd-2',
        type: 'pod',
        enterprise: null,
        partnerId: 'p-2',
        receivedAt: '2026-01-03T00:00:00.000Z',
        indexed: false,
        ...place,
      },
      type: 'pod',
      place,
    });
    expect(lookedUpDocument('d-3', undefined, [letter('document-index', 'open')]).document).toMatchObject({
      type: '',
      partnerId: null,
      receivedAt: null,
    });
  });
});
