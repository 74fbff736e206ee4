import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey, type Queryable } from '@tradelog/projections/access/store';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { uniqueName } from './index.ts';

/**
 * Stores a fresh API key for a test and hands back the key itself (only its hash is stored) and
 * its row id. `ownerId` is the account's code: keys of one kind with the same code share an
 * account. The owner's name defaults to its code; `enterprises` are the account's grants — what a
 * lender may read, what a partner may submit for (a partner defaults to '*', any enterprise).
 */
export async function createTestApiKey(
  db: Queryable,
  kind: ApiKeyKind,
  owner: {
    ownerId: string;
    ownerName?: string;
    enterprises?: readonly string[];
    /** A partner's feed families; it defaults to every one, named (a test's all-round provider). */
    feeds?: readonly string[];
  },
): Promise<{ key: string; id: string; accountId: string }> {
  const generated = generateApiKey();
  const row = await createApiKey(db, {
    id: randomUUID(),
    kind,
    ownerId: owner.ownerId,
    ownerName: owner.ownerName ?? owner.ownerId,
    enterprises: owner.enterprises ?? (kind === 'partner' ? ['*'] : []),
    feeds: owner.feeds ?? (kind === 'partner' ? feedFamilies : []),
    keyPrefix: generated.prefix,
    keyHash: generated.hash,
    createdAt: new Date(),
  });
  return { key: generated.key, id: row.id, accountId: row.accountId };
}

/** A test's API key, declared: its kind, and the account it belongs to (a code of its own by default). */
export interface TestKeySpec {
  kind: ApiKeyKind;
  ownerId?: string;
  /** The account's name; its code by default. */
  name?: string;
  enterprises?: readonly string[];
  feeds?: readonly string[];
}

/** Stores each declared key and hands back the keys themselves under the same names. */
export async function createTestApiKeys<K extends string>(
  db: Queryable,
  specs: Record<K, TestKeySpec>,
): Promise<Record<K, string>> {
  const keys = {} as Record<K, string>;
  for (const [name, spec] of Object.entries(specs) as [K, TestKeySpec][])
    keys[name] = (
      await createTestApiKey(db, spec.kind, {
        ownerId: spec.ownerId ?? uniqueName(spec.kind),
        ...(spec.name === undefined ? {} : { ownerName: spec.name }),
        ...(spec.enterprises === undefined ? {} : { enterprises: spec.enterprises }),
        ...(spec.feeds === undefined ? {} : { feeds: spec.feeds }),
      })
    ).key;
  return keys;
}
