import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import {
  enterpriseDataStateOf,
  goodsAsOf,
  monthlyStockMovementsAsOf,
  ownerDeclarationsAsOf,
  type RecordAsOf,
  receiptLinesAsOf,
  stockAsOf,
  warehouseLinesAsOf,
  warehouseSummaryAsOf,
} from './asOf.ts';

const log = documentLog();
const inbound = log('inbound', {
  customerCode: 'ENT1',
  entOrderNo: 'IN1',
  warehouseId: 'W1',
  commitTime: '2026-02-03 10:00:00',
  goodsList: [
    { entGoodsNo: 'G1', entGoodsName: 'Milk', declareQty: 100, declareUnitPrice: 2, lotNo: 'L1' },
    { entGoodsNo: 'G2', entGoodsName: 'Soap', declareQty: 10 },
  ],
});
// Names no enterprise: attributed by the shell, its enterprise kept by the document index.
const tally = log(
  'tally',
  {
    orderNo: 'T1',
    inboundOrderNo: 'IN1',
    warehouseId: 'W1',
    tallyTime: '2026-02-04 09:00:00',
    goodsList: [{ entGoodsNo: 'G1', goodQty: 95, damageQty: 5, lotNo: 'L1', declareUnitPrice: 2 }],
  },
  { grants: ['ENT1'] },
);
const outbound = log('outbound', {
  customerCode: 'ENT1',
  entOrderNo: 'OUT1',
  warehouseId: 'W1',
  deliverTime: '2026-03-01 08:00:00',
  goodsList: [{ entGoodsNo: 'G1', declareQty: 30, actualQty: 20, declareUnitPrice: 2, lotNo: 'L1' }],
});
const goodsImport = log('goods', {
  customerCode: 'ENT1',
  goodsList: [{ entGoodsNo: 'G1', goodsName: 'Milk powder', brand: 'A' }],
});
const goodsSync = log('synchronizeGoods', {
  customerCode: 'ENT1',
  goodsName: 'Milk powder 900g',
  recordInfo: { entGoodsNo: 'G1', recordPrice: 3 },
});

const indexed = (...events: DocumentEvent[]): RecordAsOf[] =>
  events.map((event) => ({ event, enterprise: 'ENT1' }));
const everything = { enterprise: 'ENT1', warehouseId: null, goodsIds: null, limit: 50, offset: 0 };
const stockShape = (records: RecordAsOf[]) =>
  stockAsOf(enterpriseDataStateOf(records), everything).rows.map(
    (row) => `${row.goodsId}/${row.batchCode}/${row.stockType}=${row.qty}`,
  );

describe('enterprise data as of a moment', () => {
  it('given the records received by then, when folded, then stock is what the movements that counted then add up to', () => {
    expect(stockShape(indexed(inbound))).toEqual(['G1/L1/0=100', 'G2//0=10']);
    // The tally replaces the inbound's declared lines (the inbound stops counting).
    expect(stockShape(indexed(inbound, tally))).toEqual(['G1/L1/0=95', 'G1/L1/1=5']);
    expect(stockShape(indexed(inbound, tally, outbound))).toEqual(['G1/L1/0=75', 'G1/L1/1=5']);
    // In whatever order the index handed the records over: folded in log order.
    expect(stockShape(indexed(outbound, tally, inbound))).toEqual(
      stockShape(indexed(inbound, tally, outbound)),
    );
  });

  it('keeps each goods source apart and merges them as the table is read, later received first', () => {
    const { rows } = goodsAsOf(enterpriseDataStateOf(indexed(goodsImport, goodsSync)), {
      enterprise: 'ENT1',
      limit: 10,
      offset: 0,
    });
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!.sources).sort()).toEqual(['goods', 'synchronizeGoods']);
    expect(rows[0]!.sources.goods!.fields).toMatchObject({ goodsName: 'Milk powder', brand: 'A' });
    expect(rows[0]!.sources.synchronizeGoods!.fields).toMatchObject({
      goodsName: 'Milk powder 900g',
      recordPrice: 3,
    });
    expect(rows[0]!.updatedAt).toBe(goodsSync.provenance.receivedAt);
    // Only what was updated since a moment.
    const since = new Date(Date.parse(goodsSync.provenance.receivedAt) + 1).toISOString();
    expect(
      goodsAsOf(enterpriseDataStateOf(indexed(goodsImport, goodsSync)), {
        enterprise: 'ENT1',
        since,
        limit: 10,
        offset: 0,
      }).total,
    ).toBe(0);
  });

  it('sums a period as the warehouse summary does: inputs and outputs within it, stock standing at its end', () => {
    const data = enterpriseDataStateOf(indexed(inbound, tally, outbound));
    const february = warehouseSummaryAsOf(data, { enterprise: 'ENT1', from: '2026-02-01', to: '2026-03-01' });
    expect(february).toMatchObject({
      inputQty: 100,
      inputAmount: 200,
      inputSkuNum: 1,
      outputQty: 0,
      inventoryQty: 100,
      inventoryAmount: 200,
      inventorySkuNum: 1,
      inputUnpricedLines: 0,
    });
    const march = warehouseSummaryAsOf(data, { enterprise: 'ENT1', from: '2026-03-01', to: '2026-04-01' });
    expect(march).toMatchObject({ inputQty: 0, outputQty: 20, outputAmount: 40, inventoryQty: 80 });
    // The untallied inbound's unpriced soap line counts as unpriced stock.
    const before = enterpriseDataStateOf(indexed(inbound));
    expect(
      warehouseSummaryAsOf(before, { enterprise: 'ENT1', from: '2026-02-01', to: '2026-03-01' }),
    ).toMatchObject({
      inventoryQty: 110,
      inventoryAmount: 200,
      inputUnpricedLines: 1,
      inventoryUnpricedLines: 1,
    });
  });

  it('lists the lines of the period’s orders, and the declarations of an owner within its dates', () => {
    const data = enterpriseDataStateOf(indexed(inbound, outbound));
    const lines = warehouseLinesAsOf(data, {
      enterprise: 'ENT1',
      direction: 'inbound',
      from: '2026-02-01',
      to: '2026-03-01',
      limit: 1,
      offset: 1,
    });
    expect(lines.total).toBe(2);
    expect(lines.rows.map((row) => [row.orderNo, row.lineNo, row.line.entGoodsNo])).toEqual([
      ['IN1', 2, 'G2'],
    ]);

    const clearance = (declareTime: string, entOrderNo: string) =>
      log('clearance', { customerCode: 'ENT1', entOrderNo, declareTime, ieFlag: 'I', goodsList: [] });
    const declarations = enterpriseDataStateOf(
      indexed(
        clearance('2026-02-28 23:00:00', 'D2'),
        clearance('2026-02-01 00:00:00', 'D1'),
        clearance('2026-03-01 00:00:00', 'D3'),
      ),
    );
    const february = ownerDeclarationsAsOf(declarations, {
      enterprise: 'ENT1',
      dataSource: '20',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      limit: 10,
      offset: 0,
    });
    expect(february.rows.map((row) => row.orderNo)).toEqual(['D1', 'D2']);
  });

  it('finds the lines behind a receipt, its tallies once tallied, with the stock of their goods and lot then', () => {
    const receipt = [{ enterprise: 'ENT1', topic: inbound.provenance.topic, recordKey: 'IN1' }];
    const keyed = (event: DocumentEvent, recordKey: string): DocumentEvent => ({
      ...event,
      provenance: { ...event.provenance, recordKey },
    });
    const received = keyed(inbound, 'IN1');
    const shape = (...events: DocumentEvent[]) =>
      receiptLinesAsOf(enterpriseDataStateOf(indexed(...events)), receipt).map(
        (line) => `${line.goodsId}/${line.batchCode}: ${line.qty} (${line.amount}) on hand ${line.onHand}`,
      );
    expect(shape(received)).toEqual(['G1/L1: 100 (200) on hand 100', 'G2/: 10 (null) on hand 10']);
    // The goods and lot on hand, good and damaged alike: 95 + 5 counted, 20 out.
    expect(shape(received, tally, outbound)).toEqual([
      'G1/L1: 95 (190) on hand 80',
      'G1/L1: 5 (10) on hand 80',
    ]);
    // Another enterprise's receipt of the same number is not this one.
    expect(
      receiptLinesAsOf(enterpriseDataStateOf(indexed(received)), [{ ...receipt[0]!, enterprise: 'ENT2' }]),
    ).toEqual([]);
  });

  it('adds the months up as the trend does: each month’s movements and the stock standing at its end', () => {
    const data = enterpriseDataStateOf(indexed(inbound, tally, outbound));
    expect(
      monthlyStockMovementsAsOf(data, { enterprise: 'ENT1', toMonth: '2026-03' }).map((m) => [
        m.month,
        m.inputQty,
        m.outputQty,
        m.inventoryQty,
        m.inventoryAmount,
      ]),
    ).toEqual([
      ['2026-02', 100, 0, 100, 200],
      ['2026-03', 0, 20, 80, 160],
    ]);
    expect(monthlyStockMovementsAsOf(data, { enterprise: 'ENT1', toMonth: '2026-02' })).toHaveLength(1);
  });
});
