import { randomUUID } from 'node:crypto';
import { type ApiKeyKind, generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey, type Queryable } from '@tradelog/projections/access/store';

/**
 * Stores a fresh API key for a test and hands back the key itself (only its hash is stored) and
 * its row id. The owner's name defaults to its id; `enterprises` are what a lender may read.
 */
export async function createTestApiKey(
  db: Queryable,
  kind: ApiKeyKind,
  owner: { ownerId: string; ownerName?: string; enterprises?: readonly string[] },
): Promise<{ key: string; id: string }> {
  const generated = generateApiKey();
  const row = await createApiKey(db, {
    id: randomUUID(),
    kind,
    ownerId: owner.ownerId,
    ownerName: owner.ownerName ?? owner.ownerId,
    enterprises: owner.enterprises ?? [],
    keyPrefix: generated.prefix,
    keyHash: generated.hash,
    createdAt: new Date(),
  });
  return { key: generated.key, id: row.id };
}
