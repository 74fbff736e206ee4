import { describe, expect, it } from 'vitest';
import {
  choiceParameter,
  idParameter,
  instantParameter,
  listLimit,
  wholeParameter,
} from './queryParameters.ts';

/** The error a read throws: its code, status, message and listed issues. */
const failureOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    const { code, status, details } = error as {
      code: string;
      status: number;
      details: { message: { cn: string; en: string }; errors: unknown[] };
    };
    return { code, status, en: details.message.en, cn: details.message.cn, errors: details.errors };
  }
  throw new Error('expected a failure');
};

describe('a whole-number parameter (limit, page)', () => {
  it('is the fallback when absent or empty, the number when from 1 to the maximum', () => {
    expect(wholeParameter({}, 'limit', listLimit)).toBe(100);
    expect(wholeParameter({ limit: '' }, 'limit', listLimit)).toBe(100);
    expect(wholeParameter({ limit: '7' }, 'limit', listLimit)).toBe(7);
    expect(wholeParameter({ limit: '500' }, 'limit', listLimit)).toBe(500);
  });

  it.each(['0', '-1', '2.5', 'abc', '501', '1e3', '0x10', ' 5', '99999999999999999999'])(
    '%j is refused, naming the parameter and its range in both languages',
    (limit) => {
      expect(failureOf(() => wholeParameter({ limit }, 'limit', listLimit))).toEqual({
        code: 'VALIDATION_FAILED',
        status: 400,
        en: 'limit must be a whole number from 1 to 500',
        cn: 'limit 须为 1 到 500 的整数',
        errors: [{ path: 'limit', rule: 'range', message: expect.any(Object) }],
      });
    },
  );

  it('refuses a parameter given twice rather than picking one', () => {
    expect(failureOf(() => wholeParameter({ limit: ['5', '6'] }, 'limit', listLimit))).toMatchObject({
      status: 400,
      en: 'limit must be given once, as one value',
    });
  });
});

describe('an id cursor (after, before)', () => {
  const what = { cn: '死信编号', en: 'a dead-letter id' };
  it('is undefined when absent, the digits when given', () => {
    expect(idParameter({}, 'after', what)).toBeUndefined();
    expect(idParameter({ after: '123' }, 'after', what)).toBe('123');
  });
  it('refuses what is no bigint id (it reached Postgres as one)', () => {
    for (const after of ['abc', '-1', '1.5', '9'.repeat(19)]) {
      expect(failureOf(() => idParameter({ after }, 'after', what))).toMatchObject({
        status: 400,
        en: 'after must be a dead-letter id (decimal digits)',
      });
    }
  });
});

describe('a choice (state, projection, action, form)', () => {
  const states = ['dead', 'retrying'] as const;
  it('is undefined when absent or empty, the choice when known', () => {
    expect(choiceParameter({}, 'state', states)).toBeUndefined();
    expect(choiceParameter({ state: '' }, 'state', states)).toBeUndefined();
    expect(choiceParameter({ state: 'dead' }, 'state', states)).toBe('dead');
  });
  it('refuses an unknown value, listing the known ones, rather than listing everything', () => {
    expect(failureOf(() => choiceParameter({ state: 'gone' }, 'state', states))).toMatchObject({
      status: 400,
      en: 'state must be one of dead, retrying',
      cn: 'state 须为 dead、retrying 之一',
    });
  });
});

describe('an instant (since, from, to)', () => {
  const fallback = new Date('2026-01-01T00:00:00Z');
  it('is the fallback when absent, the date-time when given', () => {
    expect(instantParameter({}, 'since', fallback)).toBe(fallback);
    expect(instantParameter({ since: '2026-02-03T04:05:06Z' }, 'since', fallback)).toEqual(
      new Date('2026-02-03T04:05:06Z'),
    );
    expect(instantParameter({ since: '2026-02-03' }, 'since', fallback)).toEqual(
      new Date('2026-02-03T00:00:00Z'),
    );
  });
  it('refuses what is no ISO 8601 date-time, even where Date would guess one', () => {
    for (const since of ['yesterday', '1', '2026-13-45T00:00:00Z', 'March 3, 2026']) {
      expect(failureOf(() => instantParameter({ since }, 'since', fallback))).toMatchObject({
        status: 400,
        en: 'since must be an ISO 8601 date-time',
      });
    }
  });
});
