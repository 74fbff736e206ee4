import { describe, expect, it } from 'vitest';
import { asOfMember, asOfOf, asOfRecordCap, assertWithinAsOfCap, logRecordOf } from './asOf.ts';

const now = Date.parse('2026-03-05T12:00:00Z');
const asked = (asOf: unknown) => asOfOf({ query: asOf === undefined ? {} : { asOf } } as never, now);

describe('?asOf= of a query', () => {
  it('takes a date-time with its offset, in any zone, up to now', () => {
    expect(asked(undefined)).toBeUndefined();
    expect(asked('2026-03-05T14:30:00+08:00')?.toISOString()).toBe('2026-03-05T06:30:00.000Z');
    expect(asked('2026-03-05T12:00:00Z')?.toISOString()).toBe('2026-03-05T12:00:00.000Z');
    expect(asked('2026-03-05T11:59:59.123Z')?.toISOString()).toBe('2026-03-05T11:59:59.123Z');
  });

  it('refuses what is no moment with a bilingual 400 naming asOf', () => {
    for (const value of [
      '',
      'yesterday',
      '2026-03-05',
      '2026-03-05T10:00:00',
      '2026-02-30T10:00:00Z',
      ['a', 'b'],
    ]) {
      expect(() => asked(value)).toThrow(expect.objectContaining({ code: 'AS_OF_INVALID', status: 400 }));
    }
    try {
      asked('2026-03-05');
    } catch (error) {
      const { message } = (error as { details: { message: { cn: string; en: string } } }).details;
      expect(message.en).toMatch(/^asOf /);
      expect(message.cn).toMatch(/^asOf /);
    }
  });

  it('refuses a moment after now with 422: the log holds nothing of it yet', () => {
    expect(() => asked('2026-03-05T12:00:00.001Z')).toThrow(
      expect.objectContaining({ code: 'AS_OF_OUT_OF_RANGE', status: 422 }),
    );
  });

  it('refuses more records than the cap with 422, never a part of them', () => {
    const at = new Date(now);
    expect(() => assertWithinAsOfCap(new Array(asOfRecordCap).fill(0), at)).not.toThrow();
    expect(() => assertWithinAsOfCap(new Array(asOfRecordCap + 1).fill(0), at)).toThrow(
      expect.objectContaining({ code: 'AS_OF_TOO_MANY_RECORDS', status: 422, retriable: false }),
    );
  });

  it('hands a fetched record on as the consumer runtime does: headers by name', () => {
    const record = logRecordOf('t', 2, {
      offset: '7',
      timestamp: '0',
      key: Buffer.from('K'),
      value: Buffer.from('V'),
      headers: [
        ['a', Buffer.from('1')],
        ['b', null],
        ['a', Buffer.from('2')],
      ],
    });
    expect(record).toMatchObject({ topic: 't', partition: 2, offset: '7' });
    expect(record.headers).toEqual({ a: [Buffer.from('1'), Buffer.from('2')] });
  });

  it('names the positions of the granted enterprises’ records only, and counts the others', () => {
    const record = (enterprise: string, topic: string, offset: string) =>
      ({ enterprise, event: { provenance: { topic, partition: 0, offset } } }) as never;
    const member = asOfMember(
      new Date(now),
      [record('E1', 'a', '3'), record('E1', 'a', '7'), record('E2', 'b', '1')],
      (enterprise) => enterprise === 'E1',
    );
    expect(member).toEqual({
      at: '2026-03-05T12:00:00.000Z',
      records: 3,
      positions: [{ topic: 'a', partition: 0, offset: '7' }],
      undisclosedRecords: 1,
    });
  });
});
