import { hashApiKey } from '@tradelog/schemas/access/apiKey';
import { describe, expect, it } from 'vitest';
import { apiKeyMarker, generateApiKey, ownerIdFromName } from './apiKey.ts';
import { parseKeysCommand, UsageError } from './cliArgs.ts';

describe('generateApiKey', () => {
  it('derives prefix and hash from 32 random bytes', () => {
    const generated = generateApiKey((size) => Buffer.alloc(size, 7));
    expect(generated.key).toBe(`${apiKeyMarker}${Buffer.alloc(32, 7).toString('base64url')}`);
    expect(generated.key).toHaveLength(4 + 43);
    expect(generated.prefix).toBe(generated.key.slice(0, 12));
    expect(generated.hash).toBe(hashApiKey(generated.key));
    expect(generated.hash).toMatch(/^[\da-f]{64}$/);
  });

  it('gives different keys on different calls', () => {
    expect(generateApiKey().key).not.toBe(generateApiKey().key);
  });

  it('hashes with sha256 (fixed input)', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('ownerIdFromName', () => {
  it('slugs names, keeping CJK letters', () => {
    expect(ownerIdFromName('Acme Logistics Ltd.')).toBe('acme-logistics-ltd');
    expect(ownerIdFromName('  顺丰 速运 ')).toBe('顺丰-速运');
    expect(ownerIdFromName('!!!')).toBe('owner');
  });
});

describe('parseKeysCommand', () => {
  it('parses create partner with a multi-word name', () => {
    expect(parseKeysCommand(['create', 'partner', 'Acme', 'Logistics'])).toEqual({
      command: 'create',
      kind: 'partner',
      name: 'Acme Logistics',
      ownerId: undefined,
      enterprises: [],
      feeds: [],
    });
  });

  it('parses create lender with enterprises, space or comma separated, and an owner id', () => {
    expect(
      parseKeysCommand(['create', 'lender', 'Bank', '--enterprise', 'E1', 'E2,E3', 'E1', '--id', 'bank-1']),
    ).toEqual({
      command: 'create',
      kind: 'lender',
      name: 'Bank',
      ownerId: 'bank-1',
      enterprises: ['E1', 'E2', 'E3'],
      feeds: [],
    });
  });

  it('parses partner grants, another key for an account, grant and withdraw', () => {
    expect(
      parseKeysCommand(['create', 'partner', 'Port', 'Ops', '--any-enterprise', '--confirm']),
    ).toMatchObject({
      command: 'create',
      kind: 'partner',
      name: 'Port Ops',
      enterprises: ['*'],
      confirmAnyEnterprise: true,
    });
    // Any enterprise is said twice, or not granted.
    expect(() => parseKeysCommand(['create', 'partner', 'Port', 'Ops', '--any-enterprise'])).toThrow(
      /any enterprise, today's and tomorrow's; if that is meant, add --confirm/,
    );
    expect(() => parseKeysCommand(['grant', 'acme', '*'])).toThrow(/add --confirm/);
    expect(parseKeysCommand(['grant', 'acme', '*', '--confirm'])).toEqual({
      command: 'grant',
      account: 'acme',
      enterprises: ['*'],
      feeds: [],
      confirmAnyEnterprise: true,
    });
    expect(parseKeysCommand(['narrow', 'acme'])).toEqual({
      command: 'narrow',
      account: 'acme',
      since: undefined,
      apply: false,
    });
    expect(parseKeysCommand(['narrow', 'acme', '--since', '2026-09-01', '--apply'])).toEqual({
      command: 'narrow',
      account: 'acme',
      since: new Date('2026-09-01'),
      apply: true,
    });
    expect(parseKeysCommand(['create', 'partner', 'Acme', '--enterprise', 'E1,E2'])).toMatchObject({
      enterprises: ['E1', 'E2'],
    });
    expect(parseKeysCommand(['create', 'subscriber', '--account', 'acme'])).toEqual({
      command: 'create',
      kind: 'subscriber',
      name: '',
      ownerId: undefined,
      account: 'acme',
      enterprises: [],
      feeds: [],
    });
    expect(parseKeysCommand(['grant', 'acme', 'E1', 'E2,E3'])).toEqual({
      command: 'grant',
      account: 'acme',
      enterprises: ['E1', 'E2', 'E3'],
      feeds: [],
    });
    expect(parseKeysCommand(['withdraw', 'acme', 'E1'])).toEqual({
      command: 'withdraw',
      account: 'acme',
      enterprises: ['E1'],
      feeds: [],
    });
    // A data provider's feed families, alone or beside enterprises.
    expect(parseKeysCommand(['grant', 'sf-express', '--feed', 'tracking.express', 'tracking.air'])).toEqual({
      command: 'grant',
      account: 'sf-express',
      enterprises: [],
      feeds: ['tracking.express', 'tracking.air'],
    });
    expect(
      parseKeysCommand([
        'create',
        'partner',
        'Tax data',
        '--enterprise',
        'E1',
        '--feed',
        'enterprise.taxInformation',
      ]),
    ).toMatchObject({ enterprises: ['E1'], feeds: ['enterprise.taxInformation'] });
    expect(parseKeysCommand(['accounts'])).toEqual({ command: 'accounts' });
  });

  it('parses list, revoke and help', () => {
    expect(parseKeysCommand(['list'])).toEqual({ command: 'list' });
    expect(parseKeysCommand(['revoke', '0190A1B2-0000-7000-8000-000000000001'])).toEqual({
      command: 'revoke',
      id: '0190a1b2-0000-7000-8000-000000000001',
    });
    expect(parseKeysCommand([])).toEqual({ command: 'help' });
  });

  it.each([
    [['grant', 'acme', '--feed', 'tracking.everything']],
    [['grant', 'acme', '--feed']],
    [['create', 'lender', 'Bank', '--enterprise', 'E1', '--feed', 'tracking.express']],
    [['create', 'lender', 'Bank']],
    [['create', 'operator', 'Ops', '--enterprise', 'E1']],
    [['create', 'lender', 'Bank', '--any-enterprise']],
    [['create', 'partner', '--account', 'acme', 'Extra name']],
    [['grant', 'acme']],
    [['grant', 'acme', 'bad code!']],
    [['create', 'robot', 'R2']],
    [['create', 'partner']],
    [['create', 'partner', 'Acme', '--id']],
    [['create', 'partner', 'Acme', '--colour', 'red']],
    [['revoke', 'not-a-uuid']],
    [['revoke']],
    [['list', 'extra']],
    [['narrow']],
    [['narrow', 'acme', '--since', 'last week']],
    [['narrow', 'acme', '--everything']],
    [['withdraw', 'acme', '*', '--confirm']],
    [['delete', 'x']],
  ])('rejects %j with usage', (argv) => {
    expect(() => parseKeysCommand(argv)).toThrow(UsageError);
  });
});
