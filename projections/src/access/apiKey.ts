import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys, pure part: how a key looks, how it is hashed, what is shown of it. The key carries
 * 256 random bits, so a plain sha256 is a sufficient one-way store (no salt or slow hash is
 * needed: nothing about it can be guessed). Ingest hashes presented keys the same way in its
 * own lookup (ingest/src/auth/keyLookup.ts); the two must stay identical.
 */
export const apiKeyKinds = ['partner', 'lender', 'subscriber', 'operator'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

/** Visible marker so a leaked key is recognisable in logs and secret scanners. */
export const apiKeyMarker = 'tlk_';
/** How many leading characters identify a key to an operator (marker plus 8). */
export const apiKeyPrefixLength = 12;

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(random: (size: number) => Buffer = randomBytes): GeneratedApiKey {
  const key = `${apiKeyMarker}${random(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, apiKeyPrefixLength), hash: hashApiKey(key) };
}

export function isApiKeyKind(value: string): value is ApiKeyKind {
  return (apiKeyKinds as readonly string[]).includes(value);
}

/** Owner ids are derived from the owner's name when the operator gives none: "Acme Logistics" → "acme-logistics". */
export function ownerIdFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'owner' : slug.slice(0, 64);
}
