import { describe, expect, it } from 'vitest';
import { displayTag, localTime } from './consoleFormat.ts';

describe('console format', () => {
  it('formats dates and numbers as zh-CN for Chinese readers and en-GB for English ones', () => {
    expect(displayTag('cn')).toBe('zh-CN');
    expect(displayTag('en')).toBe('en-GB');
  });

  it('formats time in the reader language', () => {
    const at = '2026-03-04T05:06:07Z';
    expect(localTime(at, 'cn')).toBe(new Date(at).toLocaleString('zh-CN'));
    expect(localTime(at, 'en')).toBe(new Date(at).toLocaleString('en-GB'));
  });
});
