import { describe, expect, it } from 'vitest';
import { pageOf, periodRange, queryPath, validateQuery } from './requests.ts';

describe('request validation with the query schemas', () => {
  it('accepts a valid request and fills the paging defaults', () => {
    expect(
      validateQuery('purchaseOrders', { enterpriseId: 'E1', beginDate: '2024-01-01', endDate: '2024-12-31' }),
    ).toMatchObject({
      enterpriseId: 'E1',
      page: 1,
      pageSize: 100,
    });
  });

  it('lists every violated rule with the field it concerns, as a 400', () => {
    try {
      validateQuery('purchaseOrders', {
        enterpriseId: 'X'.repeat(21),
        beginDate: '2024/01/01',
        endDate: '2024-12-31',
        pageSize: 201,
      });
      expect.unreachable();
    } catch (error) {
      const { status, code, details } = error as {
        status: number;
        code: string;
        details: { errors: { path: string; rule: string }[] };
      };
      expect([status, code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(details.errors.map((e) => e.path).sort()).toEqual(['beginDate', 'enterpriseId', 'pageSize']);
    }
  });

  it('rejects a missing required field, an unknown documents type and a body that is not an object', () => {
    expect(() => validateQuery('linkNode', { documentsType: '10', documentsNo: 'X' })).toThrow(
      /customerCode/,
    );
    expect(() =>
      validateQuery('linkNode', { customerCode: 'E', documentsType: '50', documentsNo: 'X' }),
    ).toThrow(/documentsType/);
    expect(() => validateQuery('linkNode', [])).toThrow(/JSON object/);
  });

  it('takes its paths from the query catalogue', () => {
    expect(queryPath('linkNode')).toBe('/open/info/link/node');
    expect(queryPath('inventory')).toBe('/open/inventory/query');
  });

  it('pages with the spec defaults (page 1, pageSize 100)', () => {
    expect(pageOf({})).toEqual({ page: 1, pageSize: 100, limit: 100, offset: 0 });
    expect(pageOf({ page: 3, pageSize: 50 })).toEqual({ page: 3, pageSize: 50, limit: 50, offset: 100 });
  });

  it('turns a period into a half-open date range', () => {
    expect(periodRange('2024')).toEqual({ from: '2024-01-01', to: '2025-01-01' });
    expect(periodRange('2024-03')).toEqual({ from: '2024-03-01', to: '2024-04-01' });
    expect(periodRange('2024-12')).toEqual({ from: '2024-12-01', to: '2025-01-01' });
  });
});
