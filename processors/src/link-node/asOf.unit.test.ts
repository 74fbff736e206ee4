import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { linkNodeChainAsOf, type RecordAsOf } from './asOf.ts';
import { emptyLinkNodeState, reduceLinkNode } from './reducer.ts';

const log = documentLog();
const purchase = log('purchase', {
  customerCode: 'ENT1',
  entOrderNo: 'PO1',
  contractNo: 'C1',
  financingOrderNo: 'F1',
  wmsOrderNo: 'IN1',
});
const pod = log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL1', contractNo: 'C1' });
const podV2 = log('pod', {
  customerCode: 'ENT1',
  entOrderNo: 'POD1',
  billNo: 'BL1',
  contractNo: 'C1',
  portNo: 'X',
});
// Names no enterprise: attributed by the shell, its enterprise kept by the document index.
const tally = log('tally', { orderNo: 'T1', inboundOrderNo: 'IN1' }, { grants: ['ENT1'] });

const indexed = (...events: DocumentEvent[]): RecordAsOf[] =>
  events.map((event) => ({ event, enterprise: 'ENT1' }));
const byPurchase = { enterprise: 'ENT1', classes: ['purchaseOrderNo', 'poOrderNo'], value: 'PO1' };
const shape = (nodes: ReturnType<typeof linkNodeChainAsOf>) =>
  nodes.map((node) => `${node.nodeId} v${node.versions} @${node.provenance.offset}`);

describe('a link-node chain as of a moment', () => {
  it('given the chain records received by then, when folded, then it is the chain the projection held then', () => {
    const early = linkNodeChainAsOf(indexed(purchase, pod), byPurchase);
    expect(shape(early)).toEqual(['ENT1|pod|POD1 v1 @1', 'ENT1|purchase|PO1 v1 @0']);

    const later = linkNodeChainAsOf(indexed(purchase, pod, podV2, tally), byPurchase);
    // In the read's order: by block (arrivalInfo, intoStorageInfo, purchaseInfo).
    expect(shape(later)).toEqual(['ENT1|pod|POD1 v2 @2', 'ENT1|tally|T1 v1 @3', 'ENT1|purchase|PO1 v1 @0']);
  });

  it('is the live reducer state whatever order the records are handed in (folded in log order)', () => {
    const live = [purchase, pod, podV2, tally].reduce(
      (state, event) =>
        reduceLinkNode(
          state,
          event.type === 'tally' ? { ...event, attribution: { enterprise: 'ENT1', via: 'order' } } : event,
        ).state,
      emptyLinkNodeState(),
    );
    const folded = linkNodeChainAsOf(indexed(tally, podV2, purchase, pod), byPurchase);
    expect(folded.map((node) => node.nodeId).sort()).toEqual([...live.nodes.keys()].sort());
    for (const node of folded) expect(node).toEqual(live.nodes.get(node.nodeId));
  });

  it('answers nothing when no record folded holds the key', () => {
    expect(linkNodeChainAsOf(indexed(pod), byPurchase)).toEqual([]);
    expect(linkNodeChainAsOf([], byPurchase)).toEqual([]);
  });
});
