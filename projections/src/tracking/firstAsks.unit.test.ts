import { describe, expect, it } from 'vitest';
import { defaultProviderWindowMs, parseProviderWindowMs, unknownOceanStatus } from './firstAsks.ts';

describe('the provider window (§4 START, NODATA)', () => {
  it('given an unknown key, then it is fetching within the window from its first ask and no data from its end', () => {
    const asked = new Date('2026-11-27T00:00:00Z');
    const at = (ms: number) => new Date(asked.getTime() + ms);
    expect(unknownOceanStatus(asked, asked, 60_000)).toBe('START');
    expect(unknownOceanStatus(asked, at(59_999), 60_000)).toBe('START');
    expect(unknownOceanStatus(asked, at(60_000), 60_000)).toBe('NODATA');
  });

  it('reads TRACKING_PROVIDER_WINDOW_MINUTES, 24 hours by default, and names the variable when it is wrong', () => {
    expect(parseProviderWindowMs({})).toBe(defaultProviderWindowMs);
    expect(defaultProviderWindowMs).toBe(24 * 3_600_000);
    expect(parseProviderWindowMs({ TRACKING_PROVIDER_WINDOW_MINUTES: '90' })).toBe(90 * 60_000);
    for (const wrong of ['0', 'soon', '20000'])
      expect(() => parseProviderWindowMs({ TRACKING_PROVIDER_WINDOW_MINUTES: wrong })).toThrow(
        /TRACKING_PROVIDER_WINDOW_MINUTES/,
      );
  });
});
