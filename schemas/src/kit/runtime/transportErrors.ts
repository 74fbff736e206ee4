import { localizedError, type TradelogError } from '../../errors/tradelogError.ts';

/**
 * The refusals of a body by its transport, the same words from ingest and the query API: a
 * media type other than JSON in UTF-8 (RFC 8259 §8.1; the query API also takes the portal's form
 * encoding), a Content-Encoding the parsers cannot undo.
 */
export const unsupportedMediaType = (): TradelogError =>
  localizedError('UNSUPPORTED_MEDIA_TYPE', 415, {
    cn: '请求头 Content-Type 必须为 application/json（UTF-8）',
    en: 'The Content-Type header must be application/json (UTF-8)',
  });

export const unsupportedContentEncoding = (): TradelogError =>
  localizedError('UNSUPPORTED_CONTENT_ENCODING', 415, {
    cn: '不支持的 Content-Encoding（仅支持 gzip、deflate、br 或不压缩）',
    en: 'Unsupported Content-Encoding (gzip, deflate, br or none)',
  });
