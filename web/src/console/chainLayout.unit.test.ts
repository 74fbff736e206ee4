import { describe, expect, it } from 'vitest';
import {
  boxedLabel,
  edgePath,
  keysOf,
  type LinkNodeResponse,
  layoutChain,
  linksOf,
  nodeSize,
  ownFields,
  sharedKeysText,
} from './chainLayout.ts';

const response: LinkNodeResponse = {
  flag: 'success',
  code: '200',
  message: 'success',
  purchaseInfo: [
    {
      nodeId: 'p1',
      businessKey: 'PO-1',
      keys: [{ cls: 'contractNo', value: 'C-9' }],
      provenance: { topic: 'tradelog.doc.purchase.v1', offset: '3' },
    },
  ],
  intoDeclareInfo: [
    {
      nodeId: 'd1',
      businessKey: 'DEC-1',
      keys: [
        { cls: 'contractNo', value: 'C-9' },
        { cls: 'billNo', value: 'B-1' },
      ],
    },
  ],
  intoStorageInfo: [
    { nodeId: 's1', businessKey: 'IN-1', keys: [{ cls: 'billNo', value: 'B-1' }] },
    {
      nodeId: 's2',
      businessKey: 'IN-2',
      keys: [
        { cls: 'billNo', value: 'B-1' },
        { cls: 'contractNo', value: 'C-9' },
      ],
    },
  ],
  financingInfo: [],
};

describe('layoutChain', () => {
  it('puts non-empty blocks in flow order as columns and stacks documents', () => {
    const layout = layoutChain(response);
    expect(layout.columns.map((column) => column.block)).toEqual([
      'purchaseInfo',
      'intoDeclareInfo',
      'intoStorageInfo',
    ]);
    const byId = Object.fromEntries(layout.nodes.map((node) => [node.id, node]));
    expect(byId.p1!.x).toBeLessThan(byId.d1!.x);
    expect(byId.s1!.x).toBe(byId.s2!.x);
    expect(byId.s2!.y).toBeGreaterThan(byId.s1!.y);
    expect(layout.width).toBeGreaterThanOrEqual(byId.s1!.x + nodeSize.width);
    expect(layout.height).toBeGreaterThanOrEqual(byId.s2!.y + nodeSize.height);
  });

  it('joins documents that share a key, labelled by the keys', () => {
    const { edges } = layoutChain(response);
    expect(edges).toEqual([
      { from: 'p1', to: 'd1', keys: ['contractNo:C-9'] },
      { from: 'p1', to: 's2', keys: ['contractNo:C-9'] },
      { from: 'd1', to: 's1', keys: ['billNo:B-1'] },
      { from: 'd1', to: 's2', keys: ['billNo:B-1', 'contractNo:C-9'] },
      { from: 's1', to: 's2', keys: ['billNo:B-1'] },
    ]);
  });

  it('falls back to the values of number-like fields when the answer carries no keys', () => {
    expect(
      keysOf({
        entOrderNo: 'E-0001',
        customerCode: '91440300',
        billNo: 'BL-778',
        wmsOrderNo: 'X',
        grossWeight: '1200',
      }).sort(),
    ).toEqual(['BL-778', 'E-0001']);
    // query-api's shape: { documentType, businessKey, fields, provenance }; the same number
    // under two field names joins the two documents.
    const laid = layoutChain({
      flag: 'success',
      code: '200',
      message: '',
      purchaseInfo: [
        { documentType: 'purchase', businessKey: 'PO-7', fields: { orderNo: 'PO-7', wmsOrderNo: 'WMS-31' } },
      ],
      intoStorageInfo: [
        {
          documentType: 'inbound',
          businessKey: 'IN-7',
          fields: { entOrderNo: 'IN-7', inboundOrderNo: 'WMS-31' },
        },
      ],
    });
    expect(laid.edges).toEqual([{ from: 'purchaseInfo#0', to: 'intoStorageInfo#0', keys: ['WMS-31'] }]);
    expect(laid.nodes.map((node) => node.label)).toEqual(['PO-7', 'IN-7']);
  });

  it('draws nothing for an empty answer and curves edges between columns', () => {
    expect(layoutChain({ flag: 'success', code: '200', message: '' })).toMatchObject({
      width: 0,
      height: 0,
      nodes: [],
      edges: [],
    });
    const layout = layoutChain(response);
    const [p1, d1] = layout.nodes;
    expect(edgePath(p1!, d1!)).toMatch(/^M\d+,\d+ C/);
  });
});

describe('what the diagram writes beside the graph', () => {
  it('reads shared keys by their values and cuts long labels to their box', () => {
    expect(sharedKeysText(['billNo:B-1', 'contractNo:C-9', 'WMS-31'])).toBe('B-1, C-9, WMS-31');
    expect(boxedLabel('PO-1')).toBe('PO-1');
    expect(boxedLabel('x'.repeat(22))).toBe('x'.repeat(22));
    expect(boxedLabel('x'.repeat(23))).toBe(`${'x'.repeat(21)}…`);
  });

  it('lists a node’s links with the node at the other end', () => {
    const layout = layoutChain(response);
    expect(linksOf(layout, 'd1').map(({ edge, other }) => [edge.from, edge.to, other.id])).toEqual([
      ['p1', 'd1', 'p1'],
      ['d1', 's1', 's1'],
      ['d1', 's2', 's2'],
    ]);
    expect(linksOf(layout, 'nowhere')).toEqual([]);
  });

  it('shows a document’s nested fields, else the document without its provenance and keys', () => {
    const nested = { businessKey: 'PO-7', fields: { orderNo: 'PO-7' }, provenance: { offset: '1' } };
    expect(ownFields(nested)).toEqual({ orderNo: 'PO-7' });
    const flat = { businessKey: 'IN-1', keys: [{ cls: 'billNo', value: 'B-1' }], provenance: {} };
    expect(ownFields(flat)).toEqual({ businessKey: 'IN-1' });
  });
});
