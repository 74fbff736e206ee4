import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import type { Document, DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState } from '../link-node/reducer.ts';
import { crossedThresholds } from './coverage.ts';
import { emptyPledgeState } from './pledgeState.ts';
import { type ChainsCollateralPledges, reduceAlertsDocument } from './pledges.ts';
import { stockKeyOf, stockKeysToRead, stockLeft } from './receiptStock.ts';
import { emptyCollateralState } from './state.ts';

const empty = (): ChainsCollateralPledges => ({
  links: emptyLinkNodeState(),
  collateral: emptyCollateralState(),
  pledges: emptyPledgeState(),
});

/** Given these documents, when each is reduced in turn (thresholds: the default 1 unless given): the state and every event. */
function fold(events: readonly DocumentEvent[], thresholds: readonly number[] = [1], state = empty()) {
  const changes: ChangeEvent[] = [];
  for (const event of events) {
    const reduced = reduceAlertsDocument(state, event, () => thresholds);
    state = reduced.state;
    changes.push(...reduced.changes);
  }
  return { state, changes };
}

const alerts = (changes: readonly ChangeEvent[]) =>
  changes.filter((change) => change.kind === 'collateral.released' || change.kind === 'coverage.low');

// A financed purchase of 1000 against inbound IN1 (goods G1 lot L1, 100 at 10 each) in warehouse W1.
const purchase = (extra: Document = {}) => ({
  customerCode: 'ENT1',
  entOrderNo: 'PO1',
  orderStatus: '10',
  financingOrderNo: 'F1',
  wmsOrderNo: 'IN1',
  purchaseAmount: 1000,
  ...extra,
});
const inbound = (qty = 100, extra: Document = {}) => ({
  customerCode: 'ENT1',
  entOrderNo: 'IN1',
  inputType: '10',
  warehouseId: 'W1',
  goodsList: [{ entGoodsNo: 'G1', lotNo: 'L1', declareQty: qty, declareUnitPrice: 10 }],
  ...extra,
});
const outbound = (entOrderNo: string, qty: number, goods = 'G1') => ({
  customerCode: 'ENT1',
  entOrderNo,
  warehouseId: 'W1',
  goodsList: [{ entGoodsNo: goods, lotNo: 'L1', declareQty: qty, actualQty: qty, declareUnitPrice: 10 }],
});

describe('release and coverage rules', () => {
  it('rule 1: stock left behind lines is on hand, never above what the line brought, valued at its price, unpriced lines counted', () => {
    const balances = new Map([
      ['a', 50],
      ['b', 500],
      ['c', -3],
    ]);
    expect(
      stockLeft(
        [
          { stockKey: 'a', qty: 100, amount: 1000 },
          { stockKey: 'b', qty: 10, amount: null },
          { stockKey: 'c', qty: 10, amount: 100 },
        ],
        balances,
      ),
    ).toMatchObject({ qty: 60, value: 500, unpricedLines: 1 });
  });

  it('rule 3a: given an open financing holding a receipt, when an outbound takes its goods, then one collateral.released names the outbound and the financing', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      log('outbound', outbound('OUT1', 30)),
    ]);
    const released = changes.filter((change) => change.kind === 'collateral.released');
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({
      enterprise: 'ENT1',
      subject: 'receipt/W1/IN1',
      source: { documentId: 'doc-outbound-2' },
      data: {
        collateral: { kind: 'warehouseReceipt', warehouse: 'W1', number: 'IN1' },
        financingOrderNos: ['F1'],
        cause: { kind: 'outbound', documentType: 'outbound', orderNo: 'OUT1' },
        stockLeft: { before: { qty: 100, value: 1000 }, after: { qty: 70, value: 700 } },
      },
    });
  });

  it('rule 3: given a release recorded, when the same outbound comes again (a redelivery, a duplicate record), then nothing more is published', () => {
    const log = documentLog();
    const first = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      log('outbound', outbound('OUT1', 30)),
    ]);
    const again = log('outbound', outbound('OUT1', 30));
    const duplicate = { ...again, provenance: { ...again.provenance, documentId: 'doc-outbound-2' } };
    expect(fold([again, duplicate], [1], first.state).changes).toEqual([]);
  });

  it('rule 2: given the financing repaid (its purchase at 20), when an outbound takes the receipt’s goods, then no release', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      log('purchase', purchase({ orderStatus: '20' })),
      log('outbound', outbound('OUT1', 30)),
    ]);
    expect(alerts(changes).filter((c) => c.kind === 'collateral.released')).toEqual([]);
  });

  it('rule 3a: given surplus stock of the goods beyond the receipt, when an outbound takes only the surplus, then no release', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      // Another, unfinanced inbound of the same goods and lot.
      log('inbound', { ...inbound(), entOrderNo: 'IN2' }),
      log('outbound', outbound('OUT1', 60)),
      log('outbound', outbound('OUT2', 60)),
    ]);
    const released = changes.filter((change) => change.kind === 'collateral.released');
    expect(released.map((c) => c.source.documentId)).toEqual(['doc-outbound-4']);
  });

  it('rule 3b: given a held receipt, when its tally counts less than expected, then a release names the tally', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      log('tally', {
        customerCode: 'ENT1',
        orderNo: 'T1',
        inboundOrderNo: 'IN1',
        warehouseId: 'W1',
        goodsList: [
          { entGoodsNo: 'G1', lotNo: 'L1', expectReceiveQty: 100, goodQty: 98, declareTotalPrice: 1000 },
        ],
      }),
    ]);
    const released = changes.filter((change) => change.kind === 'collateral.released');
    expect(released).toHaveLength(1);
    expect(released[0]!.data).toMatchObject({ cause: { kind: 'tally', orderNo: 'T1' } });
  });

  it('rule 3c: given a held receipt, when a stock report shows less than is pledged, then a release; the same shortfall reported again is not, a deeper one is', () => {
    const log = documentLog();
    const report = (qty: number) =>
      log('warehouseStock', {
        customerCode: 'ENT1',
        warehouseId: 'W1',
        snapshotTime: '2026-01-02 00:00:00',
        stockList: [{ goodsId: 'G1', batchCode: 'L1', stockType: '0', realStockNum: qty }],
      });
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      report(100),
      report(80),
      report(80),
      report(70),
    ]);
    const released = changes.filter((change) => change.kind === 'collateral.released');
    expect(released.map((c) => [c.source.documentId, (c.data.cause as { kind: string }).kind])).toEqual([
      ['doc-warehouseStock-3', 'stockReport'],
      ['doc-warehouseStock-5', 'stockReport'],
    ]);
  });

  it('rule 4: another enterprise’s financing and a chain without a receipt are never named', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      // ENT2 finances a purchase naming a receipt of the same number in its own chain.
      log('purchase', { ...purchase({ customerCode: 'ENT2', financingOrderNo: 'F9' }) }),
      log('inbound', { ...inbound(), customerCode: 'ENT2' }),
      log('outbound', outbound('OUT1', 30)),
    ]);
    const released = changes.filter((change) => change.kind === 'collateral.released');
    expect(released.map((c) => [c.enterprise, c.data.financingOrderNos])).toEqual([['ENT1', ['F1']]]);
    expect(JSON.stringify(released)).not.toMatch(/F9|ENT2/);
  });

  it('rules 4 and 5: coverage.low fires once per threshold crossed, not again while low', () => {
    const log = documentLog();
    const { state, changes } = fold(
      [
        log('purchase', purchase()),
        log('inbound', inbound()), // 1.0
        log('outbound', outbound('OUT1', 10)), // 0.9: crosses 1
        log('outbound', outbound('OUT2', 20)), // 0.7: crosses 0.8
        log('outbound', outbound('OUT3', 10)), // 0.6: still low
      ],
      [0.8, 1],
    );
    const low = changes.filter((change) => change.kind === 'coverage.low');
    expect(low.map((c) => [c.source.documentId, c.subject, c.data.threshold])).toEqual([
      ['doc-outbound-2', 'financing/F1/coverage-low/1', 1],
      ['doc-outbound-3', 'financing/F1/coverage-low/0.8', 0.8],
    ]);
    expect(low[1]!.data).toMatchObject({
      financingOrderNo: 'F1',
      coverage: { before: 0.9, after: 0.7 },
      stockValue: 700,
      purchaseAmount: 1000,
      unpricedLines: 0,
    });
    expect(state.pledges.coverage.get(JSON.stringify(['ENT1', 'F1']))?.coverage).toBe(0.6);
  });

  it('rule 5: crossing is from at or above to below; a first evaluation below crosses', () => {
    expect(crossedThresholds(1, 0.99, [1, 0.5])).toEqual([1]);
    expect(crossedThresholds(0.9, 0.8, [1])).toEqual([]);
    expect(crossedThresholds(undefined, 0.4, [1, 0.5])).toEqual([1, 0.5]);
    expect(crossedThresholds(0.4, 1.2, [1])).toEqual([]);
    expect(crossedThresholds(1.2, null, [1])).toEqual([]);
  });

  it('rule 5: recovering above the threshold and falling again fires again', () => {
    const log = documentLog();
    const { changes } = fold([
      log('purchase', purchase()),
      log('inbound', inbound()),
      log('outbound', outbound('OUT1', 50)), // 0.5
      log('inbound', { ...inbound(), entOrderNo: 'IN2' }), // unpledged stock back in: 1.0
      log('outbound', outbound('OUT2', 80)), // 0.7
    ]);
    expect(changes.filter((c) => c.kind === 'coverage.low').map((c) => c.source.documentId)).toEqual([
      'doc-outbound-2',
      'doc-outbound-4',
    ]);
  });

  it('rule 4: a financing holding no receipt yet is not evaluated; a purchase amount unknown leaves coverage null', () => {
    const log = documentLog();
    const { state, changes } = fold([
      log('purchase', purchase({ purchaseAmount: undefined })),
      log('inbound', inbound()),
      log('outbound', outbound('OUT1', 90)),
    ]);
    expect(changes.filter((c) => c.kind === 'coverage.low')).toEqual([]);
    expect(state.pledges.coverage.get(JSON.stringify(['ENT1', 'F1']))).toMatchObject({
      coverage: null,
      stockValue: 100,
      purchaseAmount: null,
    });
    expect(fold([log('purchase', purchase())]).changes).toEqual([]);
  });
});

describe('the lines counting on a stock key', () => {
  const tally = (goods: string, qty: number) => ({
    customerCode: 'ENT1',
    orderNo: 'T1',
    inboundOrderNo: 'IN1',
    warehouseId: 'W1',
    goodsList: [{ entGoodsNo: goods, lotNo: 'L1', expectReceiveQty: qty, goodQty: qty }],
  });
  const keyLines = (state: ChainsCollateralPledges, goods: string) =>
    state.pledges.keyLines.get(stockKeyOf('ENT1', 'W1', goods, 'L1'));

  it('given an inbound, when its tally counts other goods, then its goods no longer count on their key and the largest line there is forgotten', () => {
    const log = documentLog();
    const inbounded = fold([log('inbound', inbound(100))]).state;
    expect(keyLines(inbounded, 'G1')).toEqual({ lines: 1, maxQty: 100 });
    const tallied = fold([log('tally', tally('G2', 60))], [1], inbounded).state;
    expect(keyLines(tallied, 'G1')).toEqual({ lines: 0, maxQty: 0 });
    expect(keyLines(tallied, 'G2')).toEqual({ lines: 1, maxQty: 60 });
  });

  it('given two receipts on a key, when one is replaced by a smaller version, then the key counts both and keeps the larger bound until neither counts', () => {
    const log = documentLog();
    const { state } = fold([
      log('inbound', inbound(100)),
      log('inbound', inbound(30, { entOrderNo: 'IN2' })),
      log('inbound', inbound(20)),
    ]);
    expect(keyLines(state, 'G1')).toEqual({ lines: 2, maxQty: 100 });
    const outbounds = fold([log('outbound', outbound('OUT1', 10))], [1], state).state;
    expect(keyLines(outbounds, 'G1')).toEqual({ lines: 2, maxQty: 100 });
  });

  it("given receipts tallied onto other goods, when a new inbound's stock runs low on their old key, then the tallied receipts keep their value and no release names them", () => {
    const log = documentLog();
    const { state } = fold([
      log('purchase', purchase()),
      log('inbound', inbound(100)),
      log('tally', tally('G2', 100)),
    ]);
    const { state: after, changes } = fold(
      [log('inbound', inbound(40, { entOrderNo: 'IN9' })), log('outbound', outbound('OUT1', 40))],
      [1],
      state,
    );
    expect(alerts(changes)).toEqual([]);
    expect(keyLines(after, 'G1')).toEqual({ lines: 1, maxQty: 40 }); // the new inbound's line alone
    const before = [...state.pledges.receiptValues];
    expect(before).toHaveLength(1);
    for (const [id, value] of before) expect(after.pledges.receiptValues.get(id)).toEqual(value);
  });
});

describe('which stock keys a batch reads the receipts of', () => {
  const K = 'K';
  const read = (
    balance: number,
    keyMax: number,
    lines: number[],
    reported: string[] = [],
    counted = { lines: 3, own: 1 },
  ) =>
    stockKeysToRead({
      reported,
      lines: lines.map((qty) => ({ stockKey: K, qty })),
      balances: new Map([[K, balance]]),
      keyLines: new Map([[K, { lines: counted.lines, maxQty: keyMax }]]),
      ownLines: new Map([[K, counted.own]]),
    });

  it('given stock well above every line on the key, when a batch moves less than the margin, then its receipts are not read', () => {
    expect(read(1_000, 100, [-300, 200, -50])).toEqual(new Set());
  });

  it('given the stock close to the largest line, when the batch may take it below, then the key is read', () => {
    expect(read(1_000, 100, [-300, 200, -401])).toEqual(new Set([K]));
  });

  it('given a batch line larger than any on the key so far, when the stock cannot cover it, then the key is read', () => {
    expect(read(500, 100, [450])).toEqual(new Set([K]));
  });

  it('given a stock report of the key, then the key is read whatever its stock', () => {
    expect(read(1_000_000, 1, [], [K])).toEqual(new Set([K]));
    expect(read(1_000_000, 1, [], [K], { lines: 0, own: 0 })).toEqual(new Set([K]));
  });

  it("given every line counting on the key is the batch's own, when the batch may take its stock to 0, then no other receipt is read", () => {
    expect(read(100, 100, [-100], [], { lines: 1, own: 1 })).toEqual(new Set());
    expect(read(0, 0, [100], [], { lines: 0, own: 0 })).toEqual(new Set());
  });

  it("given one line on the key that is not the batch's own, when the batch may take its stock below it, then the key is read", () => {
    expect(read(100, 100, [-100], [], { lines: 2, own: 1 })).toEqual(new Set([K]));
  });
});
