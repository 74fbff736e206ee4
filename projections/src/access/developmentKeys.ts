import { randomUUID } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { examples } from '@tradelog/schemas/documents/examples';
import pg from 'pg';
import { generateApiKey, hashApiKey } from './apiKey.ts';
import { createApiKey, findApiKeyByHash } from './store.ts';

/**
 * Development keys for `npm start` (issue 3: "prints a ready-to-use development key so a
 * newcomer can submit a document within a minute"). Keys are only stored hashed, so the
 * plain keys are kept in a local, git-ignored cache file and reused while they are still
 * valid; a missing, unknown or revoked one is replaced. Migrations must have run.
 */
export interface DevelopmentKeys {
  partner: string;
  lender: string;
  operator: string;
}

/**
 * The lender key reads the enterprise the printed example documents belong to (so the first
 * lender query a newcomer copies answers instead of 403) besides DEV-ENTERPRISE.
 */
export const developmentLenderEnterprises: readonly string[] = [
  'DEV-ENTERPRISE',
  String(examples.pod.customerCode),
];

const owners = {
  // The development partner may submit for any enterprise ('*'), so any example document goes in.
  partner: { ownerId: 'dev-partner', ownerName: 'Development partner', enterprises: ['*'] },
  lender: {
    ownerId: 'dev-lender',
    ownerName: 'Development lender',
    enterprises: [...developmentLenderEnterprises],
  },
  operator: { ownerId: 'dev-operator', ownerName: 'Development operator', enterprises: [] as string[] },
} as const;

export async function ensureDevelopmentKeyset(
  databaseUrl: string,
  cacheFile: string,
  now: () => Date = () => new Date(),
): Promise<DevelopmentKeys> {
  const cached = await readFile(cacheFile, 'utf8')
    .then((text) => JSON.parse(text) as Partial<DevelopmentKeys>)
    .catch(() => ({}) as Partial<DevelopmentKeys>);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const keys = {} as DevelopmentKeys;
    for (const kind of ['partner', 'lender', 'operator'] as const) {
      const previous = cached[kind];
      const row = previous ? await findApiKeyByHash(pool, hashApiKey(previous)) : null;
      // A cached key is reused while it is valid and still carries the grants listed above.
      const sameGrants =
        row !== null && [...row.enterprises].sort().join() === [...owners[kind].enterprises].sort().join();
      if (previous && row && row.revokedAt === null && row.kind === kind && sameGrants) {
        keys[kind] = previous;
        continue;
      }
      const generated = generateApiKey();
      await createApiKey(pool, {
        id: randomUUID(),
        kind,
        ...owners[kind],
        keyPrefix: generated.prefix,
        keyHash: generated.hash,
        createdAt: now(),
      });
      keys[kind] = generated.key;
    }
    await writeFile(cacheFile, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    await chmod(cacheFile, 0o600);
    return keys;
  } finally {
    await pool.end();
  }
}

/** The text `npm start` prints: the keys and a first submission to copy. */
export function describeDevelopmentKeys(
  keys: DevelopmentKeys,
  ingestUrl: string,
  firstDocument: object,
): string {
  return [
    'Development API keys (local only; `npm run keys -- list` shows all keys):',
    `  partner   ${keys.partner}`,
    `  lender    ${keys.lender}   (enterprises ${developmentLenderEnterprises.join(', ')})`,
    `  operator  ${keys.operator}`,
    '',
    'Submit a first document (port arrival):',
    `  curl -s ${ingestUrl}/api/v2/doc/pod/accept \\`,
    `    -H 'Content-Type: application/json' -H 'Authorization: Bearer ${keys.partner}' \\`,
    `    -d '${JSON.stringify(firstDocument)}'`,
    '',
    'Load a realistic demo data set, demo keys and a Postman collection (deploy/demo/):',
    '  npm run demo',
    '',
  ].join('\n');
}
