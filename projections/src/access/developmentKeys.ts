import { randomUUID } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { type ApiKeyKind, hashApiKey } from '@tradelog/schemas/access/apiKey';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { findApiKeyByHash } from '@tradelog/schemas/kit/access/keyStore';
import pg from 'pg';
import { generateApiKey } from './apiKey.ts';
import { changeGrants, createApiKey } from './store.ts';

/**
 * Development keys for `npm start` ("prints a ready-to-use development key so a
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
  // The development partner may submit for any enterprise ('*') and every feed, so any example
  // document or feed goes in.
  partner: {
    ownerId: 'dev-partner',
    ownerName: 'Development partner',
    enterprises: ['*'],
    feeds: feedFamilies,
  },
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
  return ensureKeyset(
    databaseUrl,
    cacheFile,
    {
      partner: { kind: 'partner', ...owners.partner },
      lender: { kind: 'lender', ...owners.lender },
      operator: { kind: 'operator', ...owners.operator },
    },
    now,
  );
}

export interface KeyOwner {
  kind: ApiKeyKind;
  ownerId: string;
  ownerName: string;
  enterprises: readonly string[];
  /** A partner's feed families (README "Partner grants"). */
  feeds?: readonly string[];
}

/**
 * A named set of local keys (development keys, `npm run demo`'s demo keys): each cached key is
 * reused while it is valid and of its kind (its account granted any listed enterprise it
 * lacks); any other is replaced by a new one. The cache file (mode 0600) is the only place the
 * plain keys live.
 */
export async function ensureKeyset<Name extends string>(
  databaseUrl: string,
  cacheFile: string,
  owners: Readonly<Record<Name, KeyOwner>>,
  now: () => Date = () => new Date(),
): Promise<Record<Name, string>> {
  const cached = await readFile(cacheFile, 'utf8')
    .then((text) => JSON.parse(text) as Partial<Record<Name, string>>)
    .catch(() => ({}) as Partial<Record<Name, string>>);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const keys = {} as Record<Name, string>;
    for (const name of Object.keys(owners) as Name[]) {
      const owner = owners[name];
      const previous = cached[name];
      const row = previous ? await findApiKeyByHash(pool, hashApiKey(previous)) : null;
      if (previous && row && row.revokedAt === null && row.kind === owner.kind) {
        // Grants belong to the key's account: one that lacks a listed enterprise (an account
        // made before the list grew) is granted it, and the key is kept.
        const missing = owner.enterprises.filter((code) => !row.enterprises.includes(code));
        const missingFeeds = (owner.feeds ?? []).filter((family) => !row.feeds.includes(family));
        if (missing.length > 0 || missingFeeds.length > 0)
          await changeGrants(pool, row.accountId, { grant: missing, grantFeeds: missingFeeds });
        keys[name] = previous;
        continue;
      }
      const generated = generateApiKey();
      await createApiKey(pool, {
        id: randomUUID(),
        kind: owner.kind,
        ownerId: owner.ownerId,
        ownerName: owner.ownerName,
        enterprises: [...owner.enterprises],
        feeds: [...(owner.feeds ?? [])],
        keyPrefix: generated.prefix,
        keyHash: generated.hash,
        createdAt: now(),
      });
      keys[name] = generated.key;
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
