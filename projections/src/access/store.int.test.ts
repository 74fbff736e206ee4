import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hashApiKey } from '@tradelog/schemas/access/apiKey';
import { examples } from '@tradelog/schemas/documents/examples';
import { findApiKeyByHash } from '@tradelog/schemas/kit/access/keyStore';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import { migrate } from '../migrate.ts';
import { generateApiKey } from './apiKey.ts';
import { ensureDevelopmentKeyset } from './developmentKeys.ts';
import { changeGrants, createApiKey, listApiKeys, revokeApiKey } from './store.ts';

const run = promisify(execFile);

describe('API-key store (real Postgres, own schema)', () => {
  const { databaseUrl } = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    schema = await createTestSchema(databaseUrl, 'keys');
    expect(await migrate(databaseUrl, { schema: schema.schema })).toContain('1763780000000_api-keys');
    // A second run finds nothing to do.
    expect(await migrate(databaseUrl, { schema: schema.schema })).toEqual([]);
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
  });

  afterAll(async () => {
    await pool?.end();
    await schema?.drop();
  });

  it('creates, finds by hash, lists and revokes keys, never storing the key itself', async () => {
    const generated = generateApiKey();
    const created = await createApiKey(pool, {
      id: '01937a00-0000-7000-8000-000000000001',
      kind: 'lender',
      ownerId: 'bank-1',
      ownerName: 'First Bank',
      enterprises: ['E1', 'E2'],
      keyPrefix: generated.prefix,
      keyHash: generated.hash,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    expect(created).toMatchObject({
      kind: 'lender',
      ownerId: 'bank-1',
      enterprises: ['E1', 'E2'],
      revokedAt: null,
    });

    expect(await findApiKeyByHash(pool, hashApiKey(generated.key))).toMatchObject({ id: created.id });
    expect(await findApiKeyByHash(pool, hashApiKey(`${generated.key}x`))).toBeNull();

    const stored = await pool.query('SELECT * FROM api_keys');
    expect(JSON.stringify(stored.rows)).not.toContain(generated.key);

    expect((await listApiKeys(pool)).map((row) => row.id)).toContain(created.id);

    const revokedAt = new Date('2025-02-01T00:00:00Z');
    expect((await revokeApiKey(pool, created.id, revokedAt))?.revokedAt).toEqual(revokedAt);
    // Revoking again keeps the first time.
    expect((await revokeApiKey(pool, created.id, new Date()))?.revokedAt).toEqual(revokedAt);
    expect(await revokeApiKey(pool, '01937a00-0000-7000-8000-0000000000ff', new Date())).toBeNull();
  });

  it('refuses an unknown kind and a duplicate hash', async () => {
    const generated = generateApiKey();
    const key = {
      id: '01937a00-0000-7000-8000-000000000002',
      kind: 'partner' as const,
      ownerId: 'p',
      ownerName: 'P',
      enterprises: [],
      keyPrefix: generated.prefix,
      keyHash: generated.hash,
      createdAt: new Date(),
    };
    await createApiKey(pool, key);
    await expect(createApiKey(pool, { ...key, id: '01937a00-0000-7000-8000-000000000003' })).rejects.toThrow(
      /duplicate key/,
    );
    await expect(
      createApiKey(pool, {
        ...key,
        id: '01937a00-0000-7000-8000-000000000004',
        kind: 'robot' as 'partner',
        keyHash: 'x',
      }),
    ).rejects.toThrow(/check constraint/);
  });

  it('runs the operator command: create prints the key once, list shows the prefix, revoke marks it', async () => {
    const cli = (...args: string[]) =>
      run(process.execPath, ['projections/src/access/cli.ts', ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema.schema },
      });
    const created = await cli('create', 'partner', 'Acme', 'Logistics');
    const key = /\n(tlk_[\w-]{43})\n/.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    const row = await findApiKeyByHash(pool, hashApiKey(key!));
    expect(row).toMatchObject({ kind: 'partner', ownerId: 'acme-logistics', ownerName: 'Acme Logistics' });

    const listed = await cli('list');
    expect(listed.stdout).toContain(`${key!.slice(0, 12)}…`);
    expect(listed.stdout).not.toContain(key!);

    const revoked = await cli('revoke', row!.id);
    expect(revoked.stdout).toContain('REVOKED=');
    expect((await findApiKeyByHash(pool, hashApiKey(key!)))?.revokedAt).toBeInstanceOf(Date);

    await expect(cli('create', 'lender', 'Bank')).rejects.toMatchObject({ code: 2 });
  });

  it('never puts two organisations in one account by their names; grants enterprises to an account', async () => {
    const cli = (...args: string[]) =>
      run(process.execPath, ['projections/src/access/cli.ts', ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema.schema },
      });
    const accountOf = (stdout: string) => /account=([\da-f-]{36})/.exec(stdout)?.[1];
    const first = await cli('create', 'lender', 'Bank A', '--enterprise', 'E1');
    // "BANK-A" slugs like "Bank A": refused, not merged into Bank A's account.
    await expect(cli('create', 'lender', 'BANK-A', '--enterprise', 'E2')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('exists already'),
    });
    const second = await cli('create', 'lender', 'BANK-A', '--enterprise', 'E2', '--id', 'bank-a-hk');
    expect(accountOf(second.stdout)).not.toBe(accountOf(first.stdout));
    // Another key for the first account, on purpose.
    const more = await cli('create', 'lender', '--account', 'bank-a');
    expect(accountOf(more.stdout)).toBe(accountOf(first.stdout));
    const granted = await cli('grant', 'bank-a', 'E3');
    expect(granted.stdout).toContain('enterprises=E1,E3');
    const partner = await cli('create', 'partner', 'Port', 'Operator', '--any-enterprise', '--confirm');
    expect(partner.stderr).toContain('standing wildcard until narrowed');
    expect(partner.stdout).toContain('port-operator');
    expect((await cli('accounts')).stdout).toMatch(
      /port-operator\s+"Port Operator"\s+enterprises=\*.*WIDE: standing wildcard: any enterprise/,
    );
    expect((await cli('withdraw', accountOf(first.stdout)!, 'E1')).stdout).toContain('enterprises=E3');
  });

  it('keeps development keys across starts and replaces a revoked one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dev-keys-'));
    const file = join(dir, 'dev-keys.json');
    try {
      const first = await ensureDevelopmentKeyset(schema.databaseUrl, file);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
      expect(await findApiKeyByHash(pool, hashApiKey(first.partner))).toMatchObject({
        kind: 'partner',
        ownerId: 'dev-partner',
      });
      // The printed lender key reads the enterprise of the printed example documents too.
      expect(await findApiKeyByHash(pool, hashApiKey(first.lender))).toMatchObject({
        kind: 'lender',
        enterprises: expect.arrayContaining(['DEV-ENTERPRISE', String(examples.pod.customerCode)]),
      });

      expect(await ensureDevelopmentKeyset(schema.databaseUrl, file)).toEqual(first);

      const partnerRow = await findApiKeyByHash(pool, hashApiKey(first.partner));
      await revokeApiKey(pool, partnerRow!.id, new Date());
      const second = await ensureDevelopmentKeyset(schema.databaseUrl, file);
      expect(second.partner).not.toBe(first.partner);
      expect(second.lender).toBe(first.lender);
      expect(second.operator).toBe(first.operator);

      // A lender account made before the example enterprise was listed is granted it; the key stays.
      const lenderRow = await findApiKeyByHash(pool, hashApiKey(first.lender));
      await changeGrants(pool, lenderRow!.accountId, { withdraw: [String(examples.pod.customerCode)] });
      expect((await findApiKeyByHash(pool, hashApiKey(first.lender)))?.enterprises).toEqual([
        'DEV-ENTERPRISE',
      ]);
      const third = await ensureDevelopmentKeyset(schema.databaseUrl, file);
      expect(third.lender).toBe(first.lender);
      expect((await findApiKeyByHash(pool, hashApiKey(first.lender)))?.enterprises).toEqual(
        expect.arrayContaining(['DEV-ENTERPRISE', String(examples.pod.customerCode)]),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
