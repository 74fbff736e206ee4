import { describe, expect, it } from 'vitest';
import { date, pageOf, paging, periodRange, validateRequest } from './requests.ts';

describe('request validation', () => {
  const schema = {
    enterpriseId: { type: 'string', required: true, maxLength: 20 },
    documentsType: { type: 'string', enum: ['10', '20'] },
    beginDate: { ...date, required: true },
    ...paging,
  } as const;

  it('accepts a valid request and converts numeric strings and numbers', () => {
    expect(
      validateRequest(schema, {
        enterpriseId: 'E1',
        documentsType: 10,
        beginDate: '2024-01-01',
        page: '2',
        pageSize: 200,
      }),
    ).toEqual({
      enterpriseId: 'E1',
      documentsType: '10',
      beginDate: '2024-01-01',
      page: 2,
      pageSize: 200,
    });
  });

  it('lists every violated rule with the field it concerns', () => {
    try {
      validateRequest(schema, {
        enterpriseId: 'X'.repeat(21),
        documentsType: '30',
        beginDate: '2024/01/01',
        pageSize: 201,
      });
      expect.unreachable();
    } catch (error) {
      expect((error as { status: number }).status).toBe(400);
      expect(
        (error as { details: { errors: { field: string; rule: string }[] } }).details.errors.map((e) => [
          e.field,
          e.rule,
        ]),
      ).toEqual([
        ['enterpriseId', 'maxLength'],
        ['documentsType', 'enum'],
        ['beginDate', 'pattern'],
        ['pageSize', 'maximum'],
      ]);
    }
  });

  it('rejects a missing required field and a body that is not an object', () => {
    expect(() => validateRequest(schema, { beginDate: '2024-01-01' })).toThrow(/enterpriseId is required/);
    expect(() => validateRequest(schema, [])).toThrow(/JSON object/);
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
