import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { describe, expect, it } from 'vitest';
import {
  emptyAccountForm,
  grantChangeBody,
  grantsAnyEnterprise,
  listOf,
  newAccountBody,
  wideGrantText,
} from './accountCommands.ts';

describe('account commands', () => {
  it('reads codes separated by spaces or commas', () => {
    expect(listOf(' a, b  c,,d ')).toEqual(['a', 'b', 'c', 'd']);
    expect(listOf('')).toEqual([]);
  });

  it('leaves an empty code to the server and sends the wildcard confirmation only with a wildcard', () => {
    expect(
      newAccountBody({ ...emptyAccountForm, name: 'Bank', code: '  ', confirmAnyEnterprise: true }),
    ).toEqual({
      kind: 'lender',
      name: 'Bank',
      enterprises: [],
      feeds: [],
    });
    const wide = {
      ...emptyAccountForm,
      name: 'Bank',
      code: ' B1 ',
      enterprises: '*',
      confirmAnyEnterprise: true,
    };
    expect(grantsAnyEnterprise(wide)).toBe(true);
    expect(newAccountBody(wide)).toEqual({
      kind: 'lender',
      name: 'Bank',
      code: 'B1',
      enterprises: ['*'],
      feeds: [],
      confirmAnyEnterprise: true,
    });
  });

  it('splits one grant field into feed families and enterprise codes', () => {
    const family = feedFamilies[0] as string;
    expect(grantChangeBody(['E1', family], false)).toEqual({ enterprises: ['E1'], feeds: [family] });
    expect(grantChangeBody(['*'], true)).toEqual({
      enterprises: ['*'],
      feeds: [],
      confirmAnyEnterprise: true,
    });
  });

  it('names what makes an account wide', () => {
    const words = { anyEnterprise: 'any enterprise', everyFeed: 'every feed' };
    expect(wideGrantText({ anyEnterprise: true, everyFeed: true }, words)).toBe('any enterprise, every feed');
    expect(wideGrantText({ anyEnterprise: false, everyFeed: true }, words)).toBe('every feed');
  });
});
