import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey, type Queryable } from '@tradelog/projections/access/store';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';

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
