import { describe, expect, it } from 'vitest';
import { TradelogError } from '../errors/tradelogError.ts';
import {
  admitKey,
  apiKeyErrorCodes,
  apiKeyErrors,
  apiKeyFromHeaders,
  hashApiKey,
  type KeyStanding,
  standingOf,
} from './apiKey.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof TradelogError ? `${error.status} ${error.code}` : String(error);
  }
  return 'no error';
};

describe('apiKeyFromHeaders', () => {
  it('reads a bearer token or X-Api-Key', () => {
    expect(apiKeyFromHeaders('Bearer tlk_abc', undefined)).toBe('tlk_abc');
    expect(apiKeyFromHeaders('bearer   tlk_abc ', undefined)).toBe('tlk_abc');
    expect(apiKeyFromHeaders(undefined, ' tlk_abc ')).toBe('tlk_abc');
  });

  it('accepts both headers when they carry the same key', () => {
    expect(apiKeyFromHeaders('Bearer tlk_abc', 'tlk_abc')).toBe('tlk_abc');
    expect(apiKeyFromHeaders('Bearer tlk_abc', '  ')).toBe('tlk_abc');
  });

  it('refuses different keys instead of preferring one', () => {
    expect(codeOf(() => apiKeyFromHeaders('Bearer a', 'b'))).toBe('401 API_KEY_AMBIGUOUS');
  });

  it('refuses a missing key, and an Authorization header that is not Bearer even beside X-Api-Key', () => {
    expect(codeOf(() => apiKeyFromHeaders(undefined, undefined))).toBe('401 API_KEY_MISSING');
    expect(codeOf(() => apiKeyFromHeaders(undefined, '  '))).toBe('401 API_KEY_MISSING');
    expect(codeOf(() => apiKeyFromHeaders('', undefined))).toBe('401 API_KEY_MISSING');
    expect(codeOf(() => apiKeyFromHeaders('Bearer', undefined))).toBe('401 API_KEY_MISSING');
    expect(codeOf(() => apiKeyFromHeaders('Basic dXNlcjpwYXNz', undefined))).toBe('401 API_KEY_MISSING');
    expect(codeOf(() => apiKeyFromHeaders('Basic dXNlcjpwYXNz', 'tlk_abc'))).toBe('401 API_KEY_MISSING');
  });

  it('says what went wrong in both languages', () => {
    const error = (() => {
      try {
        apiKeyFromHeaders('Bearer a', 'b');
      } catch (caught) {
        return caught as TradelogError;
      }
    })();
    expect(error?.details?.message).toEqual({
      cn: expect.stringContaining('X-Api-Key'),
      en: expect.stringContaining('X-Api-Key'),
    });
  });
});

describe('hashApiKey', () => {
  it('is the sha256 hex of the key, as keys are stored', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('admitKey', () => {
  const row = { kind: 'lender' as const, revokedAt: null, accountId: 'acc-1' };

  it('returns an active key of an admitted kind with what it carries', () => {
    expect(admitKey(standingOf(row), ['lender', 'operator'])).toEqual({ ...row, status: 'active' });
  });

  it('refuses unknown, revoked and other kinds with the shared codes', () => {
    expect(codeOf(() => admitKey(standingOf(null), ['lender']))).toBe('401 API_KEY_INVALID');
    expect(codeOf(() => admitKey(standingOf({ ...row, revokedAt: new Date(0) }), ['lender']))).toBe(
      '401 API_KEY_REVOKED',
    );
    expect(codeOf(() => admitKey(standingOf(row), ['partner']))).toBe('403 API_KEY_KIND_FORBIDDEN');
  });

  it('takes a cached standing as it is', () => {
    const revoked: KeyStanding = { status: 'revoked' };
    expect(codeOf(() => admitKey(revoked, ['partner']))).toBe('401 API_KEY_REVOKED');
  });
});

describe('apiKeyErrors', () => {
  it('answer only codes of the shared set, the outage one retriable', () => {
    const errors = [
      apiKeyErrors.missing(),
      apiKeyErrors.malformedAuthorization(),
      apiKeyErrors.ambiguous(),
      apiKeyErrors.invalid(),
      apiKeyErrors.revoked(),
      apiKeyErrors.kindForbidden('partner'),
      apiKeyErrors.unavailable(new Error('down')),
    ];
    for (const error of errors) expect(apiKeyErrorCodes).toContain(error.code);
    expect(errors.map((error) => error.retriable)).toEqual([false, false, false, false, false, false, true]);
  });
});
