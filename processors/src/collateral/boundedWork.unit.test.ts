import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState, reduceLinkNode } from '../link-node/reducer.ts';
import { type ChainsAndCollateral, reduceCollateral, reduceCollateralDocument } from './reducer.ts';
import { emptyCollateralState } from './state.ts';

/** Given these documents folded from nothing, when the last one is reduced: its step's reads and changes. */
function lastStep(events: readonly DocumentEvent[]) {
  let state: ChainsAndCollateral = { links: emptyLinkNodeState(), collateral: emptyCollateralState() };
  for (const event of events.slice(0, -1)) state = reduceCollateralDocument(state, event).state;
  const event = events.at(-1)!;
  const linked = reduceLinkNode(state.links, event).changes;
  const chainId = linked[0]!.subject;
  return { chainId, before: state, event, linked, ...reduceCollateral(state.collateral, event, linked) };
}

/** One enterprise's chain of bills tied by one contract, the first purchase naming financing F1. */
function contractChain(bills: number) {
  const log = documentLog();
  return {
    log,
    events: Array.from({ length: bills }, (_, i) =>
      log('pod', { customerCode: 'ENT1', entOrderNo: `POD${i}`, contractNo: 'CT1', billNo: `BL${i}` }),
    ),
  };
}

describe('collateral reducer: a step reads what its document changes (processors/README.md "Collateral rules")', () => {
  it('given a financing repaid on a long chain, when it opens again, then only the pieces another chain holds are re-examined', () => {
    const { log, events } = contractChain(50);
    const step = lastStep([
      ...events,
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO1',
        orderStatus: '20',
        financingOrderNo: 'F1',
        contractNo: 'CT1',
      }),
      // Another enterprise's chain holds one of the bills, under an open financing.
      log('purchase', {
        customerCode: 'ENT2',
        entOrderNo: 'PO9',
        orderStatus: '10',
        financingOrderNo: 'F9',
        billNo: 'BL7',
      }),
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO2',
        orderStatus: '10',
        financingOrderNo: 'F1',
        contractNo: 'CT1',
      }),
    ]);
    expect(step.readWhole).toEqual([step.chainId]);
    expect(step.readEvery).toEqual([]);
    expect(step.changes.map((change) => [change.enterprise, change.subject])).toEqual([
      ['ENT1', 'financing/F1/billOfLading/BL7/other-enterprise'],
      ['ENT2', 'financing/F9/billOfLading/BL7/other-enterprise'],
    ]);
    // A lone open financing pairs with nothing on the chain's own pieces: given only the shared
    // bill of the long chain (and the document's contract), the step is the same.
    const { chains } = step.before.collateral;
    const part = new Map(
      [...chains.get(step.chainId)!].filter(([key]) => key.includes('BL7') || key.includes('CT1')),
    );
    expect(part.size).toBe(2);
    const sliced = reduceCollateral(
      { ...step.before.collateral, chains: new Map([...chains, [step.chainId, part]]) },
      step.event,
      step.linked,
    );
    expect(sliced.changes).toEqual(step.changes);
  });

  it('given two open financings on one chain, when a third opens there, then every piece of the chain is read and paired', () => {
    const { log, events } = contractChain(5);
    const step = lastStep([
      ...events,
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO1',
        orderStatus: '10',
        financingOrderNo: 'F1',
        contractNo: 'CT1',
      }),
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO2',
        orderStatus: '10',
        financingOrderNo: 'F2',
        contractNo: 'CT1',
      }),
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO3',
        orderStatus: '10',
        financingOrderNo: 'F3',
        contractNo: 'CT1',
      }),
    ]);
    expect(step.readEvery).toEqual([step.chainId]);
    // Five bills and the contract, each pairing F3 with F1 and with F2.
    expect(step.changes).toHaveLength(12);
  });

  it('given a financing many purchases name, when one settles, then it counts what is unsettled without reading the others', () => {
    const log = documentLog();
    const purchases = Array.from({ length: 30 }, (_, i) =>
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: `PO${i}`,
        orderStatus: '10',
        financingOrderNo: 'F1',
        contractNo: 'CT1',
      }),
    );
    const settle = (i: number) =>
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: `PO${i}`,
        orderStatus: '20',
        financingOrderNo: 'F1',
        contractNo: 'CT1',
      });
    const settling = settle(3);
    const step = lastStep([...purchases, settling]);
    const key = financingKeyOf('ENT1', 'F1');
    expect(step.state.financings.get(key)).toMatchObject({ unsettled: 29, open: true });
    // Given only the settling purchase's own entry, the financing comes out the same but for the map.
    const known = step.before.collateral.financings.get(key)!;
    const own = { ...known, purchases: { 'ENT1|purchase|PO3': false } };
    const sliced = reduceCollateral(
      { ...step.before.collateral, financings: new Map([[key, own]]) },
      settling,
      step.linked,
    );
    expect(sliced.state.financings.get(key)).toMatchObject({
      unsettled: 29,
      open: true,
      purchases: { 'ENT1|purchase|PO3': true },
    });
  });
});
