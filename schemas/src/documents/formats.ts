/**
 * The date and time formats of the submission documents (spec §5: "time fields use date-time;
 * some are stated as yyyy-mm-dd HH:mm:ss"). Partners' systems send both the spec's form and
 * ISO 8601, so `trade-datetime` accepts:
 *   2024-03-05 14:30:00            the spec's form; no offset means Beijing time (UTC+08:00)
 *   2024-03-05T14:30:00            ISO 8601 local time, read as Beijing time as well
 *   2024-03-05T06:30:00Z           ISO 8601 with an offset (Z or ±HH:MM), also after a space
 * each with optional fractional seconds. `trade-date` accepts yyyy-MM-dd or any of the above.
 * Impossible calendar values (2023-02-29, 24:00:00) are rejected.
 */
import { tradeDate, tradeDateTime } from './json-schema.ts';

/** A format of ours: its test, and what to tell a partner whose value fails it. */
export interface CustomFormat {
  validate: (value: string) => boolean;
  hint: { cn: string; en: string };
}

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})?$/i;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const beijingOffsetMinutes = 8 * 60;

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : daysInMonth[month - 1]!);
}

// Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear does not.
function utcMillis(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
) {
  const instant = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  instant.setUTCFullYear(year);
  return instant.getTime();
}

function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined) return beijingOffsetMinutes;
  if (zone.toUpperCase() === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** A `trade-datetime` value's fields when it is one (a real calendar day and time, a valid zone). */
function tradeDateTimeFields(value: string) {
  const match = dateTimePattern.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const hour = Number(match[4]);
  const minute = Number(match[5]);
  const second = Number(match[6]);
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const offset = offsetMinutes(match[8]);
  if (offset === undefined) return undefined;
  return { year, month, day, hour, minute, second, fraction: match[7], offset };
}

/** The instant a `trade-datetime` value denotes, or undefined when it is not one. */
export function parseTradeDateTime(value: string): Date | undefined {
  const fields = tradeDateTimeFields(value);
  if (fields === undefined) return undefined;
  const { year, month, day, hour, minute, second, offset } = fields;
  const millis = Number((fields.fraction ?? '0').padEnd(3, '0').slice(0, 3));
  return new Date(utcMillis(year, month, day, hour, minute, second, millis) - offset * 60_000);
}

/** Whether a value is a `trade-datetime`: ingest's validator asks for every time field, so no Date is built. */
export function isTradeDateTime(value: string): boolean {
  return tradeDateTimeFields(value) !== undefined;
}

/** The instant a `trade-date` value denotes; a bare day is its start, Beijing time. */
export function parseTradeDate(value: string): Date | undefined {
  return parseTradeDateTime(datePattern.test(value) ? `${value} 00:00:00` : value);
}

export function isTradeDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (match) return isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
  return isTradeDateTime(value);
}

const yearMonthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const yearPattern = /^\d{4}$/;

export const isYearMonth = (value: string): boolean => yearMonthPattern.test(value);
export const isYearOrYearMonth = (value: string): boolean => yearPattern.test(value) || isYearMonth(value);

/** Reporting periods: feeds carry them (brand rankings, sales months) as the queries ask for them (query spec §3). */
export const yearMonthFormat = 'year-month';
export const yearOrYearMonthFormat = 'year-or-year-month';

export const tradeFormats: Readonly<Record<string, CustomFormat>> = {
  [tradeDateTime]: {
    validate: isTradeDateTime,
    hint: {
      cn: '日期时间，如 "2024-03-05 14:30:00" 或 "2024-03-05T14:30:00+08:00"',
      en: 'a date-time such as "2024-03-05 14:30:00" or "2024-03-05T14:30:00+08:00"',
    },
  },
  [tradeDate]: {
    validate: isTradeDate,
    hint: { cn: '日期，如 "2024-03-05"', en: 'a date such as "2024-03-05"' },
  },
  [yearMonthFormat]: {
    validate: isYearMonth,
    hint: { cn: '年月，如 "2024-03"', en: 'a month such as "2024-03"' },
  },
  [yearOrYearMonthFormat]: {
    validate: isYearOrYearMonth,
    hint: { cn: '年份或年月，如 "2024" 或 "2024-03"', en: 'a year or a month such as "2024" or "2024-03"' },
  },
};
