import { describe, expect, it } from 'vitest';
import { exposureAnswer } from './exposure.ts';

const provenance = (documentId: string) => ({
  documentId,
  documentType: 'purchase' as const,
  partnerId: 'P1',
  receivedAt: '2026-01-01T00:00:00.000Z',
  topic: 't',
  partition: 0,
  offset: '1',
  contentSha256: 'secret-of-nobody',
  schemaId: 1,
  recordKey: null,
});

describe('collateral exposure answer', () => {
  it('names the other financings of granted enterprises and only counts the others', () => {
    const answer = exposureAnswer(
      {
        financing: {
          financingKey: '["A","F2"]',
          chainId: 'c1',
          enterprise: 'A',
          financingNo: 'F2',
          purchases: { p: false },
          open: true,
          firstSeen: '2026-01-01T00:00:00.000Z',
          provenance: provenance('d1'),
        },
        pieces: [
          {
            kind: 'billOfLading',
            number: 'BL1',
            warehouse: null,
            firstSeen: '2026-01-01T00:00:00.000Z',
            provenance: provenance('d2'),
            others: [
              { enterprise: 'A', financingNo: 'F1', firstSeen: 'x', provenance: provenance('d3') },
              { enterprise: 'B', financingNo: 'FB', firstSeen: 'y', provenance: provenance('d4') },
            ],
          },
        ],
        total: 1,
        reused: 1,
      },
      { page: 1, pageSize: 1000 },
      (enterprise) => enterprise === 'A',
    );
    expect(answer).toMatchObject({ page: 1, pageSize: 1000, totalCount: 1, reusedCount: 1 });
    expect(answer.collateral[0]).toMatchObject({
      kind: 'billOfLading',
      number: 'BL1',
      otherFinancings: 2,
      grantedFinancings: [{ customerCode: 'A', financingOrderNo: 'F1', firstSeen: 'x' }],
      undisclosedFinancings: 1,
    });
    expect(JSON.stringify(answer)).not.toMatch(/"B"|FB|d4/);
    expect(answer.financing.provenance).not.toHaveProperty('contentSha256');
  });
});
