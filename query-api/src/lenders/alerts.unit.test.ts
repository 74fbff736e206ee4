import type { FinancingAlertRows } from '@tradelog/projections/collateral/queries';
import { describe, expect, it } from 'vitest';
import { alertRowsAsOf, openAlerts } from './alerts.ts';

const provenance = (documentId: string, documentType: string) =>
  ({ documentId, documentType, receivedAt: '2026-01-02T00:00:00.000Z' }) as never;

const rows = (
  coverage: number | null,
  crossings: FinancingAlertRows['crossings'] = [],
): FinancingAlertRows => ({
  financingKey: '["E1","F1"]',
  releases: [
    {
      pieceKey: JSON.stringify(['warehouseReceipt', 'W1', 'IN1']),
      documentId: 'out-1',
      cause: 'outbound',
      firstSeen: '2026-01-02T00:00:00.000Z',
      provenance: provenance('out-1', 'outbound'),
    },
  ],
  coverage: {
    financingKey: '["E1","F1"]',
    coverage,
    stockValue: 700,
    purchaseAmount: 1000,
    unpricedLines: 0,
    provenance: provenance('out-2', 'outbound'),
  },
  crossings,
});

describe('portfolio alerts (open for the caller)', () => {
  it('lists a release with its receipt and causing document', () => {
    expect(openAlerts(rows(1.5), 1)).toEqual([
      {
        kind: 'collateral.released',
        at: '2026-01-02T00:00:00.000Z',
        collateral: { kind: 'warehouseReceipt', warehouse: 'W1', number: 'IN1' },
        cause: 'outbound',
        document: { documentType: 'outbound', documentId: 'out-1', receivedAt: '2026-01-02T00:00:00.000Z' },
      },
    ]);
  });

  it('lists low coverage against the caller’s own threshold, since the crossing of that threshold', () => {
    const crossing = {
      threshold: 0.8,
      coverageBefore: 0.9,
      coverageAfter: 0.7,
      firstSeen: '2026-01-03T00:00:00.000Z',
      provenance: provenance('out-9', 'outbound'),
    };
    const low = (threshold: number) =>
      openAlerts(rows(0.7, [crossing]), threshold).filter((a) => a.kind === 'coverage.low');
    expect(low(0.8)).toEqual([
      {
        kind: 'coverage.low',
        since: '2026-01-03T00:00:00.000Z',
        threshold: 0.8,
        coverage: 0.7,
        document: { documentType: 'outbound', documentId: 'out-9', receivedAt: '2026-01-02T00:00:00.000Z' },
      },
    ]);
    // A threshold set after the fall: open, but no crossing recorded for it.
    expect(low(1)).toMatchObject([{ since: null, threshold: 1, document: { documentId: 'out-2' } }]);
    // Above the caller's threshold, or coverage unknown: not open.
    expect(low(0.5)).toEqual([]);
    expect(openAlerts(rows(null), 1).filter((a) => a.kind === 'coverage.low')).toEqual([]);
  });
});

describe('portfolio alerts as of a moment', () => {
  const crossing = {
    threshold: 0.8,
    coverageBefore: 0.9,
    coverageAfter: 0.7,
    firstSeen: '2026-01-03T00:00:00.000Z',
    provenance: provenance('out-9', 'outbound'),
  };

  it('keeps the releases and crossings recorded by then, and measures coverage on the coverage then', () => {
    const before = alertRowsAsOf(rows(0.7, [crossing]), new Date('2026-01-01T00:00:00.000Z'), 0.95);
    expect(before?.releases).toEqual([]);
    expect(before?.crossings).toEqual([]);
    expect(openAlerts(before, 0.8)).toEqual([]);

    const between = alertRowsAsOf(rows(0.7, [crossing]), new Date('2026-01-02T12:00:00.000Z'), 0.75);
    expect(openAlerts(between, 0.8).map((alert) => alert.kind)).toEqual([
      'collateral.released',
      'coverage.low',
    ]);
    // Low then, before the crossing the projection recorded: no crossing yet, and the last
    // evaluation's document (received on the 2nd) is named.
    expect(openAlerts(between, 0.8).find((alert) => alert.kind === 'coverage.low')).toMatchObject({
      since: null,
      coverage: 0.75,
      document: { documentId: 'out-2' },
    });
  });

  it('names no document received after the moment', () => {
    const early = alertRowsAsOf(rows(0.7), new Date('2026-01-01T00:00:00.000Z'), 0.5);
    expect(openAlerts(early, 0.8)).toEqual([
      {
        kind: 'coverage.low',
        since: null,
        threshold: 0.8,
        coverage: 0.5,
        document: { documentType: null, documentId: null, receivedAt: null },
      },
    ]);
  });

  it('is the live answer at now', () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    expect(openAlerts(alertRowsAsOf(rows(0.7, [crossing]), now, 0.7), 0.8)).toEqual(
      openAlerts(rows(0.7, [crossing]), 0.8),
    );
  });
});
