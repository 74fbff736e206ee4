import { TradelogError } from '@tradelog/schemas';
import { queryType } from '@tradelog/schemas/queries/catalogue';
import { describe, expect, it } from 'vitest';
import {
  allPagesWindow,
  assertWithinExportCap,
  callsOfExport,
  exportMaxPages,
  exportMaxRows,
  exportPageSize,
  pageScopeOf,
} from './allPages.ts';

describe('pageScopeOf', () => {
  it('is every page only for a table export asked with pages=all', () => {
    expect(pageScopeOf({ pages: 'all' }, true)).toBe('all');
    expect(pageScopeOf({ pages: 'all' }, false)).toBe('page');
    expect(pageScopeOf({}, true)).toBe('page');
    expect(pageScopeOf({ pages: 'ALL' }, true)).toBe('page');
    expect(pageScopeOf({ pages: ['all', 'all'] }, true)).toBe('page');
  });
});

describe('the cap', () => {
  it('is 50 pages of the spec largest page (200), read as one window from the first row', () => {
    expect(exportPageSize).toBe(200);
    expect(exportMaxRows).toBe(exportPageSize * exportMaxPages);
    expect(exportMaxRows).toBe(10_000);
    // One row past the cap is read, and no more (bounded: projections' pagedSelect).
    expect(allPagesWindow).toEqual({ page: 1, pageSize: 10_000, limit: 10_001, offset: 0, bounded: true });
  });

  it('admits an answer of exactly the cap', () => {
    expect(() => assertWithinExportCap(queryType('purchaseOrders').path, exportMaxRows)).not.toThrow();
    expect(() => assertWithinExportCap('/anything', 0)).not.toThrow();
  });

  it('refuses one row more with 422 EXPORT_TOO_LARGE naming the filters of that query, cn and en', () => {
    let refusal: unknown;
    try {
      assertWithinExportCap(queryType('customsDeclarations').path, exportMaxRows + 1);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TradelogError);
    const error = refusal as TradelogError;
    expect(error.code).toBe('EXPORT_TOO_LARGE');
    expect(error.status).toBe(422);
    expect(error.retriable).toBe(false);
    const message = error.details?.message as { cn: string; en: string };
    expect(message.en).toContain('this answer has more');
    expect(message.cn).toContain('超过 10000 行');
    expect(message.en).toContain('starDate–endDate');
    expect(message.cn).toContain('starDate–endDate');
    expect(error.details).toMatchObject({ maxRows: 10_000 });
  });

  it('names generic filters for a path it has no hint for', () => {
    expect(() => assertWithinExportCap('/open/unknown', 20_000)).toThrow(/narrower filters/);
  });
});

describe('callsOfExport', () => {
  it('counts the pages of 200 a caller would have asked for, at least the request itself', () => {
    expect(callsOfExport(0)).toBe(1);
    expect(callsOfExport(1)).toBe(1);
    expect(callsOfExport(200)).toBe(1);
    expect(callsOfExport(201)).toBe(2);
    expect(callsOfExport(exportMaxRows)).toBe(exportMaxPages);
  });
});
