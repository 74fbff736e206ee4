import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState, type LinkNodeState, reduceLinkNode } from './reducer.ts';

function apply(events: DocumentEvent[], state: LinkNodeState = emptyLinkNodeState()): LinkNodeState {
  return events.reduce<LinkNodeState>((s, event) => reduceLinkNode(s, event).state, state);
}

/** The chains as sets of node ids, independent of chain ids and arrival order. */
function chains(state: LinkNodeState): string[][] {
  const grouped = new Map<string, string[]>();
  for (const node of state.nodes.values())
    grouped.set(node.chainId, [...(grouped.get(node.chainId) ?? []), node.nodeId]);
  return [...grouped.values()].map((ids) => ids.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const log = documentLog();
const purchase = log('purchase', {
  customerCode: 'ENT1',
  entOrderNo: 'PO1',
  contractNo: 'C1',
  financingOrderNo: 'F1',
  wmsOrderNo: 'IN1',
  orderStatus: '10',
});
const pod = log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL1', contractNo: 'C1' });
const clearance = log('clearance', {
  customerCode: 'ENT1',
  entOrderNo: 'CL1',
  transportBlno: 'BL1',
  entryNo: 'E1',
  inboundOrderNo: 'IN1',
  ieFlag: 'I',
});
const inbound = log('inbound', {
  customerCode: 'ENT1',
  entOrderNo: 'IN1',
  inputType: '10',
  warehouseId: 'W1',
});
const otherEnterprisePod = log('pod', {
  customerCode: 'ENT2',
  entOrderNo: 'POD9',
  billNo: 'BL1',
  contractNo: 'C1',
});

describe('link-node reducer', () => {
  it('given nothing, when a document arrives, then it starts a chain in its block', () => {
    const { state, changes } = reduceLinkNode(emptyLinkNodeState(), purchase);
    const node = state.nodes.get('ENT1|purchase|PO1');
    expect(node).toMatchObject({ block: 'purchaseInfo', enterprise: 'ENT1', versions: 1 });
    expect(changes.map((c) => c.kind)).toEqual(['chain.started']);
    expect(changes[0]?.subject).toBe(node?.chainId);
  });

  it('given a chain, when a document sharing a key arrives, then the chain grows', () => {
    const state = apply([purchase]);
    const { state: next, changes } = reduceLinkNode(state, pod);
    expect(chains(next)).toEqual([['ENT1|pod|POD1', 'ENT1|purchase|PO1']]);
    expect(changes.map((c) => c.kind)).toEqual(['chain.grew']);
  });

  it('never links documents of different enterprises, even with equal keys', () => {
    const state = apply([pod, otherEnterprisePod]);
    expect(chains(state)).toEqual([['ENT1|pod|POD1'], ['ENT2|pod|POD9']]);
  });

  it('given two separate chains, when a late document bridges them, then they merge into one', () => {
    // purchase (C1) and inbound (IN1 via wmsOrderNo) would link directly; use pod + inbound, which share nothing.
    const state = apply([pod, inbound]);
    expect(chains(state)).toHaveLength(2);
    const { state: merged, changes } = reduceLinkNode(state, clearance);
    expect(chains(merged)).toEqual([['ENT1|clearance|CL1', 'ENT1|inbound|IN1', 'ENT1|pod|POD1']]);
    expect(changes.map((c) => c.kind)).toEqual(['chain.merged']);
    expect(changes[0]?.data.absorbed).toHaveLength(1);
    expect([...merged.chainSizes.values()]).toEqual([3]);
    expect(merged.nodes.get('ENT1|clearance|CL1')?.block).toBe('intoDeclareInfo');
  });

  it('ends with the same chains whatever order the documents arrive in', () => {
    const inOrder = chains(apply([purchase, pod, clearance, inbound, otherEnterprisePod]));
    const reversed = chains(apply([otherEnterprisePod, inbound, clearance, pod, purchase]));
    const shuffled = chains(apply([clearance, otherEnterprisePod, purchase, inbound, pod]));
    expect(reversed).toEqual(inOrder);
    expect(shuffled).toEqual(inOrder);
    expect(inOrder).toEqual([
      ['ENT1|clearance|CL1', 'ENT1|inbound|IN1', 'ENT1|pod|POD1', 'ENT1|purchase|PO1'],
      ['ENT2|pod|POD9'],
    ]);
  });

  it('given a node, when the same record or identical content arrives again, then nothing changes', () => {
    const state = apply([purchase, pod]);
    expect(reduceLinkNode(state, pod).state).toBe(state);
    const resubmitted = log('pod', pod.document);
    const result = reduceLinkNode(state, resubmitted);
    expect(result.state).toBe(state);
    expect(result.changes).toEqual([]);
  });

  it('given a node, when a new version arrives, then fields update, old links stay and versions count', () => {
    const state = apply([pod]);
    const v2 = log('pod', { ...pod.document, billNo: 'BL2', portNo: 'CNSHA' });
    const { state: next, changes } = reduceLinkNode(state, v2);
    const node = next.nodes.get('ENT1|pod|POD1')!;
    expect(node.versions).toBe(2);
    expect(node.fields.portNo).toBe('CNSHA');
    expect(node.keys.filter((k) => k.cls === 'billNo').map((k) => k.value)).toEqual(['BL1', 'BL2']);
    expect(node.provenance.offset).toBe(v2.provenance.offset);
    expect(changes.map((c) => c.kind)).toEqual(['chain.node-updated']);
  });

  it('leaves documents without an enterprise and master data out of every chain', () => {
    const state = apply([
      log('pod', { entOrderNo: 'X', busiOrderNo: 'B1' }),
      log('goods', { enterpriseCode: 'ENT1', entInsideNo: 'G1', goodsList: [] }),
    ]);
    expect(state.nodes.size).toBe(0);
  });

  it('maps outbound transfers, exports and sales to their blocks', () => {
    const state = apply([
      log('outbound', { customerCode: 'E', entOrderNo: 'O1', outputType: '20' }),
      log('outbound', { customerCode: 'E', entOrderNo: 'O2', outputType: '10' }),
      log('check', { declareCode: 'E', entOrderNo: 'K1', checkNo: 'CK1', ieFlag: 'E' }),
      log('saleOrderToC', { customerCode: 'E', orderList: [{ entOrderNo: 'S1', orderStatus: '10' }] }),
      log('bondedEcLogistics', { electricCode: 'E', entOrderNo: 'S1', wayBillNo: 'WB1' }),
    ]);
    expect(Object.fromEntries([...state.nodes.values()].map((n) => [n.nodeId, n.block]))).toEqual({
      'E|outbound|O1': 'transfersInfo',
      'E|outbound|O2': 'outStorageInfo',
      'E|check|K1': 'outDeclareInfo',
      'E|saleOrderToC|S1': 'salesInfo',
      'E|bondedEcLogistics|S1': 'outTransportInfo',
    });
    expect(state.nodes.get('E|saleOrderToC|S1')?.chainId).toBe(
      state.nodes.get('E|bondedEcLogistics|S1')?.chainId,
    );
  });
});

describe('link-node reducer, a record older than the node (an operator retry of a dead letter)', () => {
  it('given a node from a newer version, when an older version is retried, then the node keeps the newer fields and the record is superseded', () => {
    const retried = documentLog(0);
    const v1 = retried('pod', { customerCode: 'ENT1', entOrderNo: 'POD7', billNo: 'BL-OLD' }, { offset: 3 });
    const v2 = retried('pod', { customerCode: 'ENT1', entOrderNo: 'POD7', billNo: 'BL-NEW' }, { offset: 4 });
    const state = apply([v2]);

    const result = reduceLinkNode(state, v1);

    expect(result.state).toBe(state);
    expect(result.changes).toEqual([]);
    expect(result.superseded).toBe(true);
    expect(state.nodes.get('ENT1|pod|POD7')?.fields.billNo).toBe('BL-NEW');
  });

  it('given a node, when a newer version arrives, then it applies and nothing is superseded', () => {
    const retried = documentLog(0);
    const v1 = retried('pod', { customerCode: 'ENT1', entOrderNo: 'POD8', billNo: 'BL-OLD' });
    const v2 = retried('pod', { customerCode: 'ENT1', entOrderNo: 'POD8', billNo: 'BL-NEW' });

    const result = reduceLinkNode(apply([v1]), v2);

    expect(result.superseded).toBeUndefined();
    expect(result.state.nodes.get('ENT1|pod|POD8')?.fields.billNo).toBe('BL-NEW');
  });
});
