import type { NodeRow } from '@tradelog/projections/link-node/tables';
import { describe, expect, it } from 'vitest';
import { linkNodeBlocksOf } from './router.ts';

const node = (overrides: Partial<NodeRow>): NodeRow => ({
  nodeId: 'E|pod|P1',
  enterprise: 'E',
  type: 'pod',
  businessKey: 'P1',
  block: 'arrivalInfo',
  chainId: 'chain-1',
  keys: [],
  fields: {},
  provenance: { documentId: 'd1', offset: '3' },
  versions: 1,
  ...overrides,
});

describe('link-node answer blocks', () => {
  it('always has the eleven blocks, each document with fields and provenance', () => {
    const blocks = linkNodeBlocksOf([node({})]);
    expect(Object.keys(blocks)).toEqual([
      'arrivalInfo',
      'intoDeclareInfo',
      'intoTransportInfo',
      'intoStorageInfo',
      'transfersInfo',
      'outStorageInfo',
      'outDeclareInfo',
      'outTransportInfo',
      'financingInfo',
      'purchaseInfo',
      'salesInfo',
    ]);
    expect(blocks.arrivalInfo).toEqual([
      {
        documentType: 'pod',
        businessKey: 'P1',
        versions: 1,
        fields: {},
        provenance: { documentId: 'd1', offset: '3' },
      },
    ]);
  });

  it('lists the financing orders the purchases name in financingInfo', () => {
    const blocks = linkNodeBlocksOf([
      node({
        type: 'purchase',
        block: 'purchaseInfo',
        businessKey: 'PO1',
        fields: { financingOrderNo: 'F1', purchaseAmount: 10, currency: 'CNY' },
      }),
      node({ type: 'purchase', block: 'purchaseInfo', businessKey: 'PO2', fields: {} }),
    ]);
    expect(blocks.purchaseInfo).toHaveLength(2);
    expect(blocks.financingInfo).toEqual([
      expect.objectContaining({
        documentType: 'financing',
        businessKey: 'F1',
        fields: expect.objectContaining({ purchaseOrderNo: 'PO1', purchaseAmount: 10 }),
      }),
    ]);
  });
});
