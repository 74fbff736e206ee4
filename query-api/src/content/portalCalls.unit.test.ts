import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { langOf, numberOf, payloadOf } from './portalCalls.ts';

describe('portal calls: reading a payload', () => {
  it('given query and body, then one payload, the body winning', () => {
    const req = { query: { lang: 'en', page: '2' }, body: { page: 3 } } as unknown as Request;
    expect(payloadOf(req)).toEqual({ lang: 'en', page: 3 });
  });

  it('given no body, then the query alone', () => {
    expect(payloadOf({ query: { id: '1' } } as unknown as Request)).toEqual({ id: '1' });
  });

  it('given `en`, then English; anything else, then Chinese', () => {
    expect(langOf({ lang: 'en' })).toBe('en');
    expect(langOf({ lang: 'fr' })).toBe('cn');
    expect(langOf({})).toBe('cn');
  });

  it('given a positive integer, then it, at most the maximum; anything else, then the fallback', () => {
    expect(numberOf('7', 1)).toBe(7);
    expect(numberOf(80, 10, 50)).toBe(50);
    expect(numberOf('0', 10)).toBe(10);
    expect(numberOf('2.5', 10)).toBe(10);
    expect(numberOf(undefined, 1001)).toBe(1001);
  });
});
