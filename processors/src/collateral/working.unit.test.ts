import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState, type LinkNodeState, reduceLinkNode } from '../link-node/reducer.ts';
import { holdingsOf } from './holdings.ts';
import { emptyPledgeState, type ReceiptValue } from './pledgeState.ts';
import { receiptIdOf } from './receiptStock.ts';
import { reduceCollateral } from './reducer.ts';
import { type CollateralState, emptyCollateralState } from './state.ts';
import { workingCollateral } from './working.ts';

/** Values of no receipt: the tests of slicing do not look at rule 4's totals. */
const noValues = () => ({ qty: 0, value: 0, unpricedLines: 0 });

/** The link-node steps of each document, in log order, on chains built from nothing. */
function linked(events: readonly DocumentEvent[]): ChangeEvent[][] {
  let links: LinkNodeState = emptyLinkNodeState();
  return events.map((event) => {
    const reduced = reduceLinkNode(links, event);
    links = reduced.state;
    return reduced.changes;
  });
}

/**
 * A log that makes chains meet: purchases naming financings and bills across three enterprises,
 * proofs of delivery tying bills together by business order (merging chains), and statuses
 * reaching final and back, drawn from a seeded generator so a failure repeats.
 */
function tangledLog(count: number): DocumentEvent[] {
  const log = documentLog();
  let seed = 7;
  const pick = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: count }, () => {
    const enterprise = `ENT${pick(3) + 1}`;
    if (pick(3) === 0)
      return log('pod', {
        customerCode: enterprise,
        entOrderNo: `POD${pick(40)}`,
        billNo: `BL${pick(20)}`,
        busiOrderNo: `B${pick(30)}`,
      });
    return log('purchase', {
      customerCode: enterprise,
      entOrderNo: `PO${pick(30)}`,
      orderStatus: ['10', '10', '20', '30'][pick(4)],
      financingOrderNo: `F${pick(6)}`,
      billNo: `BL${pick(20)}`,
    });
  });
}

const sorted = <V>(map: ReadonlyMap<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1));
const snapshot = (state: CollateralState) => ({
  chains: sorted(state.chains).map(([id, pieces]) => [id, sorted(pieces)]),
  financings: sorted(state.financings),
  pairings: sorted(state.pairings),
});

describe('working collateral (the batch shell hands each step its slice)', () => {
  it('given documents whose chains share bills across enterprises and merge, when each is reduced on its slice, then the state and change events are those of reducing on the whole state', () => {
    const events = tangledLog(400);
    const steps = linked(events);

    let whole = emptyCollateralState();
    const wholeChanges: ChangeEvent[] = [];
    const working = workingCollateral(emptyCollateralState(), noValues);
    const slicedChanges: ChangeEvent[] = [];
    for (const [index, event] of events.entries()) {
      const reduced = reduceCollateral(whole, event, steps[index]!);
      whole = reduced.state;
      wholeChanges.push(...reduced.changes);

      const slice = working.slice(event, steps[index]!);
      const step = reduceCollateral(slice, event, steps[index]!);
      if (step.state !== slice) working.absorb(slice, step.state);
      slicedChanges.push(...step.changes);
    }
    // The log exercises what slicing must get right: merges, shared pieces, pairings.
    expect(steps.flat().filter((c) => c.kind === 'chain.merged').length).toBeGreaterThan(0);
    expect(wholeChanges.filter((c) => c.kind === 'collateral.reused').length).toBeGreaterThan(5);
    expect(slicedChanges).toEqual(wholeChanges);

    expect(snapshot(working)).toEqual(snapshot(whole));
  });

  it('given chains of other bills, when a document is sliced, then its slice holds only the chains it touches', () => {
    const log = documentLog();
    const events = Array.from({ length: 20 }, (_, i) =>
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: `PO${i}`,
        orderStatus: '10',
        financingOrderNo: `F${i}`,
        billNo: `BL${i}`,
      }),
    );
    const steps = linked(events);
    const working = workingCollateral(emptyCollateralState(), noValues);
    for (const [index, event] of events.entries()) {
      const slice = working.slice(event, steps[index]!);
      expect(slice.chains.size).toBe(0);
      expect(slice.financings.size).toBe(0);
      const step = reduceCollateral(slice, event, steps[index]!);
      working.absorb(slice, step.state);
    }
    expect(working.chains.size).toBe(20);
    const again = log('purchase', {
      customerCode: 'ENT1',
      entOrderNo: 'PO3',
      orderStatus: '20',
      financingOrderNo: 'F3',
      billNo: 'BL3',
    });
    const slice = working.slice(again, linked([...events, again]).at(-1)!);
    expect(slice.chains.size).toBe(1);
    expect([...slice.financings.keys()]).toEqual([financingKeyOf('ENT1', 'F3')]);
  });

  it('given a long chain two open financings hold, when a document brings it a bill, then its slice holds the pieces it brings, not the chain, and pairs the two on the new bill as the whole state does', () => {
    const log = documentLog();
    const events = [
      ...Array.from({ length: 40 }, (_, i) =>
        log('pod', { customerCode: 'ENT1', entOrderNo: `POD${i}`, contractNo: 'CT1', billNo: `BL${i}` }),
      ),
      ...['F1', 'F2'].map((financingOrderNo, i) =>
        log('purchase', {
          customerCode: 'ENT1',
          entOrderNo: `PO${i}`,
          orderStatus: '10',
          financingOrderNo,
          contractNo: 'CT1',
        }),
      ),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD-NEW', contractNo: 'CT1', billNo: 'BL-NEW' }),
    ];
    const steps = linked(events);
    let whole = emptyCollateralState();
    const working = workingCollateral(emptyCollateralState(), noValues);
    let last: { slice: CollateralState; changes: ChangeEvent[] } | undefined;
    let wholeChanges: ChangeEvent[] = [];
    for (const [index, event] of events.entries()) {
      const reduced = reduceCollateral(whole, event, steps[index]!);
      whole = reduced.state;
      wholeChanges = reduced.changes;
      const slice = working.slice(event, steps[index]!);
      const step = reduceCollateral(slice, event, steps[index]!);
      if (step.state !== slice) working.absorb(slice, step.state);
      last = { slice, changes: step.changes };
    }
    // The second financing opening read the chain whole (41 pieces: 40 bills and the contract);
    // the bill after it is handed what the chain holds of its pieces (the contract), not the 40 bills.
    const [chain] = [...last!.slice.chains.values()];
    expect([...chain!.keys()]).toEqual([expect.stringContaining('CT1')]);
    expect(last!.changes.map((change) => change.subject)).toEqual([
      'financing/F1/billOfLading/BLNEW/with/F2',
    ]);
    expect(last!.changes).toEqual(wholeChanges);
    expect(snapshot(working)).toEqual(snapshot(whole));
  });

  it("given inbounds joining chains that merge and receipts changing value, when each step is taken on its slice, then every chain's receipt total is the sum over the receipts it holds", () => {
    const log = documentLog();
    let seed = 11;
    const pick = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    // Inbounds (warehouse receipts) and proofs of delivery tie bills and orders together, so
    // receipts join chains one by one and whole chains of them merge.
    const events = Array.from({ length: 300 }, () =>
      pick(2) === 0
        ? log('inbound', {
            customerCode: 'ENT1',
            entOrderNo: `IN${pick(90)}`,
            warehouseId: `WH${pick(2)}`,
            billNo: `BL${pick(120)}`,
          })
        : log('pod', {
            customerCode: 'ENT1',
            entOrderNo: `POD${pick(40)}`,
            billNo: `BL${pick(120)}`,
            busiOrderNo: `B${pick(60)}`,
          }),
    );
    const steps = linked(events);
    const values = new Map<string, ReceiptValue>();
    const stockLeftOf = (enterprise: string, pieceKey: string) =>
      values.get(receiptIdOf(enterprise, pieceKey)) ?? { qty: 0, value: 0, unpricedLines: 0 };
    const pledges = emptyPledgeState();
    pledges.receiptValues = values;

    let whole = emptyCollateralState();
    const working = workingCollateral(emptyCollateralState(), stockLeftOf);
    for (const [index, event] of events.entries()) {
      whole = reduceCollateral(whole, event, steps[index]!).state;
      const slice = working.slice(event, steps[index]!);
      const step = reduceCollateral(slice, event, steps[index]!);
      if (step.state !== slice) working.absorb(slice, step.state);
      // A step of the release and coverage rules re-values some receipts held so far.
      const changed = new Map<string, ReceiptValue>();
      for (const [, pieces] of whole.chains)
        for (const [pieceKey, piece] of pieces)
          if (piece.kind === 'warehouseReceipt' && pick(4) === 0)
            changed.set(receiptIdOf(piece.enterprise, pieceKey), {
              qty: pick(10),
              value: pick(100_000) / 100 + 0.005,
              unpricedLines: pick(3),
            });
      working.revalue(changed);
      for (const [id, value] of changed) values.set(id, value);

      const scanned = holdingsOf({ chains: whole.chains, financings: new Map() });
      for (const chainId of whole.chains.keys())
        expect(working.holdings.receiptTotal(chainId, pledges), `${chainId} after document ${index}`).toEqual(
          scanned.receiptTotal(chainId, pledges),
        );
    }
    expect(steps.flat().filter((c) => c.kind === 'chain.merged').length).toBeGreaterThan(5);
    expect([...whole.chains.values()].some((pieces) => pieces.size > 3)).toBe(true);
  });
});
