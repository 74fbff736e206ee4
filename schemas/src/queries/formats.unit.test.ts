import { describe, expect, it } from 'vitest';
import { isGoodsIdList, isHttpUrl, isYearMonth, isYearOrYearMonth } from './formats.ts';

describe('query formats', () => {
  it('reads months as YYYY-MM', () => {
    expect(['2024-01', '2024-12'].every(isYearMonth)).toBe(true);
    expect(['2024-13', '2024-00', '2024-3', '2024', '2024-03-01', '202403'].some(isYearMonth)).toBe(false);
  });

  it('reads periods as YYYY or YYYY-MM', () => {
    expect(['2024', '2024-03'].every(isYearOrYearMonth)).toBe(true);
    expect(['24', '2024-3', '2024-13', '2024/03'].some(isYearOrYearMonth)).toBe(false);
  });

  it('reads the inventory goods filter as comma-separated ids or *', () => {
    expect(['*', 'SKII-FTE-230', 'SKII-FTE-230,MJ-A2-900'].every(isGoodsIdList)).toBe(true);
    expect(['', '**', 'A,,B', 'A, B', ',A', 'A,', '*,A'].some(isGoodsIdList)).toBe(false);
  });

  it('takes absolute http and https callback URLs, tokens in the query string included', () => {
    expect(
      [
        'https://erp.example.com/hooks/ocean',
        'http://10.0.0.8:8080/push?token=abc',
        'https://example.com/hooks/express?key=7f3c&x=1',
      ].every(isHttpUrl),
    ).toBe(true);
    expect(
      [
        'ftp://example.com/push',
        'example.com/push',
        '/hooks/push',
        'https://',
        'mailto:ops@example.com',
        ' https://example.com',
      ].some(isHttpUrl),
    ).toBe(false);
  });
});
