import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Portal passwords (README "Passwords"): Argon2id from Node's own `crypto` (no native add-on),
 * at OWASP's recommended minimum (Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane), run
 * on libuv's thread pool so a login never blocks the event loop lenders share. The algorithm and
 * its parameters are stored with the hash as a PHC string,
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (base64 without padding), so that a hash made
 * under other parameters is still checked with its own, and rewritten under the current ones on
 * the next successful login (`upgrade`).
 *
 * Hashes stored before this rule are `<salt hex>:<hash hex>`: scrypt at Node's defaults
 * (N=2^14, r=8, p=1, 32 bytes). They still log in, and are rewritten as Argon2id on that login.
 */
export interface Argon2idParameters {
  /** KiB. */
  memory: number;
  passes: number;
  parallelism: number;
}

export const currentPasswordParameters: Readonly<Argon2idParameters> = Object.freeze({
  memory: 19_456,
  passes: 2,
  parallelism: 1,
});

const saltBytes = 16;
const tagBytes = 32;
// Argon2 version 1.3, the only one Node computes.
const argon2Version = 19;

export type StoredPasswordHash =
  | { algorithm: 'argon2id'; parameters: Argon2idParameters; salt: Buffer; hash: Buffer }
  | { algorithm: 'scrypt-legacy'; salt: Buffer; hash: Buffer };

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
const hex = /^(?:[0-9a-f]{2})+$/;
const unpadded = /^[A-Za-z0-9+/]+$/;

/** Pure: the PHC string of an Argon2id hash. */
export function formatPasswordHash(parameters: Argon2idParameters, salt: Buffer, hash: Buffer): string {
  const { memory, passes, parallelism } = parameters;
  return `$argon2id$v=${argon2Version}$m=${memory},t=${passes},p=${parallelism}$${base64(salt)}$${base64(hash)}`;
}

/** Pure: a stored hash as its algorithm, parameters, salt and hash; null when it is neither format. */
export function parsePasswordHash(stored: string): StoredPasswordHash | null {
  const legacy = stored.split(':');
  if (legacy.length === 2 && hex.test(legacy[0]!) && hex.test(legacy[1]!))
    return {
      algorithm: 'scrypt-legacy',
      salt: Buffer.from(legacy[0]!, 'hex'),
      hash: Buffer.from(legacy[1]!, 'hex'),
    };
  const phc = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!phc || Number(phc[1]) !== argon2Version) return null;
  const [memory, passes, parallelism] = [phc[2], phc[3], phc[4]].map(Number) as [number, number, number];
  if (!unpadded.test(phc[5]!) || !unpadded.test(phc[6]!)) return null;
  // Bounds a tampered row could not push past: Node refuses less, and more would exhaust the host.
  if (
    memory < 8 * parallelism ||
    memory > 1_048_576 ||
    passes < 1 ||
    passes > 20 ||
    parallelism < 1 ||
    parallelism > 16
  )
    return null;
  const salt = Buffer.from(phc[5]!, 'base64');
  const hash = Buffer.from(phc[6]!, 'base64');
  // Argon2's own minimums: an 8-byte salt, a 4-byte tag.
  if (salt.length < 8 || hash.length < 4) return null;
  return { algorithm: 'argon2id', parameters: { memory, passes, parallelism }, salt, hash };
}

/** Pure: whether a stored hash should be rewritten under the current algorithm and parameters. */
export function needsUpgrade(stored: StoredPasswordHash): boolean {
  if (stored.algorithm !== 'argon2id') return true;
  const { memory, passes, parallelism } = stored.parameters;
  return (
    memory !== currentPasswordParameters.memory ||
    passes !== currentPasswordParameters.passes ||
    parallelism !== currentPasswordParameters.parallelism ||
    stored.hash.length !== tagBytes
  );
}

function argon2id(password: string, salt: Buffer, parameters: Argon2idParameters, tagLength: number) {
  return new Promise<Buffer>((resolve, reject) =>
    argon2('argon2id', { message: password, nonce: salt, tagLength, ...parameters }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function legacyScrypt(password: string, salt: Buffer, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, { N: 16_384, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The stored form of a new password: Argon2id at the current parameters, a fresh salt. */
export async function hashPassword(
  password: string,
  parameters: Argon2idParameters = currentPasswordParameters,
): Promise<string> {
  const salt = randomBytes(saltBytes);
  return formatPasswordHash(parameters, salt, await argon2id(password, salt, parameters, tagBytes));
}

export interface PasswordCheck {
  matches: boolean;
  /** The password matched a hash made under other rules: store `hashPassword(password)` now. */
  upgrade: boolean;
}

/** Checks a password against its stored hash, under the hash's own algorithm and parameters. */
export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.hash.length === 0) return { matches: false, upgrade: false };
  const actual =
    parsed.algorithm === 'argon2id'
      ? await argon2id(password, parsed.salt, parsed.parameters, parsed.hash.length)
      : await legacyScrypt(password, parsed.salt, parsed.hash.length);
  const matches = timingSafeEqual(actual, parsed.hash);
  return { matches, upgrade: matches && needsUpgrade(parsed) };
}
