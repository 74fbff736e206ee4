import { describe, expect, it } from 'vitest';
import { addKeyCommandOf, createAccountCommandOf, grantCommandOf } from './accounts.ts';

describe('account commands from the console’s requests', () => {
  it('builds a new account’s command, an empty name when none is given', () => {
    expect(createAccountCommandOf({ kind: 'lender', code: 'L1', enterprises: ['E1'] })).toEqual({
      command: 'create',
      kind: 'lender',
      name: '',
      ownerId: 'L1',
      account: undefined,
      enterprises: ['E1'],
      feeds: [],
      confirmAnyEnterprise: false,
    });
  });
  it('names the first faulty field, kind before the others', () => {
    expect(() => createAccountCommandOf({ kind: 'x', enterprises: 'E1' })).toThrow(/kind must be/);
    expect(() => createAccountCommandOf({ kind: 'lender', enterprises: 'E1' })).toThrow(
      /enterprises must be/,
    );
    expect(() => createAccountCommandOf({ kind: 'lender', name: 'n'.repeat(201) })).toThrow(
      /name must be text/,
    );
  });
  it('adds a key to an account, and grants or withdraws enterprises and feeds', () => {
    expect(addKeyCommandOf('A1', { kind: 'partner' })).toMatchObject({
      command: 'create',
      account: 'A1',
      name: '',
    });
    expect(() => addKeyCommandOf('A1', undefined)).toThrow(/kind must be/);
    expect(grantCommandOf('withdraw', 'A1', { feeds: ['f'], confirmAnyEnterprise: true })).toEqual({
      command: 'withdraw',
      account: 'A1',
      enterprises: [],
      feeds: ['f'],
      confirmAnyEnterprise: true,
    });
  });
});
