import { describe, expect, it } from 'vitest';
import { matchKeyOf } from './families.ts';

describe('subscription match keys', () => {
  it('keys tracking subscriptions by what they track, normalised', () => {
    expect(matchKeyOf('express', { shipperCode: ' sf ', logisticCode: 'SF123' })).toBe('express/SF/SF123');
    expect(matchKeyOf('express-map', { shipperCode: 'SF', logisticCode: 'a/b' })).toBe('express/SF/A%2FB');
    expect(matchKeyOf('ocean', { billNo: 'B1' })).toBe('ocean/bill/B1');
    expect(matchKeyOf('ocean', { billNo: 'B1', containerNo: 'c1' })).toBe('ocean/container/C1');
    expect(matchKeyOf('terminal', { businessNumber: 'B1', portCode: 'CNSHA', ieid: 'e' })).toBe(
      'terminal/B1/CNSHA/E',
    );
    expect(matchKeyOf('changes', { enterprise: 'ENT1', projections: ['link-node'] })).toBe('ENT1');
  });
});
