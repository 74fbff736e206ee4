import { describe, expect, it } from 'vitest';
import {
  lastUnswitchedRebuild,
  type ProjectionVersion,
  rebuildFraction,
  redeliveredCount,
  summarise,
} from './operations.ts';

const version = (
  v: number,
  state: ProjectionVersion['state'],
  progress: ProjectionVersion['progress'] = {},
): ProjectionVersion => ({
  projection: 'link-node',
  version: v,
  schemaName: `proj_link_node_v${v}`,
  consumerGroup: `tradelog.proj.link-node.v${v}`,
  state,
  progress,
  createdAt: '2026-06-01T00:00:00Z',
  liveSince: null,
  retiredAt: null,
  revision: 1,
  acceptDifferences: false,
});

describe('operator helpers', () => {
  it('computes rebuild progress from records applied and remaining lag', () => {
    expect(rebuildFraction({})).toBe(0);
    expect(rebuildFraction({ recordsApplied: 0, remainingLag: 0, state: 'building' })).toBe(0);
    expect(rebuildFraction({ recordsApplied: 300, remainingLag: 100, state: 'building' })).toBe(0.75);
    expect(rebuildFraction({ recordsApplied: 400, remainingLag: 0, state: 'switched' })).toBe(1);
  });

  it('finds the live version and the one being rebuilt', () => {
    const versions = [
      version(1, 'retired'),
      version(2, 'live'),
      version(3, 'building', { recordsApplied: 5, remainingLag: 5 }),
    ];
    expect(summarise(versions).live?.version).toBe(2);
    expect(summarise(versions).rebuilding?.version).toBe(3);
    expect(summarise([version(1, 'live')]).rebuilding).toBeUndefined();
  });
});

describe('redeliveredCount', () => {
  it('counts the delivery ids query-api answers (never NaN)', () => {
    expect(redeliveredCount(['a', 'b', 'c'])).toBe(3);
    expect(redeliveredCount(2)).toBe(2);
    expect(redeliveredCount(undefined)).toBe(0);
    expect(redeliveredCount({})).toBe(0);
  });
});

describe('lastUnswitchedRebuild', () => {
  it('says nothing while the newest version is live or pending', () => {
    expect(lastUnswitchedRebuild([])).toBeUndefined();
    expect(lastUnswitchedRebuild([version(1, 'live')])).toBeUndefined();
    expect(lastUnswitchedRebuild([version(1, 'live'), version(2, 'building')])).toBeUndefined();
    // An older failure is history once a newer version switched.
    expect(
      lastUnswitchedRebuild([version(1, 'retired'), version(2, 'failed'), version(3, 'live')]),
    ).toBeUndefined();
  });

  it('tells a cancel, a difference (the tables that differ) and another failure apart', () => {
    expect(
      lastUnswitchedRebuild([
        version(1, 'live'),
        version(2, 'failed', { cancelledBy: 'ops', failure: 'cancelled' }),
      ]),
    ).toEqual({ version: 2, reason: 'cancelled', cancelledBy: 'ops' });
    const comparison = [
      { table: 'orders', rowsA: 3, rowsB: 3, differingKeys: ['P1'] },
      { table: 'events', rowsA: 2, rowsB: 2, differingKeys: [] },
      { table: 'coverage', rowsA: 0, rowsB: 1, differingKeys: [] },
      { table: 'added', rowsA: 0, rowsB: 0, differingKeys: [], absentFrom: 'proj_v1' },
    ];
    expect(
      lastUnswitchedRebuild([version(1, 'live'), version(2, 'failed', { comparison, failure: 'differs' })]),
    ).toEqual({ version: 2, reason: 'differs', tables: ['orders', 'coverage', 'added'] });
    expect(
      lastUnswitchedRebuild([version(1, 'live'), version(2, 'failed', { failure: 'log-replaced' })]),
    ).toEqual({
      version: 2,
      reason: 'failed',
      failure: 'log-replaced',
    });
  });
});
