import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import type { Document, DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState, reduceLinkNode } from '../link-node/reducer.ts';
import { type ChainsAndCollateral, reduceCollateral, reduceCollateralDocument } from './reducer.ts';
import { normalisedNumber, pieceKeyOf } from './rules.ts';
import { emptyCollateralState } from './state.ts';

const empty = (): ChainsAndCollateral => ({
  links: emptyLinkNodeState(),
  collateral: emptyCollateralState(),
});

/** Given these documents, when each is reduced in turn: the state and every change event. */
function fold(events: readonly DocumentEvent[], state = empty()) {
  const changes: ChangeEvent[] = [];
  for (const event of events) {
    const reduced = reduceCollateralDocument(state, event);
    state = reduced.state;
    changes.push(...reduced.changes);
  }
  return { state, changes };
}

/** The open financings (as `enterprise/number`) holding a piece, across every chain. */
function holders(state: ChainsAndCollateral, pieceKey: string): string[] {
  const chains = [...state.collateral.chains].filter(([, pieces]) => pieces.has(pieceKey)).map(([id]) => id);
  return [...state.collateral.financings.values()]
    .filter((f) => f.open && chains.includes(f.chainId))
    .map((f) => `${f.enterprise}/${f.financingNo}`)
    .sort();
}

const bill = (number: string) => pieceKeyOf('billOfLading', null, number);
const receipt = (warehouse: string, number: string) => pieceKeyOf('warehouseReceipt', warehouse, number);

const purchase = (enterprise: string, entOrderNo: string, extra: Document) => ({
  customerCode: enterprise,
  entOrderNo,
  orderStatus: '10',
  ...extra,
});

describe('collateral rules', () => {
  it('normalises numbers: full-width forms, case, blanks and separators', () => {
    expect(normalisedNumber(' cosu-6301 234/5 ')).toBe('COSU63012345');
    expect(normalisedNumber('ＣＯＳＵ６３０１２３４５')).toBe('COSU63012345');
    expect(normalisedNumber(' - ')).toBeUndefined();
  });
});

describe('collateral reducer', () => {
  it('rule 1: given a financed purchase, when its chain gains a bill, a contract and an inbound, then the financing holds each, bills compared normalised', () => {
    const log = documentLog();
    const { state, changes } = fold([
      log(
        'purchase',
        purchase('ENT1', 'PO1', { financingOrderNo: 'F1', wmsOrderNo: 'IN1', contractNo: 'c-1' }),
      ),
      log('clearance', {
        customerCode: 'ENT1',
        entOrderNo: 'CL1',
        transportBlno: 'bl 001',
        inboundOrderNo: 'IN1',
      }),
      log('inbound', { customerCode: 'ENT1', entOrderNo: 'IN1', inputType: '10', warehouseId: 'w1' }),
    ]);
    expect(holders(state, bill('BL001'))).toEqual(['ENT1/F1']);
    expect(holders(state, pieceKeyOf('contract', null, 'C1'))).toEqual(['ENT1/F1']);
    expect(holders(state, receipt('W1', 'IN1'))).toEqual(['ENT1/F1']);
    expect(changes).toEqual([]);
  });

  it('rule 1: given two inbounds with one number in two warehouses, then they are two receipts', () => {
    const log = documentLog();
    const { state, changes } = fold([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', wmsOrderNo: 'IN1' })),
      log('inbound', { customerCode: 'ENT1', entOrderNo: 'IN1', inputType: '10', warehouseId: 'W1' }),
      log('purchase', purchase('ENT2', 'PO2', { financingOrderNo: 'F2', wmsOrderNo: 'IN1' })),
      log('inbound', { customerCode: 'ENT2', entOrderNo: 'IN1', inputType: '10', warehouseId: 'W2' }),
    ]);
    expect(holders(state, receipt('W1', 'IN1'))).toEqual(['ENT1/F1']);
    expect(holders(state, receipt('W2', 'IN1'))).toEqual(['ENT2/F2']);
    expect(changes).toEqual([]);
  });

  it('rule 3: given a financing holding a warehouse receipt, when a second purchase names that warehouse order, then the pairing is reported once to the enterprise, naming both', () => {
    const log = documentLog();
    const { state, changes } = fold([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', wmsOrderNo: 'IN1' })),
      log('inbound', { customerCode: 'ENT1', entOrderNo: 'IN1', inputType: '10', warehouseId: 'W1' }),
      log('purchase', purchase('ENT1', 'PO2', { financingOrderNo: 'F2', wmsOrderNo: 'IN1' })),
    ]);
    expect(holders(state, receipt('W1', 'IN1'))).toEqual(['ENT1/F1', 'ENT1/F2']);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      projection: 'collateral',
      kind: 'collateral.reused',
      enterprise: 'ENT1',
      subject: 'financing/F1/warehouseReceipt/W1/IN1/with/F2',
      data: {
        collateral: { kind: 'warehouseReceipt', number: 'IN1', warehouse: 'W1' },
        financingOrderNo: 'F1',
        otherFinancingOrderNo: 'F2',
        otherEnterprise: false,
      },
    });
  });

  it('rule 3: given a reported pairing, when documents repeat or extend it, then it is not reported again', () => {
    const log = documentLog();
    const first = [
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1' })),
      log('purchase', purchase('ENT2', 'PO9', { financingOrderNo: 'F9', billNo: 'BL1' })),
    ];
    const { state, changes } = fold(first);
    expect(changes).toHaveLength(2);
    const again = fold(
      [
        log('purchase', purchase('ENT2', 'PO9', { financingOrderNo: 'F9', billNo: 'BL1', currency: 'CNY' })),
        log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL-1' }),
      ],
      state,
    );
    expect(again.changes).toEqual([]);
  });

  it('rule 4: given a financing of ENT1 holding a bill, when another enterprise finances the same bill, then each enterprise hears of it under its own name only', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', wmsOrderNo: 'IN1' })),
      log('inbound', {
        customerCode: 'ENT1',
        entOrderNo: 'IN1',
        inputType: '10',
        warehouseId: 'W1',
        billNo: 'BL7',
      }),
      log('purchase', purchase('ENT2', 'PO9', { financingOrderNo: 'F9', wmsOrderNo: 'IN9' })),
      log('inbound', {
        customerCode: 'ENT2',
        entOrderNo: 'IN9',
        inputType: '10',
        warehouseId: 'W9',
        billNo: 'bl7',
      }),
    ]);
    expect(changes.map((c) => [c.enterprise, c.subject, c.data])).toEqual([
      [
        'ENT1',
        'financing/F1/billOfLading/BL7/other-enterprise',
        {
          collateral: { kind: 'billOfLading', number: 'BL7', warehouse: null },
          financingOrderNo: 'F1',
          otherFinancingOrderNo: null,
          otherEnterprise: true,
        },
      ],
      [
        'ENT2',
        'financing/F9/billOfLading/BL7/other-enterprise',
        {
          collateral: { kind: 'billOfLading', number: 'BL7', warehouse: null },
          financingOrderNo: 'F9',
          otherFinancingOrderNo: null,
          otherEnterprise: true,
        },
      ],
    ]);
    expect(JSON.stringify(changes.filter((c) => c.enterprise === 'ENT1'))).not.toMatch(/ENT2|F9|PO9|IN9/);
  });

  it('rule 2: given a financing whose purchase reached a final status, when another financing takes up its bill, then nothing is reported and it no longer holds', () => {
    const log = documentLog();
    const { state, changes } = fold([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1' })),
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1', orderStatus: '20' })),
      log('purchase', purchase('ENT2', 'PO9', { financingOrderNo: 'F9', billNo: 'BL1' })),
    ]);
    expect(changes).toEqual([]);
    expect(holders(state, bill('BL1'))).toEqual(['ENT2/F9']);
    expect(state.collateral.financings.get(financingKeyOf('ENT1', 'F1'))?.open).toBe(false);
  });

  it('rule 2: given a cancelled purchase, when a late version says executing again, then it stays final', () => {
    const log = documentLog();
    const { state } = fold([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1', orderStatus: '30' })),
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1', orderStatus: '10' })),
    ]);
    expect(state.collateral.financings.get(financingKeyOf('ENT1', 'F1'))?.open).toBe(false);
  });

  it('rule 1: given two chains of one enterprise each financed, when a document merges them, then every piece of either is paired', () => {
    const log = documentLog();
    const { state, changes } = fold([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1' })),
      log('purchase', purchase('ENT1', 'PO2', { financingOrderNo: 'F2', billNo: 'BL2' })),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL1', busiOrderNo: 'B1' }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD2', billNo: 'BL2', busiOrderNo: 'B1' }),
    ]);
    expect(holders(state, bill('BL1'))).toEqual(['ENT1/F1', 'ENT1/F2']);
    expect(holders(state, bill('BL2'))).toEqual(['ENT1/F1', 'ENT1/F2']);
    expect(changes.map((c) => c.subject).sort()).toEqual([
      'financing/F1/billOfLading/BL1/with/F2',
      'financing/F1/billOfLading/BL2/with/F2',
    ]);
  });

  it('rule 5: given two sightings of one bill, then the earliest is its first sight whatever the order they were read in', () => {
    const log = documentLog();
    const early = log(
      'pod',
      { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL1', financingOrderNo: 'F1' },
      {
        receivedAt: '2026-01-01T00:00:00.000Z',
      },
    );
    const financed = log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1' }));
    const late = log(
      'clearance',
      { customerCode: 'ENT1', entOrderNo: 'CL1', blno: 'BL1', financingOrderNo: 'F1' },
      {
        receivedAt: '2026-02-01T00:00:00.000Z',
      },
    );
    const firstSight = (events: DocumentEvent[]) => {
      const { state } = fold(events);
      const [pieces] = [...state.collateral.chains.values()];
      return pieces?.get(bill('BL1'))?.provenance.documentId;
    };
    expect(firstSight([early, financed, late])).toBe(early.provenance.documentId);
    expect(firstSight([late, financed, early])).toBe(early.provenance.documentId);
  });

  it('given a document that changes nothing it holds, then the state is the same object', () => {
    const log = documentLog();
    const first = log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1' }));
    const { state } = fold([first]);
    const again = reduceCollateralDocument(state, first);
    expect(again.state).toBe(state);
    expect(again.changes).toEqual([]);
  });

  /** The chains the last document's step read whole, and the chains it merged (survivor, absorbed). */
  function lastStep(events: readonly DocumentEvent[]) {
    const { state } = fold(events.slice(0, -1));
    const event = events.at(-1)!;
    const linked = reduceLinkNode(state.links, event).changes;
    const merge = linked.find((change) => change.kind === 'chain.merged')!;
    return {
      readWhole: reduceCollateral(state.collateral, event, linked).readWhole,
      survivor: merge.subject,
      absorbed: merge.data.absorbed as string[],
    };
  }

  it('a merge reads the absorbed chain whole, and the survivor whole only when an open financing moves in', () => {
    const log = documentLog();
    // The financed chain is the larger: it survives, and only the pieces moved in gain a holder.
    const intoFinanced = lastStep([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1' })),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL1' }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD9', billNo: 'BL9', busiOrderNo: 'B1' }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD2', billNo: 'BL1', busiOrderNo: 'B1' }),
    ]);
    expect(intoFinanced.readWhole).toEqual(intoFinanced.absorbed);
    // The financed chain is absorbed: its open financing now holds every piece of the survivor.
    const financedAbsorbed = lastStep([
      log('purchase', purchase('ENT1', 'PO1', { financingOrderNo: 'F1', billNo: 'BL1' })),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD9', billNo: 'BL9', busiOrderNo: 'B1' }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD8', billNo: 'BL9' }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD2', billNo: 'BL1', busiOrderNo: 'B1' }),
    ]);
    expect([...financedAbsorbed.readWhole].sort()).toEqual(
      [...financedAbsorbed.absorbed, financedAbsorbed.survivor].sort(),
    );
  });
});
