import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { describe, expect, it } from 'vitest';
import { narrowingOf, standingWildcardOf, standingWildcardWords } from './narrowing.ts';

const migrated = { kind: 'partner', enterprises: ['*'], feeds: [...feedFamilies] };

describe('standing wildcards', () => {
  it('are what the grants migration left: any enterprise, every feed family; partners only', () => {
    expect(standingWildcardOf(migrated)).toEqual({ anyEnterprise: true, everyFeed: true });
    expect(standingWildcardOf({ ...migrated, feeds: ['tracking.express'] })).toEqual({
      anyEnterprise: true,
      everyFeed: false,
    });
    expect(standingWildcardOf({ kind: 'partner', enterprises: ['E1'], feeds: [...feedFamilies] })).toEqual({
      anyEnterprise: false,
      everyFeed: true,
    });
    expect(standingWildcardOf({ kind: 'partner', enterprises: ['E1'], feeds: [] })).toBeUndefined();
    expect(standingWildcardOf({ kind: 'lender', enterprises: ['E1'], feeds: [] })).toBeUndefined();
    expect(standingWildcardWords({ anyEnterprise: true, everyFeed: true }).en).toBe(
      'standing wildcard: any enterprise (*) and every feed family',
    );
  });

  it('narrow to what the account submitted, keeping what was granted by name', () => {
    const narrowing = narrowingOf(
      { ...migrated, enterprises: ['*', 'NAMED'] },
      { enterprises: ['E2', 'E1'], feeds: ['tracking.express'], documents: 7 },
    );
    expect(narrowing).toEqual({
      enterprises: ['E1', 'E2', 'NAMED'],
      feeds: ['tracking.express'],
      grant: { enterprises: ['E1', 'E2'], feeds: [] },
      withdraw: {
        enterprises: ['*'],
        feeds: [...feedFamilies].filter((f) => f !== 'tracking.express').sort(),
      },
    });
  });

  it('leave an account without a standing wildcard as it is, and narrow an idle wide one to nothing', () => {
    const narrow = { kind: 'partner', enterprises: ['E1'], feeds: ['tracking.air'] };
    expect(narrowingOf(narrow, { enterprises: ['E9'], feeds: ['tracking.ocean'], documents: 3 })).toEqual({
      enterprises: ['E1'],
      feeds: ['tracking.air'],
      grant: { enterprises: [], feeds: [] },
      withdraw: { enterprises: [], feeds: [] },
    });
    const idle = narrowingOf(migrated, { enterprises: [], feeds: [], documents: 0 });
    expect(idle.enterprises).toEqual([]);
    expect(idle.feeds).toEqual([]);
    expect(idle.withdraw.enterprises).toEqual(['*']);
  });
});
