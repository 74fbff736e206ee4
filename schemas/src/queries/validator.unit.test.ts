import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../documents/issues.ts';
import { removed, withChanges } from '../documents/testing.ts';
import { type QueryTypeId, queryTypes } from './catalogue.ts';
import { examples } from './examples.ts';
import { createQueryValidators, withDefaults } from './validator.ts';

const validators = createQueryValidators();

const requestWith = (id: QueryTypeId, changes: Readonly<Record<string, unknown>> = {}) =>
  withChanges(examples[id], changes);

const rules = (issues: ValidationIssue[]) => issues.map(({ path, rule }) => ({ path, rule }));
const issuesWith = (id: QueryTypeId, changes: Readonly<Record<string, unknown>>) =>
  rules(validators[id](requestWith(id, changes)));

describe('valid requests', () => {
  it.each(queryTypes.map((type) => type.id))('accepts the %s example', (id) => {
    expect(validators[id](requestWith(id))).toEqual([]);
  });

  it('ignores properties the spec does not name', () => {
    expect(issuesWith('linkNode', { appKey: 'qhyp-erp', timestamp: 1709620200 })).toEqual([]);
  });
});

describe('required fields (§5)', () => {
  it.each(
    queryTypes.flatMap((type) => (type.request.required ?? []).map((field) => [type.id, field] as const)),
  )('%s without %s is rejected', (id, field) => {
    expect(issuesWith(id, { [field]: removed })).toContainEqual({ path: field, rule: 'required' });
  });

  it('requires every one of the seven inventory fields', () => {
    expect(validators.inventory({}).map((issue) => issue.path)).toEqual([
      'customerCode',
      'customerName',
      'warehouseId',
      'goodsId',
      'dataSource',
      'pageNo',
      'pageSize',
    ]);
  });

  it('requires the tracking parameters inside params', () => {
    expect(issuesWith('oceanTracking', { 'params.billNo': removed })).toEqual([
      { path: 'params.billNo', rule: 'required' },
    ]);
    expect(issuesWith('terminalTracking', { 'params.ieid': removed, 'params.portCode': '' })).toEqual([
      { path: 'params.ieid', rule: 'required' },
      { path: 'params.portCode', rule: 'minLength' },
    ]);
  });
});

describe('link node (§5)', () => {
  it('bounds customerCode to 20 and documentsNo to 32 characters', () => {
    expect(issuesWith('linkNode', { customerCode: 'C'.repeat(20), documentsNo: 'D'.repeat(32) })).toEqual([]);
    expect(issuesWith('linkNode', { customerCode: 'C'.repeat(21), documentsNo: 'D'.repeat(33) })).toEqual([
      { path: 'customerCode', rule: 'maxLength' },
      { path: 'documentsNo', rule: 'maxLength' },
    ]);
  });

  it('takes documentsType 10, 20, 30 or 40, as strings', () => {
    for (const documentsType of ['10', '20', '30', '40'])
      expect(issuesWith('linkNode', { documentsType })).toEqual([]);
    expect(issuesWith('linkNode', { documentsType: '50' })).toEqual([
      { path: 'documentsType', rule: 'enum' },
    ]);
    const [issue] = validators.linkNode(requestWith('linkNode', { documentsType: 20 }));
    expect(issue?.message.en).toContain('send it as the string "20"');
  });
});

describe('enterprise order queries', () => {
  it('bound orderNo to 8 characters', () => {
    expect(issuesWith('salesToBusiness', { orderNo: 'SB2403201' })).toEqual([
      { path: 'orderNo', rule: 'maxLength' },
    ]);
  });

  it('page from 1 with at most 200 rows (§9)', () => {
    expect(issuesWith('purchaseOrders', { page: 0, pageSize: 201 })).toEqual([
      { path: 'page', rule: 'minimum' },
      { path: 'pageSize', rule: 'maximum' },
    ]);
    expect(issuesWith('purchaseOrders', { pageSize: 200 })).toEqual([]);
    const [text] = validators.purchaseOrders(requestWith('purchaseOrders', { pageSize: '100' }));
    expect(text?.message.en).toBe(
      'pageSize (Page size) must be a whole number; got the text "100" — send it as the number 100, without quotes',
    );
  });

  it('fill page 1 and pageSize 100 when absent, without touching the request or what was sent', () => {
    const request = { enterpriseId: '91440300MA5G2K7L3X', beginDate: '2024-03-01', endDate: '2024-03-31' };
    expect(withDefaults('purchaseOrders', request)).toEqual({ ...request, page: 1, pageSize: 100 });
    expect(request).not.toHaveProperty('page');
    expect(withDefaults('purchaseOrders', { ...request, page: 3, pageSize: 20 })).toMatchObject({
      page: 3,
      pageSize: 20,
    });
    expect(withDefaults('expressSubscription', { shipperCode: 'ZTO' })).toMatchObject({ sort: '0' });
    // A chain and a financing's pieces are answered whole up to 1,000 (query-api README "Chains in pages").
    expect(withDefaults('linkNode', { customerCode: 'X' })).toEqual({
      customerCode: 'X',
      page: 1,
      pageSize: 1000,
    });
    expect(withDefaults('collateralExposure', { customerCode: 'X' })).toEqual({
      customerCode: 'X',
      page: 1,
      pageSize: 1000,
    });
    expect(withDefaults('warehouseSummary', { enterpriseId: 'X' })).toEqual({ enterpriseId: 'X' });
  });

  it('reject dates that are not dates', () => {
    expect(issuesWith('purchaseOrders', { beginDate: '2024-02-30' })).toEqual([
      { path: 'beginDate', rule: 'format' },
    ]);
    expect(issuesWith('customsDeclarations', { starDate: '20240301' })).toEqual([
      { path: 'starDate', rule: 'format' },
    ]);
  });

  it('reject a range that ends before it begins, as one issue', () => {
    expect(
      validators.purchaseOrders(
        requestWith('purchaseOrders', { beginDate: '2024-03-31', endDate: '2024-03-01' }),
      ),
    ).toEqual([
      {
        path: 'endDate',
        rule: 'dateRange',
        message: {
          cn: 'endDate（结束日期）不能早于 beginDate（开始日期），实际为 "2024-03-01" 早于 "2024-03-31"',
          en: 'endDate (To date) must not be before beginDate (From date); got "2024-03-01" before "2024-03-31"',
        },
      },
    ]);
    expect(issuesWith('customsDeclarations', { starDate: '2024-03-31', endDate: '2024-03-30' })).toEqual([
      { path: 'endDate', rule: 'dateRange' },
    ]);
    // One day is a range; a date-time later on the same day is not before it.
    expect(
      issuesWith('salesToConsumer', { beginDate: '2024-03-18', endDate: '2024-03-18 23:59:59' }),
    ).toEqual([]);
  });

  it('check customs declaration codes', () => {
    expect(issuesWith('customsDeclarations', { enterpriseType: '30', dataSource: '00' })).toEqual([
      { path: 'enterpriseType', rule: 'enum' },
      { path: 'dataSource', rule: 'enum' },
    ]);
  });
});

describe('goods, inventory and warehouse queries', () => {
  it('bound the goods customerCode to 50 and read requestTime as a date-time', () => {
    expect(issuesWith('goods', { customerCode: 'C'.repeat(51), requestTime: '2024-03-01' })).toEqual([
      { path: 'customerCode', rule: 'maxLength' },
      { path: 'requestTime', rule: 'format' },
    ]);
    expect(issuesWith('goods', { requestTime: removed })).toEqual([]);
  });

  it('page the goods answer as the enterprise queries do: pageSize at most 200', () => {
    expect(issuesWith('goods', { page: 2, pageSize: 200 })).toEqual([]);
    expect(issuesWith('goods', { page: 0, pageSize: 100_000 })).toEqual([
      { path: 'page', rule: 'minimum' },
      { path: 'pageSize', rule: 'maximum' },
    ]);
  });

  it('take * or comma-separated goods ids for the inventory', () => {
    expect(issuesWith('inventory', { goodsId: '*' })).toEqual([]);
    const [issue] = validators.inventory(requestWith('inventory', { goodsId: 'SKII-FTE-230, MJ-A2-900' }));
    expect(issue).toMatchObject({ path: 'goodsId', rule: 'format' });
    expect(issue?.message.en).toContain('goods ids separated by commas, or * for all');
    expect(issuesWith('inventory', { pageSize: 201, pageNo: 0 })).toEqual([
      { path: 'pageNo', rule: 'minimum' },
      { path: 'pageSize', rule: 'maximum' },
    ]);
  });

  it('take a year or a month for the summary, a month for the details', () => {
    expect(issuesWith('warehouseSummary', { period: '2024' })).toEqual([]);
    expect(issuesWith('warehouseSummary', { period: '2024-3' })).toEqual([
      { path: 'period', rule: 'format' },
    ]);
    expect(issuesWith('inboundDetails', { period: '2024' })).toEqual([{ path: 'period', rule: 'format' }]);
    expect(issuesWith('outboundDetails', { period: '2024-12' })).toEqual([]);
    // §3 Brand ranking: dataMonth is YYYY-MM, not a year.
    expect(issuesWith('brandRanking', { dataMonth: '2024' })).toEqual([
      { path: 'dataMonth', rule: 'format' },
    ]);
    expect(issuesWith('brandRanking', { dataMonth: '2024-02' })).toEqual([]);
    expect(issuesWith('warehouseSummary', { enterpriseId: 'E'.repeat(21) })).toEqual([
      { path: 'enterpriseId', rule: 'maxLength' },
    ]);
  });
});

describe('subscriptions', () => {
  it('bound express fields (§5)', () => {
    expect(
      issuesWith('expressSubscription', {
        shipperCode: 'S'.repeat(21),
        logisticCode: 'L'.repeat(31),
        customerName: 'C'.repeat(51),
        orderCode: 'O'.repeat(31),
      }),
    ).toEqual([
      { path: 'shipperCode', rule: 'maxLength' },
      { path: 'logisticCode', rule: 'maxLength' },
      { path: 'customerName', rule: 'maxLength' },
      { path: 'orderCode', rule: 'maxLength' },
    ]);
    expect(issuesWith('expressSubscription', { sort: '2' })).toEqual([{ path: 'sort', rule: 'enum' }]);
  });

  it('need an http or https callback URL of at most 255 characters', () => {
    const at = (length: number) => `https://erp.example.com/${'p'.repeat(length - 24)}`;
    expect(issuesWith('expressSubscription', { callbackUrl: at(255) })).toEqual([]);
    expect(issuesWith('expressSubscription', { callbackUrl: at(256) })).toEqual([
      { path: 'callbackUrl', rule: 'maxLength' },
    ]);
    const [ftp] = validators.expressSubscription(
      requestWith('expressSubscription', { callbackUrl: 'ftp://erp.example.com/push' }),
    );
    expect(ftp).toMatchObject({ path: 'callbackUrl', rule: 'format' });
    expect(ftp?.message.en).toBe(
      'callbackUrl (Callback URL) must be a full address starting with http:// or https://; got "ftp://erp.example.com/push"',
    );
    expect(issuesWith('oceanTracking', { callbackUrl: 'erp.example.com/hooks' })).toEqual([
      { path: 'callbackUrl', rule: 'format' },
    ]);
  });

  it('track the ocean with a carrier or a port, subscribing only when a callback is given', () => {
    expect(
      issuesWith('oceanTracking', { 'params.carrierCode': removed, 'params.portCode': removed }),
    ).toEqual([{ path: 'params.carrierCode|params.portCode', rule: 'eitherOr' }]);
    expect(issuesWith('oceanTracking', { 'params.portCode': removed })).toEqual([]);
    expect(issuesWith('oceanTracking', { callbackUrl: removed })).toEqual([]);
    expect(issuesWith('oceanTracking', { 'params.isExport': 'X' })).toEqual([
      { path: 'params.isExport', rule: 'enum' },
    ]);
  });

  it('take the terminal direction as a single E or I', () => {
    expect(issuesWith('terminalTracking', { 'params.ieid': 'E' })).toEqual([]);
    expect(issuesWith('terminalTracking', { 'params.ieid': 'EXPORT' })).toEqual([
      { path: 'params.ieid', rule: 'enum' },
    ]);
  });
});
