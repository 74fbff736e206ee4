import { describe, expect, it } from 'vitest';
import { alertsAnswer } from './alerts.ts';

describe('open collateral alerts', () => {
  it('name each side only where the caller is granted its enterprise', () => {
    const pairing = {
      kind: 'warehouseReceipt' as const,
      number: 'WR-1',
      warehouse: 'W1',
      firstSeen: '2026-01-01T00:00:00.000Z',
      a: { enterprise: 'A', financingNo: 'F1' },
      b: { enterprise: 'B', financingNo: 'F9' },
    };
    expect(alertsAnswer([pairing], (enterprise) => enterprise === 'A')).toEqual({
      alerts: [
        {
          kind: 'warehouseReceipt',
          number: 'WR-1',
          warehouse: 'W1',
          firstSeen: '2026-01-01T00:00:00.000Z',
          financings: [{ customerCode: 'A', financingOrderNo: 'F1' }, null],
        },
      ],
    });
    expect(alertsAnswer([pairing], () => true).alerts[0]!.financings).toEqual([
      { customerCode: 'A', financingOrderNo: 'F1' },
      { customerCode: 'B', financingOrderNo: 'F9' },
    ]);
  });
});
