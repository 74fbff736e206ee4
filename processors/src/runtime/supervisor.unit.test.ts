import { describe, expect, it } from 'vitest';
import { betweenVersionsHealth, otherRevisionNotice } from './supervisor.ts';

describe('betweenVersionsHealth: a projection between two versions', () => {
  it('given no upgrade, then a consumer reconnecting, not retired', () => {
    expect(betweenVersionsHealth('order-status', 3, undefined)).toMatchObject({
      name: 'order-status',
      groupId: '',
      consumer: { state: 'reconnecting', restarts: 0, failedRestarts: 0 },
      retired: false,
    });
  });

  it('given an upgrade, then starting since it began, naming the version it rebuilds', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    expect(betweenVersionsHealth('order-status', 3, { from: 2, since })).toMatchObject({
      consumer: { state: 'starting', since },
      upgrading: { fromVersion: 2, revision: 3, since: since.toISOString() },
    });
  });
});

describe('otherRevisionNotice: the live version against this code’s revision', () => {
  it('given an older live revision, then it is rebuilt with this one', () => {
    expect(otherRevisionNotice(1, 2)).toBe(
      'live version built by an older revision; rebuilding it with this one',
    );
  });

  it('given a newer live revision, then it is applied with this one all the same', () => {
    expect(otherRevisionNotice(3, 2)).toBe(
      'live version built by a newer revision than this code; applying with this one',
    );
  });

  it('given the same revision, then nothing to say', () => {
    expect(otherRevisionNotice(2, 2)).toBeUndefined();
  });
});
