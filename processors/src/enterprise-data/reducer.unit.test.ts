import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import {
  declarationKey,
  type EnterpriseDataState,
  emptyEnterpriseData,
  goodsKey,
  reduceEnterpriseData,
  warehouseOrderKey,
} from './reducer.ts';

const apply = (events: DocumentEvent[], state = emptyEnterpriseData()): EnterpriseDataState =>
  events.reduce((s, e) => reduceEnterpriseData(s, e).state, state);

const inbound = (extra: Record<string, unknown> = {}) => ({
  customerCode: 'ENT1',
  entOrderNo: 'IN1',
  warehouseId: 'W1',
  warehouseName: 'Bonded 1',
  commitTime: '2026-02-03 10:00:00',
  goodsList: [
    { gNum: 1, entGoodsNo: 'G1', entGoodsName: 'Milk', declareQty: 100, declareUnitPrice: 2, lotNo: 'L1' },
    { gNum: 2, entGoodsNo: 'G2', entGoodsName: 'Soap', declareQty: 10, declareTotalPrice: 50 },
  ],
  ...extra,
});

describe('enterprise data reducer', () => {
  it('given nothing, when an inbound arrives, then its lines are stock movements into the warehouse', () => {
    const state = apply([documentLog()('inbound', inbound())]);
    const order = state.warehouseOrders.get(warehouseOrderKey('inbound', 'ENT1', 'IN1'))!;
    expect(order).toMatchObject({ warehouseId: 'W1', occurredAt: '2026-02-03 10:00:00', tallied: false });
    expect(order.movements.map((m) => [m.goodsId, m.batchCode, m.qty, m.amount])).toEqual([
      ['G1', 'L1', 100, 200],
      ['G2', '', 10, 50],
    ]);
  });

  it('given an inbound, when its tally arrives, then the counted quantities replace the declared ones', () => {
    const log = documentLog();
    const tally = log('tally', {
      customerCode: 'ENT1',
      orderNo: 'T1',
      inboundOrderNo: 'IN1',
      warehouseId: 'W1',
      tallyTime: '2026-02-04 09:00:00',
      goodsList: [{ entGoodsNo: 'G1', goodQty: 95, damageQty: 5, lotNo: 'L1' }],
    });
    const state = apply([log('inbound', inbound()), tally]);
    expect(state.warehouseOrders.get(warehouseOrderKey('inbound', 'ENT1', 'IN1'))?.tallied).toBe(true);
    expect(
      state.warehouseOrders
        .get(warehouseOrderKey('tally', 'ENT1', 'T1'))
        ?.movements.map((m) => [m.stockType, m.qty]),
    ).toEqual([
      ['0', 95],
      ['1', 5],
    ]);
    // Out of order: the tally first, the inbound later, ends the same.
    const reversed = apply([tally, log('inbound', inbound())]);
    expect(reversed.warehouseOrders.get(warehouseOrderKey('inbound', 'ENT1', 'IN1'))?.tallied).toBe(true);
  });

  it('takes outbound quantities as negative movements, actual before declared', () => {
    const state = apply([
      documentLog()('outbound', {
        customerCode: 'ENT1',
        entOrderNo: 'OUT1',
        warehouseId: 'W1',
        deliverTime: '2026-03-01 00:00:00',
        goodsList: [{ entGoodsNo: 'G1', declareQty: 10, actualQty: 8, declareUnitPrice: 2 }],
      }),
    ]);
    expect(
      state.warehouseOrders
        .get(warehouseOrderKey('outbound', 'ENT1', 'OUT1'))
        ?.movements.map((m) => [m.qty, m.amount]),
    ).toEqual([[-8, -16]]);
  });

  it('values a line by its unit price, else its total in proportion of the moved quantity; an unpriced line has no amount', () => {
    const log = documentLog();
    const state = apply([
      log('outbound', {
        customerCode: 'ENT1',
        entOrderNo: 'OUT2',
        warehouseId: 'W1',
        deliverTime: '2026-03-01 00:00:00',
        goodsList: [
          { entGoodsNo: 'G1', declareQty: 10, actualQty: 8, declareTotalPrice: 50 },
          { entGoodsNo: 'G2', declareQty: 4 },
        ],
      }),
      log('tally', {
        customerCode: 'ENT1',
        orderNo: 'T2',
        inboundOrderNo: 'IN2',
        warehouseId: 'W1',
        tallyTime: '2026-02-04 09:00:00',
        goodsList: [
          { entGoodsNo: 'G1', expectReceiveQty: 100, goodQty: 95, damageQty: 5, totalDeclarePrice: 300 },
        ],
      }),
    ]);
    const amounts = (key: string) => state.warehouseOrders.get(key)?.movements.map((m) => [m.qty, m.amount]);
    expect(amounts(warehouseOrderKey('outbound', 'ENT1', 'OUT2'))).toEqual([
      [-8, -40],
      [-4, null],
    ]);
    expect(amounts(warehouseOrderKey('tally', 'ENT1', 'T2'))).toEqual([
      [95, 285],
      [5, 15],
    ]);
  });

  it('given an order, when a corrected version arrives, then it replaces the old one; a redelivery changes nothing', () => {
    const log = documentLog();
    const first = log('inbound', inbound());
    const state = apply([first]);
    expect(reduceEnterpriseData(state, first).state).toBe(state);
    const corrected = apply(
      [log('inbound', inbound({ goodsList: [{ entGoodsNo: 'G1', declareQty: 7 }] }))],
      state,
    );
    expect(
      corrected.warehouseOrders.get(warehouseOrderKey('inbound', 'ENT1', 'IN1'))?.movements.map((m) => m.qty),
    ).toEqual([7]);
  });

  it('keeps declarations from clearance (declaring firm) and check notes (port verification)', () => {
    const log = documentLog();
    const state = apply([
      log('clearance', {
        customerCode: 'ENT1',
        entOrderNo: 'CL1',
        declareCode: 'DCL',
        entryNo: 'E1',
        ieFlag: 'I',
        declareTime: '2026-02-01T08:00:00',
        goodsList: [],
      }),
      log('check', {
        declareCode: 'DCL',
        entOrderNo: 'K1',
        checkNo: 'CK',
        ieFlag: 'E',
        releaseTime: '2026-02-02 08:00:00',
        orderList: [{ entryNo: 'E2' }],
      }),
    ]);
    expect(state.declarations.get(declarationKey('clearance', 'ENT1', 'CL1'))).toMatchObject({
      dataSource: '20',
      ownerCode: 'ENT1',
      declareCode: 'DCL',
      entryNo: 'E1',
      declareTime: '2026-02-01 08:00:00',
    });
    expect(state.declarations.get(declarationKey('check', 'DCL', 'K1'))).toMatchObject({
      dataSource: '10',
      ownerCode: null,
      entryNo: 'E2',
    });
  });

  it('merges goods import and goods sync of one article; the later fields win; units only as submitted', () => {
    const log = documentLog();
    const state = apply([
      log('goods', {
        enterpriseCode: 'ENT1',
        entInsideNo: 'B1',
        goodsList: [
          {
            entGoodsNo: 'G1',
            entGoodsName: 'Milk powder',
            hsCode: '0402',
            declareUnit: '122',
            barCode: '690',
          },
        ],
      }),
      log('synchronizeGoods', {
        customerCode: 'ENT1',
        barCode: '690',
        goodsName: 'Milk powder 800g',
        brand: 'Acme',
        recordInfo: { entGoodsNo: 'G1', recordPrice: 99 },
        goodsQualityDays: 730,
        qtpUnit: '035',
      }),
    ]);
    // declareUnit is not contractsUnit (query spec §3 does not say what contractsUnit holds).
    expect(state.goods.get(goodsKey('ENT1', 'G1'))?.fields).toEqual({
      goodsName: 'Milk powder 800g',
      barCode: '690',
      goodsHsCode: '0402',
      brand: 'Acme',
      recordPrice: 99,
      goodsQualityDays: 730,
      qtpUnit: '035',
    });
  });

  it('leaves documents without an enterprise out', () => {
    const state = apply([documentLog()('inbound', { ...inbound(), customerCode: undefined })]);
    expect(state.warehouseOrders.size).toBe(0);
  });
});

describe('enterprise data reducer, a record older than the entity (an operator retry of a dead letter)', () => {
  it('given an inbound from a newer document, when an older one is retried, then the newer lines stay and the record is superseded', () => {
    const log = documentLog();
    const older = log('inbound', inbound({ warehouseName: 'old name' }), { offset: 10 });
    const newer = log('inbound', inbound({ warehouseName: 'new name' }), { offset: 11 });
    const state = apply([newer]);

    const result = reduceEnterpriseData(state, older);

    expect(result.state).toBe(state);
    expect(result.superseded).toBe(true);
    expect(state.warehouseOrders.get(warehouseOrderKey('inbound', 'ENT1', 'IN1'))?.warehouseName).toBe(
      'new name',
    );
  });

  it('given a declaration and goods from newer documents, when older ones are retried, then both are superseded', () => {
    const log = documentLog();
    const clearance = (releaseTime: string) => ({
      customerCode: 'ENT1',
      entOrderNo: 'CL1',
      entryNo: 'E1',
      ieFlag: 'I',
      releaseTime,
    });
    const goods = (goodsName: string) => ({
      enterpriseCode: 'ENT1',
      goodsList: [{ entGoodsNo: 'G1', goodsName }],
    });
    const olderClearance = log('clearance', clearance('2026-01-01 00:00:00'), { offset: 1 });
    const olderGoods = log('goods', goods('old'), { offset: 1 });
    const state = apply([
      log('clearance', clearance('2026-01-02 00:00:00'), { offset: 2 }),
      log('goods', goods('new'), { offset: 2 }),
    ]);

    const afterClearance = reduceEnterpriseData(state, olderClearance);
    const afterGoods = reduceEnterpriseData(state, olderGoods);

    expect(afterClearance).toMatchObject({ state, superseded: true });
    expect(afterGoods).toMatchObject({ state, superseded: true });
    expect(state.declarations.get(declarationKey('clearance', 'ENT1', 'CL1'))?.declareTime).toBe(
      '2026-01-02 00:00:00',
    );
    expect(state.goods.get(goodsKey('ENT1', 'G1'))?.fields.goodsName).toBe('new');
  });
});
