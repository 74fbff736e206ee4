import { describe, expect, it } from 'vitest';
import type { LaidNode } from './chainLayout.ts';
import { pieceLabel, reusedPiecesByNode } from './collateral.ts';

const node = (id: string, documentId: string): LaidNode => ({
  id,
  block: 'intoStorageInfo',
  label: id,
  x: 0,
  y: 0,
  document: { documentType: 'inbound', provenance: { documentId } },
});

describe('reused collateral on the chain diagram', () => {
  it('marks the document that brought a piece other financings hold, and only those', () => {
    const marks = reusedPiecesByNode(
      [node('n1', 'd1'), node('n2', 'd2')],
      [
        {
          kind: 'billOfLading',
          number: 'BL1',
          warehouse: null,
          otherFinancings: 2,
          provenance: { documentId: 'd1' },
        },
        {
          kind: 'contract',
          number: 'C1',
          warehouse: null,
          otherFinancings: 0,
          provenance: { documentId: 'd2' },
        },
      ],
    );
    expect([...marks.keys()]).toEqual(['n1']);
    expect(pieceLabel(marks.get('n1')![0]!)).toBe('billOfLading BL1');
    expect(pieceLabel({ kind: 'warehouseReceipt', number: 'IN1', warehouse: 'W1' })).toBe(
      'warehouseReceipt W1/IN1',
    );
  });
});
