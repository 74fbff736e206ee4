import { describe, expect, it } from 'vitest';
import { betweenVersionsHealth } from './supervisor.ts';

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
