import { createHash } from 'node:crypto';
import { type Bilingual, localizedError, type TradelogError } from '../errors/tradelogError.ts';

/**
 * The credential front door every service shares (README "Endpoints"): which kinds of key
 * exist, how a presented key is read from the headers and hashed, and the one set of codes a key
 * failure is answered with. Pure, so every header combination and verdict is unit-tested.
 */
export const apiKeyKinds = ['partner', 'lender', 'subscriber', 'operator'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

export function isApiKeyKind(value: string): value is ApiKeyKind {
  return (apiKeyKinds as readonly string[]).includes(value);
}

/**
 * Keys are stored as their sha256 (hex). A key carries 256 random bits, so no salt or slow hash
 * is needed: nothing about it can be guessed.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The codes of key failures, the same at ingest and query-api (README "Endpoints"). */
export const apiKeyErrorCodes = [
  'API_KEY_MISSING',
  'API_KEY_AMBIGUOUS',
  'API_KEY_INVALID',
  'API_KEY_REVOKED',
  'API_KEY_KIND_FORBIDDEN',
  'AUTH_UNAVAILABLE',
] as const;
export type ApiKeyErrorCode = (typeof apiKeyErrorCodes)[number];

const keyError = (
  code: ApiKeyErrorCode,
  status: number,
  message: Bilingual,
  cause?: unknown,
): TradelogError => localizedError(code, status, message, {}, cause === undefined ? undefined : { cause });

export const apiKeyErrors = {
  missing: () =>
    keyError('API_KEY_MISSING', 401, {
      cn: '缺少 API 密钥：请在请求头 Authorization: Bearer <密钥> 或 X-Api-Key 中提供',
      en: 'API key missing: send it as "Authorization: Bearer <key>" or in the X-Api-Key header',
    }),
  malformedAuthorization: () =>
    keyError('API_KEY_MISSING', 401, {
      cn: 'Authorization 请求头格式应为 "Bearer <密钥>"',
      en: 'The Authorization header must read "Bearer <key>"',
    }),
  ambiguous: () =>
    keyError('API_KEY_AMBIGUOUS', 401, {
      cn: 'Authorization 与 X-Api-Key 携带了不同的 API 密钥，请只提供一个',
      en: 'Authorization and X-Api-Key carry different API keys; send one',
    }),
  invalid: () =>
    keyError('API_KEY_INVALID', 401, {
      cn: 'API 密钥无效：未找到该密钥',
      en: 'Invalid API key: no such key',
    }),
  revoked: () =>
    keyError('API_KEY_REVOKED', 401, {
      cn: 'API 密钥已被吊销，请联系平台运营获取新密钥',
      en: 'This API key has been revoked; ask the platform operator for a new one',
    }),
  kindForbidden: (kind: ApiKeyKind) =>
    keyError('API_KEY_KIND_FORBIDDEN', 403, {
      cn: `${kind} 类型的密钥不能调用此接口`,
      en: `A ${kind} key cannot use this interface`,
    }),
  unavailable: (cause: unknown) =>
    keyError(
      'AUTH_UNAVAILABLE',
      503,
      { cn: '暂时无法校验 API 密钥，请稍后重试', en: 'API keys cannot be checked right now; retry shortly' },
      cause,
    ),
} as const;

/**
 * The key a caller presented: `Authorization: Bearer <key>` (the usual form) or
 * `X-Api-Key: <key>` (what many integration platforms can set without scripting). Both may be
 * sent if they carry the same key; different keys are refused rather than one silently
 * preferred, so a caller never acts with an account it did not mean (README "Endpoints").
 * An Authorization header that is not `Bearer <key>` is refused, not skipped.
 */
export function apiKeyFromHeaders(authorization: string | undefined, xApiKey: string | undefined): string {
  const bearer = authorization === undefined ? undefined : parseBearer(authorization);
  const plain = xApiKey?.trim() || undefined;
  if (bearer !== undefined && plain !== undefined && bearer !== plain) throw apiKeyErrors.ambiguous();
  const key = bearer ?? plain;
  if (key === undefined) throw apiKeyErrors.missing();
  return key;
}

function parseBearer(header: string): string {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw apiKeyErrors.malformedAuthorization();
  return match[1]!;
}

/** What the key store says of a presented key: active keys carry what the caller needs of them. */
export type KeyStanding<Active extends object = object> =
  | { status: 'unknown' }
  | { status: 'revoked' }
  | ({ status: 'active'; kind: ApiKeyKind } & Active);

/** A stored key's standing (null: no such key). */
export function standingOf<Row extends { kind: ApiKeyKind; revokedAt: Date | null }>(
  row: Row | null,
): KeyStanding<Row> {
  if (row === null) return { status: 'unknown' };
  if (row.revokedAt !== null) return { status: 'revoked' };
  return { ...row, status: 'active' };
}

/** The key if it is active and of an admitted kind; otherwise the matching refusal. */
export function admitKey<Active extends object>(
  standing: KeyStanding<Active>,
  kinds: readonly ApiKeyKind[],
): Extract<KeyStanding<Active>, { status: 'active' }> {
  if (standing.status === 'unknown') throw apiKeyErrors.invalid();
  if (standing.status === 'revoked') throw apiKeyErrors.revoked();
  if (!kinds.includes(standing.kind)) throw apiKeyErrors.kindForbidden(standing.kind);
  return standing as Extract<KeyStanding<Active>, { status: 'active' }>;
}
