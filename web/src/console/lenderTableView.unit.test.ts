import { describe, expect, it } from 'vitest';
import { cellText, enterpriseFieldsToDefault } from './lenderTableView.ts';

describe('lender table view', () => {
  it('defaults the enterprise fields that hold none of the grants', () => {
    const fields = [{ name: 'enterpriseId' }, { name: 'customerCode' }, { name: 'startDate' }];
    expect(enterpriseFieldsToDefault(fields, {}, ['E1', 'E2'])).toEqual(['enterpriseId', 'customerCode']);
    expect(
      enterpriseFieldsToDefault(fields, { enterpriseId: 'E2', customerCode: 'X' }, ['E1', 'E2']),
    ).toEqual(['customerCode']);
  });

  it('shows a null cell as empty and any other value as its text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(0)).toBe('0');
    expect(cellText(false)).toBe('false');
    expect(cellText('a')).toBe('a');
  });
});
