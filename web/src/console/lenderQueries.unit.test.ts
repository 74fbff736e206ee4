import { describe, expect, it } from 'vitest';
import {
  answerPageOf,
  answerShown,
  exportPath,
  filterRows,
  lenderQueries,
  pagedRequest,
  pagingFieldsOf,
  queryFields,
  requestOf,
} from './lenderQueries.ts';
import { createLenderQueryStore, type LenderQueryCalls } from './lenderQueryStore.ts';

const fieldsOf = (id: string) => queryFields(lenderQueries.find((type) => type.id === id)!.request);

describe('lender query forms', () => {
  it('reads each form from its request schema: kinds, required fields, choices and defaults', () => {
    const purchase = fieldsOf('purchaseOrders');
    expect(purchase.map((field) => field.name)).toEqual(
      expect.arrayContaining(['enterpriseId', 'orderNo', 'beginDate', 'endDate', 'page', 'pageSize']),
    );
    expect(purchase.find((field) => field.name === 'enterpriseId')).toMatchObject({
      kind: 'text',
      required: true,
    });
    expect(purchase.find((field) => field.name === 'pageSize')).toMatchObject({
      kind: 'number',
      defaultValue: '100',
    });
    const customs = fieldsOf('customsDeclarations');
    expect(
      customs.find((field) => field.name === 'dataSource')?.options.map((option) => option.value),
    ).toEqual(['10', '20']);
    expect(fieldsOf('brandRanking').find((field) => field.name === 'brandRankings')?.kind).toBe('json');
    expect(pagingFieldsOf(fieldsOf('inventory'))).toEqual({ page: 'pageNo', size: 'pageSize' });
    expect(pagingFieldsOf(fieldsOf('warehouseSummary'))).toBeUndefined();
  });

  it('makes the request: empty fields left out, numbers and JSON parsed, defaults filled', () => {
    const fields = fieldsOf('purchaseOrders');
    expect(requestOf(fields, { enterpriseId: ' E1 ', orderNo: '', page: '2' })).toEqual({
      body: { enterpriseId: 'E1', page: 2, pageSize: 100 },
    });
    expect(requestOf(fields, { page: 'two' })).toEqual({ invalid: 'page' });
    expect(requestOf(fieldsOf('brandRanking'), { brandRankings: '[{"brand":"A"}]' })).toMatchObject({
      body: { brandRankings: [{ brand: 'A' }] },
    });
  });

  it('pages by what the answer says and filters the rows shown', () => {
    expect(answerPageOf({ page: 2, pageSize: 10, totalCount: 25 })).toEqual({
      page: 2,
      pageSize: 10,
      totalCount: 25,
      pageCount: 3,
    });
    expect(answerPageOf({ pageNo: 1, pageSize: 50, totalCount: 0 })?.pageCount).toBe(1);
    expect(answerPageOf({ dataList: [] })).toBeUndefined();
    const table = { columns: ['a'], rows: [['Apple'], ['pear'], [null]] };
    expect(filterRows(table, 'AP').rows).toEqual([['Apple']]);
    expect(filterRows(table, ' ').rows).toHaveLength(3);
  });
});

describe('lender query steps', () => {
  it('writes the page asked for into the paging field of an interface that pages, and only then', () => {
    const values = { enterpriseId: 'E1', pageNo: '1' };
    expect(pagedRequest(fieldsOf('inventory'), values, 3)).toMatchObject({
      values: { enterpriseId: 'E1', pageNo: '3' },
      request: { body: { pageNo: 3 } },
    });
    expect(values.pageNo).toBe('1');
    expect(pagedRequest(fieldsOf('inventory'), values, undefined).values).toEqual(values);
    expect(pagedRequest(fieldsOf('warehouseSummary'), undefined, 3).values).toEqual({});
    expect(pagedRequest(fieldsOf('purchaseOrders'), { page: 'two' }, undefined).request).toEqual({
      invalid: 'page',
    });
  });

  it('shows an answer as its table, paging and moment, and a refusal as its message alone', () => {
    const asOf = { at: '2026-03-05T06:30:00Z', records: 4, positions: [] };
    expect(
      answerShown({
        ok: true,
        message: '',
        body: { page: 1, pageSize: 1, totalCount: 2, dataList: [{ entOrderNo: 'P1' }], asOf },
      }),
    ).toEqual({
      status: 'done',
      table: { columns: ['entOrderNo'], rows: [['P1']] },
      page: { page: 1, pageSize: 1, totalCount: 2, pageCount: 2 },
      shownAsOf: asOf,
    });
    expect(answerShown({ ok: false, message: 'No access', body: {} })).toEqual({
      status: 'error',
      error: 'No access',
      table: undefined,
      page: undefined,
      shownAsOf: undefined,
    });
  });

  it('asks an export of the page shown or of every page, as of the moment given', () => {
    expect(exportPath('/open/x', 'page', undefined)).toBe('/open/x');
    expect(exportPath('/open/x', 'all', undefined)).toBe('/open/x?pages=all');
    expect(exportPath('/open/x', 'all', '2026-03-05T06:30:00.000Z')).toBe(
      '/open/x?pages=all&asOf=2026-03-05T06%3A30%3A00.000Z',
    );
  });
});

describe('lender query store', () => {
  const fakeCalls = () => {
    const sent: { path: string; body: Record<string, unknown>; format?: string }[] = [];
    const calls: LenderQueryCalls = {
      query: async (path, body) => {
        sent.push({ path, body });
        return {
          ok: true,
          message: '',
          body: {
            flag: 'success',
            page: body.page,
            pageSize: 1,
            totalCount: 2,
            dataList: [{ entOrderNo: `P${body.page}` }],
          },
        };
      },
      download: async (path, body, format) => {
        sent.push({ path, body, format });
        return { ok: true, message: '' };
      },
    };
    return { sent, calls };
  };

  it('runs a query as a table, moves between pages and exports the same request', async () => {
    const { sent, calls } = fakeCalls();
    const store = createLenderQueryStore(calls);
    store.getState().setValue('enterpriseId', 'E1');
    store.getState().setValue('beginDate', '2024-01-01');
    store.getState().setValue('endDate', '2024-12-31');
    store.getState().setValue('pageSize', '1');
    await store.getState().run(1);
    expect(store.getState()).toMatchObject({
      status: 'done',
      table: { columns: ['entOrderNo'], rows: [['P1']] },
      page: { page: 1, pageCount: 2 },
    });
    await store.getState().run(2);
    expect(store.getState().table?.rows).toEqual([['P2']]);
    await store.getState().exportAs('xlsx');
    expect(sent.at(-1)).toEqual({
      path: '/open/info/enterprise/purchase-orders',
      body: { enterpriseId: 'E1', beginDate: '2024-01-01', endDate: '2024-12-31', page: 2, pageSize: 1 },
      format: 'xlsx',
    });
    await store.getState().exportAs('csv', 'all');
    expect(sent.at(-1)).toMatchObject({
      path: '/open/info/enterprise/purchase-orders?pages=all',
      format: 'csv',
    });
  });

  it('shows the server’s message on failure and keeps each query’s values apart', async () => {
    const store = createLenderQueryStore({
      query: async () => ({ ok: false, body: {}, message: 'No access to this enterprise' }),
      download: async () => ({ ok: false, message: 'nope' }),
    });
    store.getState().setValue('enterpriseId', 'E1');
    await store.getState().run();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'No access to this enterprise' });
    store.getState().choose('goods');
    expect(store.getState().values.goods).toBeUndefined();
    expect(store.getState().values.purchaseOrders).toMatchObject({ enterpriseId: 'E1' });
  });

  it('asks as of the moment picked: the same page again when it moves, the exports too', async () => {
    const { sent, calls } = fakeCalls();
    const store = createLenderQueryStore(calls);
    store.getState().setValue('enterpriseId', 'E1');
    store.getState().setValue('beginDate', '2024-01-01');
    store.getState().setValue('endDate', '2024-12-31');
    store.getState().setValue('pageSize', '1');
    await store.getState().run(2);
    const moment = new Date('2026-03-05T06:30').toISOString();
    await store.getState().setAsOf('2026-03-05T06:30');
    expect(sent.at(-1)).toMatchObject({
      path: `/open/info/enterprise/purchase-orders?asOf=${encodeURIComponent(moment)}`,
      body: { page: 2 },
    });
    await store.getState().exportAs('csv', 'all');
    expect(sent.at(-1)?.path).toBe(
      `/open/info/enterprise/purchase-orders?pages=all&asOf=${encodeURIComponent(moment)}`,
    );
    await store.getState().setAsOf('');
    expect(sent.at(-1)?.path).toBe('/open/info/enterprise/purchase-orders');
  });
});
