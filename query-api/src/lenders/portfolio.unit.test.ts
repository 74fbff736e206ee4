import type { PortfolioFinancing } from '@tradelog/projections/collateral/queries';
import type { ReceiptLine } from '@tradelog/projections/enterprise-data/queries';
import { describe, expect, it } from 'vitest';
import { portfolioRows, stockBehind } from './portfolio.ts';
import { receiptsOf } from './receipts.ts';

const line = (qty: number, amount: number | null, onHand: number): ReceiptLine => ({
  enterprise: 'E1',
  topic: 'inbound',
  recordKey: 'IN1',
  warehouseId: 'W1',
  goodsId: `G${qty}`,
  batchCode: '',
  qty,
  amount,
  onHand,
});

const financing = (
  financingNo: string,
  amount: unknown,
  extra: Partial<PortfolioFinancing> = {},
): PortfolioFinancing => ({
  enterprise: 'E1',
  financingNo,
  chainId: `chain-${financingNo}`,
  firstSeen: '2026-01-01T00:00:00.000Z',
  purchases: [
    {
      purchaseOrderNo: `PO-${financingNo}`,
      purchaseAmount: amount,
      currency: 'CNY',
      orderStatus: '10',
      final: false,
    },
  ],
  pieces: [],
  latestEvents: [],
  alerted: false,
  ...extra,
});

describe('the lender portfolio', () => {
  it('values what is left of each receipt line at its own price, never more than it brought in nor below 0', () => {
    expect(
      stockBehind([line(10, 500, 6), line(5, null, 5), line(4, 40, 9), line(3, 30, -2), line(2, null, 0)]),
    ).toEqual({
      qty: 6 + 5 + 4 + 0 + 0,
      value: 300 + 40,
      unpricedLines: 1,
    });
  });

  it('computes coverage over the purchase amount, and sorts alerts first, then the lowest coverage, unknown first', () => {
    const receipt = {
      kind: 'warehouseReceipt' as const,
      number: 'IN1',
      warehouse: 'W1',
      provenance: {
        topic: 'inbound',
        recordKey: 'IN1',
      } as PortfolioFinancing['pieces'][number]['provenance'],
    };
    const rows = portfolioRows(
      [
        financing('F1', 1000, { pieces: [receipt] }),
        financing('F2', 1000),
        financing('F3', undefined),
        financing('F4', 1000, { alerted: true, pieces: [receipt] }),
      ],
      [line(10, 500, 6)],
    );
    expect(rows.map((row) => [row.financingOrderNo, row.coverage])).toEqual([
      ['F4', 0.3],
      ['F3', null],
      ['F2', 0],
      ['F1', 0.3],
    ]);
    expect(rows[0]?.collateral).toEqual([
      {
        kind: 'warehouseReceipt',
        number: 'IN1',
        warehouse: 'W1',
        stock: { qty: 6, value: 300, unpricedLines: 0 },
      },
    ]);
  });

  it('sorts a financing with an open release or low-coverage alert among the alerts, and lists them on its row', () => {
    const release = {
      kind: 'collateral.released' as const,
      at: '2026-01-02T00:00:00.000Z',
      collateral: { kind: 'warehouseReceipt', warehouse: 'W1', number: 'IN1' },
      cause: 'outbound',
      document: { documentType: 'outbound', documentId: 'd1', receivedAt: '2026-01-02T00:00:00.000Z' },
    };
    const rows = portfolioRows(
      [financing('F1', 1000), financing('F2', 1000, { alerted: true }), financing('F3', 1000)],
      [],
      new Map([[JSON.stringify(['E1', 'F3']), [release]]]),
    );
    expect(rows.map((row) => [row.financingOrderNo, row.alerts.length])).toEqual([
      ['F2', 0],
      ['F3', 1],
      ['F1', 0],
    ]);
  });
});

describe('the receipts a portfolio reads stock for', () => {
  it('reads a receipt two financings hold once, so neither counts its stock twice', () => {
    const piece = {
      kind: 'warehouseReceipt',
      number: 'IN1',
      warehouse: 'W1',
      provenance: { topic: 'tradelog.doc.inbound.v1', recordKey: 'IN1', documentId: 'd1' },
    } as unknown as PortfolioFinancing['pieces'][number];
    expect(
      receiptsOf([financing('F1', 1000, { pieces: [piece] }), financing('F2', 1000, { pieces: [piece] })]),
    ).toEqual([{ enterprise: 'E1', topic: 'tradelog.doc.inbound.v1', recordKey: 'IN1' }]);
  });
});
