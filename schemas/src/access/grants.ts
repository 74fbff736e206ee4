import { type Bilingual, localizedError, type TradelogError } from '../errors/tradelogError.ts';

/**
 * The codes of grant failures, the same at ingest (writing) and query-api (reading): a key's
 * account was not granted the enterprise a submission names or a query asks for, or the feed
 * family a provider submits (README "Endpoints"). One rule, one code, wherever it is checked.
 */
export const grantErrorCodes = ['ENTERPRISE_NOT_GRANTED', 'FEED_NOT_GRANTED'] as const;
export type GrantErrorCode = (typeof grantErrorCodes)[number];

/** A 403 for a missing grant; `details` carries per-field errors where a document names the enterprise. */
export const grantError = (
  code: GrantErrorCode,
  message: Bilingual,
  details: Record<string, unknown> = {},
): TradelogError => localizedError(code, 403, message, details);
