import { randomBytes } from 'node:crypto';
import { hashApiKey } from '@tradelog/schemas/access/apiKey';

/**
 * API keys, making part: how a new key looks and what is shown of it. Kinds, hashing and the
 * reading of presented keys are the services' shared front door (schemas/src/access/apiKey.ts).
 */

/** Visible marker so a leaked key is recognisable in logs and secret scanners. */
export const apiKeyMarker = 'tlk_';
/** How many leading characters identify a key to an operator (marker plus 8). */
export const apiKeyPrefixLength = 12;

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(random: (size: number) => Buffer = randomBytes): GeneratedApiKey {
  const key = `${apiKeyMarker}${random(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, apiKeyPrefixLength), hash: hashApiKey(key) };
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
