import { type Bilingual, localizedError, type TradelogError } from '@tradelog/schemas';

/**
 * Where a partner's key travels: `Authorization: Bearer <key>` (the usual form) or
 * `X-Api-Key: <key>` (what many integration platforms can set without scripting). Pure, so
 * every header combination is unit-tested.
 */
export function apiKeyFromHeaders(authorization: string | undefined, xApiKey: string | undefined): string {
  const bearer = authorization === undefined ? undefined : parseBearer(authorization);
  const plain = xApiKey?.trim() || undefined;
  if (bearer !== undefined && plain !== undefined && bearer !== plain) {
    throw unauthorized('API_KEY_AMBIGUOUS', {
      cn: 'Authorization 与 X-Api-Key 携带了不同的 API 密钥，请只提供一个',
      en: 'Authorization and X-Api-Key carry different API keys; send one',
    });
  }
  const key = bearer ?? plain;
  if (key === undefined) {
    throw unauthorized('API_KEY_MISSING', {
      cn: '缺少 API 密钥：请在请求头 Authorization: Bearer <密钥> 或 X-Api-Key 中提供',
      en: 'API key missing: send it as "Authorization: Bearer <key>" or in the X-Api-Key header',
    });
  }
  return key;
}

function parseBearer(header: string): string {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw unauthorized('API_KEY_MISSING', {
      cn: 'Authorization 请求头格式应为 "Bearer <密钥>"',
      en: 'The Authorization header must read "Bearer <key>"',
    });
  }
  return match[1]!;
}

export const unauthorized = (code: string, message: Bilingual): TradelogError =>
  localizedError(code, 401, message);
