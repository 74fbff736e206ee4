import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * Push signatures, the Standard Webhooks scheme (https://www.standardwebhooks.com), in this one
 * module (house style §12). A subscription's secret is `whsec_` + base64 key bytes; each push
 * carries
 *   webhook-id:        the change event's id (stable over retries: the receiver's idempotency key)
 *   webhook-timestamp: seconds since the epoch, when this attempt was signed
 *   webhook-signature: `v1,` + base64 HMAC-SHA256(key, `${id}.${timestamp}.${body}`)
 * Receivers verify with any Standard Webhooks library, or with `verifyPush` below.
 */
export const secretPrefix = 'whsec_';

export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('a push secret starts with whsec_');
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  if (key.length < 16) throw new Error('a push secret holds at least 16 key bytes');
  return key;
}

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * HMAC keys by secret: importing the key bytes costs more than the HMAC of a push body, and the
 * same subscriptions are signed for again and again. Bounded: emptied when it grows past this.
 */
const hmacKeys = new Map<string, KeyObject>();
const hmacKeysMax = 10_000;

function hmacKey(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= hmacKeysMax) hmacKeys.clear();
    key = createSecretKey(secretKey(secret));
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * `secrets`: one secret, or several separated by spaces (a `whsec_` secret holds none) — during a
 * secret rotation's overlap the new and the replaced one (query-api README "Subscriber tools";
 * migration 1765600000000_push-secret-rotation.sql). Each signs, and `webhook-signature` lists
 * the signatures space-separated, as the standard allows: a receiver holding either verifies.
 */
export function signPush(secrets: string, id: string, timestampSeconds: number, body: string): SignedHeaders {
  const timestamp = String(Math.floor(timestampSeconds));
  const signed = `${id}.${timestamp}.${body}`;
  const signatures = secrets
    .split(' ')
    .filter((secret) => secret !== '')
    .map((secret) => `v1,${createHmac('sha256', hmacKey(secret)).update(signed).digest('base64')}`);
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}

/**
 * True when one of the space-separated `v1,` signatures matches and the timestamp is within
 * `toleranceSeconds` of `nowSeconds` (replay protection, 5 minutes as in the standard).
 */
export function verifyPush(
  secret: string,
  headers: Readonly<Record<string, string | undefined>>,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  if (secret.includes(' ')) return false;
  const expected = Buffer.from(signPush(secret, id, Number(timestamp), body)['webhook-signature'].slice(3));
  return signatures.split(' ').some((entry) => {
    const [version, mac] = entry.split(',');
    if (version !== 'v1' || !mac) return false;
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
