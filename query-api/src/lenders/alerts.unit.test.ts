import type { FinancingAlertRows } from '@tradelog/projections/collateral/pledgeTables';
import { describe, expect, it } from 'vitest';
import { openAlerts } from './alerts.ts';

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
