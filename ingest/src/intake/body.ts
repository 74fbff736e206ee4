import { localizedError, type TradelogError } from '@tradelog/schemas';
import { jsonSyntaxWords } from '@tradelog/schemas/kit/runtime/jsonSyntax';
import { unsupportedMediaType } from '@tradelog/schemas/kit/runtime/transportErrors';

/**
 * The transport rules of a submission (submission spec §7: POST, JSON body, Content-Type
 * application/json required), as pure functions over what Express hands us. The raw bytes are
 * kept: the log stores the document exactly as submitted.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Content-Type values already accepted: a partner sends the same one on every call, and this
 * check runs on every submission. Bounded in entries and length, since the header is the caller's.
 */
const acceptedContentTypes = new Set<string>();

/** Accepts `application/json` with no charset or UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8). */
export function checkContentType(header: string | undefined): void {
  if (header !== undefined && acceptedContentTypes.has(header)) return;
  const [mediaType = '', ...parameters] = (header ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter)?.[1]?.toLowerCase())
    .find((value) => value !== undefined);
  if (type !== 'application/json' || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')) {
    throw unsupportedMediaType();
  }
  if (header !== undefined && acceptedContentTypes.size < 256 && header.length <= 100)
    acceptedContentTypes.add(header);
}

/**
 * A body's bytes without a leading UTF-8 byte order mark (EF BB BF). Windows editors and some
 * HTTP tools write one; it marks the encoding and is not part of the JSON text (RFC 8259 §8.1
 * lets a parser ignore it), and the query API's JSON bodies already ignore it. So a submission
 * that starts with one is read as the JSON text after it: what is validated, hashed and stored
 * in the log is that text, and its `contentSha256` is of the bytes after the mark.
 */
export function withoutByteOrderMark<T extends Uint8Array>(raw: T): T {
  return raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf
    ? (raw.subarray(3) as T)
    : raw;
}

export function bodyTooLarge(limitBytes: number): TradelogError {
  return localizedError('BODY_TOO_LARGE', 413, {
    cn: `请求体超过上限 ${limitBytes} 字节`,
    en: `The request body exceeds the limit of ${limitBytes} bytes`,
  });
}

/** Parses the submitted bytes; the document must be one JSON object. */
export function parseDocument(raw: Uint8Array): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(strictUtf8.decode(raw));
  } catch (error) {
    const detail =
      error instanceof SyntaxError
        ? jsonSyntaxWords(error.message)
        : { cn: '不是合法的 UTF-8 编码', en: 'the body is not valid UTF-8' };
    throw localizedError('MALFORMED_JSON', 400, {
      cn: `请求体不是合法的 JSON：${detail.cn}`,
      en: `The request body is not valid JSON: ${detail.en}`,
    });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const kind = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
    throw localizedError('NOT_AN_OBJECT', 400, {
      cn: '请求体必须是一个 JSON 对象（一次提交一份单据）',
      en: `The request body must be one JSON object (one document per call), got ${kind}`,
    });
  }
  return parsed as Record<string, unknown>;
}
