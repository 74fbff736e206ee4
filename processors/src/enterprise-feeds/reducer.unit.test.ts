import { examples } from '@tradelog/schemas/documents/examples';
import { describe, expect, it } from 'vitest';
import type { Document, DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { type FeedState, feedRowKey, reduceEnterpriseFeeds } from './reducer.ts';

const given = (events: readonly DocumentEvent[]) =>
  events.reduce<FeedState>((state, event) => reduceEnterpriseFeeds(state, event).state, new Map());

const row = (state: FeedState, family: string, enterprise: string, scope: string, period = '') =>
  state.get(feedRowKey({ family: family as never, enterprise, scope, period }));

const ENT = '91440300MA5G2K7L3X';
const doc = (value: unknown) => value as Document;

describe('tax information (rule 1)', () => {
  it('given a report, when an older report arrives later, then the newer stays and nothing changes', () => {
    const log = documentLog();
    const newer = log(
      'taxInformation',
      doc({ ...examples.taxInformation, reportTime: '2024-03-20 02:00:00' }),
    );
    const state = given([newer]);
    const older = log(
      'taxInformation',
      doc({ ...examples.taxInformation, reportTime: '2024-02-20 02:00:00', xypjList: [{ pjjb: 'C' }] }),
    );
    const reduction = reduceEnterpriseFeeds(state, older);
    expect(reduction.state).toBe(state);
    expect(reduction.changes).toEqual([]);
    expect(row(state, 'tax', ENT, '01')?.content.reportTime).toBe('2024-03-20 02:00:00');
  });

  it('keeps processed and raw data apart, and reports each as a change of the taxpayer', () => {
    const log = documentLog();
    const processed = log('taxInformation', doc(examples.taxInformation));
    const raw = log('taxInformation', doc({ ...examples.taxInformation, datatype: '02' }));
    const first = reduceEnterpriseFeeds(new Map(), processed);
    const second = reduceEnterpriseFeeds(first.state, raw);
    expect(row(second.state, 'tax', ENT, '01')).toBeDefined();
    expect(row(second.state, 'tax', ENT, '02')).toBeDefined();
    expect(second.changes.map((c) => [c.kind, c.enterprise, c.subject])).toEqual([
      ['tax.reported', ENT, 'tax/02'],
    ]);
  });

  it('changes nothing for a resubmission (rule 8)', () => {
    const log = documentLog();
    const state = given([log('taxInformation', doc(examples.taxInformation))]);
    const again = reduceEnterpriseFeeds(state, log('taxInformation', doc(examples.taxInformation)));
    expect(again.state).toBe(state);
    expect(again.changes).toEqual([]);
  });
});

describe('platform sales (rules 2, 3)', () => {
  it('given two months, when a later document corrects one month and adds another, then the untouched month stays', () => {
    const log = documentLog();
    const state = given([
      log('ecommerceSalesToC', doc(examples.ecommerceSalesToC)),
      log(
        'ecommerceSalesToC',
        doc({
          enterpriseId: ENT,
          platform: 'TMALL',
          shopCode: 'TM-QHYP-001',
          monthDataList: [
            { period: '2024-02', currency: 'CNY', amount: 1_950_000, billNum: 5_400, GMVAmount: 2_100_000 },
            { period: '2024-03', currency: 'CNY', amount: 800_000, billNum: 2_100, GMVAmount: 860_000 },
          ],
        }),
      ),
    ]);
    const scope = 'TMALL/TM-QHYP-001';
    expect((row(state, 'salesToC', ENT, scope, '2024-01')!.content.month as Document).amount).toBe(
      2_318_760.5,
    );
    expect((row(state, 'salesToC', ENT, scope, '2024-02')!.content.month as Document).amount).toBe(1_950_000);
    expect((row(state, 'salesToC', ENT, scope, '2024-03')!.content.month as Document).amount).toBe(800_000);
    // The channel keeps the shop name the second document left out.
    expect(row(state, 'salesToC', ENT, scope)?.content.shopName).toBe('优品海外旗舰店');
  });

  it('merges a settlement into the sale of its period, whichever comes first', () => {
    const log = documentLog();
    const settleFirst = log(
      'ecommerceSalesToB',
      doc({
        enterpriseId: ENT,
        platform: 'JD',
        settleList: [{ period: '2024-01', currency: 'CNY', amount: 643_200 }],
      }),
    );
    const sale = log('ecommerceSalesToB', doc({ ...examples.ecommerceSalesToB, settleList: [] }));
    const state = given([settleFirst, sale]);
    const month = row(state, 'salesToB', ENT, 'JD', '2024-01')!.content;
    expect((month.settle as Document).amount).toBe(643_200);
    expect((month.sale as Document).billNum).toBe(2);
  });

  it('publishes one change per channel, naming the periods it touched', () => {
    const log = documentLog();
    const { changes } = reduceEnterpriseFeeds(
      new Map(),
      log('ecommerceSalesToB', doc(examples.ecommerceSalesToB)),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: 'ecommerce-sales.updated',
      enterprise: ENT,
      subject: 'salesToB/JD',
      data: { periods: ['2024-01', '2024-02'] },
    });
  });
});

describe('payment account changes (rule 4)', () => {
  it('keeps each change once; the same change with other content replaces it', () => {
    const log = documentLog();
    const first = log('paymentAccountChange', doc(examples.paymentAccountChange));
    const duplicate = log('paymentAccountChange', doc(examples.paymentAccountChange));
    const corrected = log(
      'paymentAccountChange',
      doc({ ...examples.paymentAccountChange, bankName: '招商银行深圳分行' }),
    );
    const state = given([first]);
    expect(reduceEnterpriseFeeds(state, duplicate).state).toBe(state);
    const after = reduceEnterpriseFeeds(state, corrected);
    expect(after.state.size).toBe(1);
    expect([...after.state.values()][0]?.content.bankName).toBe('招商银行深圳分行');
    expect(after.changes.map((c) => c.kind)).toEqual(['payment-account.changed']);
  });
});

describe('brand rankings (rule 5)', () => {
  it('assembles the three ranking types per brand and category, in any order, without change events', () => {
    const log = documentLog();
    const composite = log('brandRanking', doc(examples.brandRanking));
    const popularity = log(
      'brandRanking',
      doc({
        rankingType: '2',
        dataMonth: '2024-02',
        rankingList: [{ brand: 'SK-II', category: '精华', ranking: 1 }],
      }),
    );
    const forward = given([composite, popularity]);
    const backward = given([popularity, composite]);
    const place = (state: FeedState) => row(state, 'ranking', '', 'SK-II/精华', '2024-02')?.content;
    expect(place(forward)).toEqual({ brand: 'SK-II', category: '精华', sumUpRanking: 3, popularRanking: 1 });
    expect(place(backward)).toEqual(place(forward));
    expect(reduceEnterpriseFeeds(new Map(), composite).changes).toEqual([]);
  });
});

describe('warehouse figures (rules 6, 7)', () => {
  it('keeps the latest count date of an enterprise in a warehouse, whatever the arrival order', () => {
    const log = documentLog();
    const february = log('inWarehouseData', doc(examples.inWarehouseData));
    const january = log(
      'inWarehouseData',
      doc({ ...examples.inWarehouseData, countDate: '2024-01-31', valueOfTotal: 7_000_000 }),
    );
    for (const order of [
      [february, january],
      [january, february],
    ]) {
      expect(row(given(order), 'inWarehouse', ENT, 'QHBW0001')?.content.countDate).toBe('2024-02-29');
    }
  });

  it('keeps every indicator snapshot of a warehouse', () => {
    const log = documentLog();
    const state = given([
      log('warehouseIndicators', doc(examples.warehouseIndicators)),
      log(
        'warehouseIndicators',
        doc({ ...examples.warehouseIndicators, snapshotTime: '2024-02-28 23:59:59' }),
      ),
    ]);
    expect(state.size).toBe(2);
  });
});

describe('warehouse stock reports (rule 7a)', () => {
  it('keeps the latest snapshot of an owner in a warehouse; an older report arriving late changes nothing', () => {
    const log = documentLog();
    const march = log('warehouseStock', doc(examples.warehouseStock));
    const february = log(
      'warehouseStock',
      doc({ ...examples.warehouseStock, snapshotTime: '2024-02-29 23:59:59', stockList: [] }),
    );
    const state = given([march]);
    const late = reduceEnterpriseFeeds(state, february);
    expect(late.state).toBe(state);
    expect(late.changes).toEqual([]);
    expect(row(state, 'stock', ENT, 'QHBW0001')?.content.snapshotTime).toBe('2024-03-31 23:59:59');
    expect(reduceEnterpriseFeeds(new Map(), march).changes.map((c) => c.kind)).toEqual([
      'warehouse-stock.reported',
    ]);
  });
});

describe('a record older than the row (rule 9: an operator retry of a dead letter)', () => {
  it('given a corrected account change, when the original is retried, then the correction stays and the original is superseded', () => {
    const log = documentLog();
    const original = log('paymentAccountChange', doc(examples.paymentAccountChange), { offset: 1 });
    const corrected = log(
      'paymentAccountChange',
      doc({ ...examples.paymentAccountChange, bankName: '招商银行深圳分行' }),
      { offset: 2 },
    );
    const state = given([corrected]);

    const retried = reduceEnterpriseFeeds(state, original);

    expect(retried).toEqual({ state, changes: [], superseded: true });
    expect([...state.values()][0]?.content.bankName).toBe('招商银行深圳分行');
  });

  it('given a ranking row, when an older ranking of another type is retried, then it adds its place only, keeping the row’s source', () => {
    const log = documentLog();
    const composite = log('brandRanking', doc(examples.brandRanking), { offset: 1 });
    const popularity = log(
      'brandRanking',
      doc({
        rankingType: '2',
        dataMonth: '2024-02',
        rankingList: [{ brand: 'SK-II', category: '精华', ranking: 1 }],
      }),
      { offset: 2 },
    );
    const state = given([popularity]);

    const { state: next, superseded } = reduceEnterpriseFeeds(state, composite);

    const ranking = row(next, 'ranking', '', 'SK-II/精华', '2024-02')!;
    expect(ranking.content).toEqual({ brand: 'SK-II', category: '精华', sumUpRanking: 3, popularRanking: 1 });
    expect(ranking.source.position).toBe('tradelog.doc.brandRanking.v1/0/2');
    expect(superseded).toBeUndefined();
    // Retried once more, it adds nothing: superseded.
    expect(reduceEnterpriseFeeds(next, composite)).toEqual({ state: next, changes: [], superseded: true });
  });

  it('given a tax report, when an older report time arrives, then it is superseded (the provider time orders the row)', () => {
    const log = documentLog();
    const state = given([
      log('taxInformation', doc({ ...examples.taxInformation, reportTime: '2024-03-20 02:00:00' })),
    ]);
    const late = log(
      'taxInformation',
      doc({ ...examples.taxInformation, reportTime: '2024-02-20 02:00:00' }),
    );
    expect(reduceEnterpriseFeeds(state, late).superseded).toBe(true);
  });
});
