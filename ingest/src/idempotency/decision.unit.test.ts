import { TradelogError } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import {
  decide,
  type IdempotencyRecord,
  idempotencyKeyFrom,
  type LogNow,
  placeHeld,
  type RecordPlace,
  storedKey,
} from './decision.ts';

const at = (seconds: number) => new Date(Date.UTC(2024, 2, 5, 6, 30, seconds));
const record = (changes: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
  bodySha256: 'h1',
  documentId: 'd1',
  state: 'done',
  reservedAt: at(0),
  ...changes,
});
const request = (changes: Partial<Parameters<typeof decide>[1]> = {}) => ({
  bodySha256: 'h1',
  now: at(5),
  staleAfterMs: 15_000,
  ...changes,
});

describe('decide: a repeated submission', () => {
  it('after an acknowledged append is answered with the first document id', () => {
    expect(decide(record(), request())).toEqual({ kind: 'replay', documentId: 'd1' });
  });

  it('while the first is appending is in progress', () => {
    expect(decide(record({ state: 'pending' }), request())).toEqual({ kind: 'inProgress' });
  });

  it('after the first ended without an acknowledgement appends under the same document id', () => {
    expect(decide(record({ state: 'failed' }), request())).toEqual({ kind: 'takeOver', documentId: 'd1' });
  });

  it('after the first was abandoned (pending longer than any append) takes it over', () => {
    expect(decide(record({ state: 'pending' }), request({ now: at(16) }))).toEqual({
      kind: 'takeOver',
      documentId: 'd1',
    });
  });

  it('with the same key but another document is refused, whatever the state', () => {
    for (const state of ['pending', 'done', 'failed'] as const)
      expect(decide(record({ state }), request({ bodySha256: 'h2' }))).toEqual({ kind: 'keyReused' });
  });
});

describe('idempotencyKeyFrom', () => {
  it('takes 1 to 255 visible ASCII characters', () => {
    expect(idempotencyKeyFrom(undefined)).toBeUndefined();
    expect(idempotencyKeyFrom('0193a1b2-7c1d-7e00-9f00-000000000001')).toBe(
      '0193a1b2-7c1d-7e00-9f00-000000000001',
    );
    expect(idempotencyKeyFrom('x'.repeat(255))).toHaveLength(255);
  });

  it.each(['', 'with space', 'x'.repeat(256), '订单', 'a\u0000'])(
    'refuses %j with a bilingual 400',
    (value) => {
      try {
        idempotencyKeyFrom(value);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(TradelogError);
        expect(error).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', status: 400 });
        expect((error as TradelogError).details?.message).toMatchObject({
          cn: expect.stringContaining('Idempotency-Key'),
        });
      }
    },
  );

  it('stores a caller key under the prefix it has always had (keys remembered across an upgrade match)', () => {
    expect(storedKey('abc')).toBe('key:abc');
  });
});

describe('placeHeld: whether the log as it is now holds an acknowledged record', () => {
  const place: RecordPlace = { clusterId: 'c1', topicId: 't1', topic: 'pods', partition: 2, offset: 7n };
  const log = (changes: Partial<LogNow> = {}): LogNow => ({
    clusterId: 'c1',
    topicIds: new Map([['pods', 't1']]),
    ends: new Map([['pods/2', 8n]]),
    ...changes,
  });

  it('holds it on the same cluster and topic, below the partition’s end', () => {
    expect(placeHeld(place, log())).toBe(true);
  });

  it('does not after a move to another cluster', () => {
    expect(placeHeld(place, log({ clusterId: 'c2' }))).toBe(false);
  });

  it('does not once the topic was deleted, or deleted and created again', () => {
    expect(placeHeld(place, log({ topicIds: new Map() }))).toBe(false);
    expect(placeHeld(place, log({ topicIds: new Map([['pods', 't2']]) }))).toBe(false);
  });

  it('does not when the partition ends at or before the record (a restore from an older backup)', () => {
    expect(placeHeld(place, log({ ends: new Map([['pods/2', 7n]]) }))).toBe(false);
    expect(placeHeld(place, log({ ends: new Map() }))).toBe(false);
  });

  it('compares only the end when the identity could not be read as the record was kept', () => {
    const unknown = { ...place, clusterId: null, topicId: null };
    expect(placeHeld(unknown, log({ clusterId: 'c2', topicIds: new Map([['pods', 't2']]) }))).toBe(true);
    expect(placeHeld(unknown, log({ ends: new Map([['pods/2', 3n]]) }))).toBe(false);
  });

  it('is asked of a done record that kept one: decide passes it on with the replay', () => {
    expect(decide(record({ place }), request())).toEqual({ kind: 'replay', documentId: 'd1', place });
  });
});
