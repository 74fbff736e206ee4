import { describe, expect, it } from 'vitest';
import { isTradeDate, isTradeDateTime, parseTradeDateTime } from './formats.ts';

describe('trade-datetime', () => {
  it.each([
    '2024-03-05 14:30:00',
    '2024-03-05 14:30:00.123',
    '2024-03-05T14:30:00',
    '2024-03-05T06:30:00Z',
    '2024-03-05T14:30:00+08:00',
    '2024-03-05T01:30:00.5-05:00',
    '2024-02-29 23:59:59',
  ])('accepts %s', (value) => {
    expect(isTradeDateTime(value)).toBe(true);
  });

  it.each([
    ['a day only', '2024-03-05'],
    ['slashes', '2024/03/05 14:30:00'],
    ['no seconds', '2024-03-05 14:30'],
    ['29 February of a common year', '2023-02-29 10:00:00'],
    ['31 April', '2024-04-31 10:00:00'],
    ['month 13', '2024-13-01 10:00:00'],
    ['hour 24', '2024-03-05 24:00:00'],
    ['minute 60', '2024-03-05 10:60:00'],
    ['an impossible offset', '2024-03-05T10:00:00+25:00'],
    ['text around it', ' 2024-03-05 10:00:00'],
    ['a timestamp', '1709620200000'],
    ['empty text', ''],
  ])('rejects %s', (_, value) => {
    expect(isTradeDateTime(value)).toBe(false);
  });

  it('reads a value without an offset as Beijing time, the way the spec writes times', () => {
    expect(parseTradeDateTime('2024-03-05 14:30:00')?.toISOString()).toBe('2024-03-05T06:30:00.000Z');
    expect(parseTradeDateTime('2024-03-05T14:30:00')?.toISOString()).toBe('2024-03-05T06:30:00.000Z');
  });

  it('honours an explicit offset and keeps milliseconds', () => {
    expect(parseTradeDateTime('2024-03-05T06:30:00.25Z')?.toISOString()).toBe('2024-03-05T06:30:00.250Z');
    expect(parseTradeDateTime('2024-03-05T01:30:00-05:00')?.toISOString()).toBe('2024-03-05T06:30:00.000Z');
  });

  it('does not read two-digit years as the 1900s', () => {
    expect(parseTradeDateTime('0024-01-01T00:00:00Z')?.getUTCFullYear()).toBe(24);
  });
});

describe('trade-date', () => {
  it('accepts a calendar day or a date-time', () => {
    expect(isTradeDate('2024-02-29')).toBe(true);
    expect(isTradeDate('2024-02-29 08:00:00')).toBe(true);
  });

  it('rejects impossible days and other shapes', () => {
    expect(isTradeDate('2023-02-29')).toBe(false);
    expect(isTradeDate('2024-2-9')).toBe(false);
    expect(isTradeDate('20240209')).toBe(false);
  });
});
