import { localizedError } from '@tradelog/schemas';
import { unsupportedMediaType } from '@tradelog/schemas/kit/runtime/transportErrors';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Bounded request bodies for every query-api interface (README "Bounds"): a byte limit on the
 * raw body (JSON or form), then one iterative walk over what was parsed that refuses nesting,
 * lists, objects and strings beyond the bounds, before any route or schema sees it. The walk
 * is O(body size) and never recursive, so a hostile body costs at most its parsing.
 */
export interface BodyBounds {
  limitBytes: number;
  maxDepth: number;
  maxItems: number;
  maxKeys: number;
  maxStringLength: number;
}

/** Generous for every interface we serve: the largest lists we accept are 1000 ids (redelivery). */
export const defaultBodyBounds: BodyBounds = Object.freeze({
  limitBytes: 64 * 1024,
  maxDepth: 12,
  maxItems: 1000,
  maxKeys: 200,
  maxStringLength: 10_000,
});

/** What is out of bounds, in each language: the answer's message is written in the caller's. */
type Problem = { cn: string; en: string };

export function shapeProblem(value: unknown, bounds: Omit<BodyBounds, 'limitBytes'>): Problem | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!;
    const at = { cn: path || '请求体', en: path || 'body' };
    if (typeof current === 'string') {
      if (current.length > bounds.maxStringLength)
        return {
          cn: `${at.cn} 超过 ${bounds.maxStringLength} 个字符`,
          en: `${at.en} is longer than ${bounds.maxStringLength} characters`,
        };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= bounds.maxDepth)
      return {
        cn: `${at.cn} 嵌套超过 ${bounds.maxDepth} 层`,
        en: `${at.en} is nested deeper than ${bounds.maxDepth} levels`,
      };
    if (Array.isArray(current)) {
      if (current.length > bounds.maxItems)
        return {
          cn: `${at.cn} 超过 ${bounds.maxItems} 项`,
          en: `${at.en} has more than ${bounds.maxItems} items`,
        };
      current.forEach((item, index) => {
        stack.push({ value: item, depth: depth + 1, path: `${path}[${index}]` });
      });
    } else {
      const entries = Object.entries(current);
      if (entries.length > bounds.maxKeys)
        return {
          cn: `${at.cn}的字段超过 ${bounds.maxKeys} 个`,
          en: `${at.en} has more than ${bounds.maxKeys} fields`,
        };
      for (const [key, item] of entries) {
        if (key.length > 256)
          return {
            cn: `${at.cn}有超过 256 个字符的字段名`,
            en: `${at.en} has a field name longer than 256 characters`,
          };
        stack.push({ value: item, depth: depth + 1, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return undefined;
}

/**
 * The media types a body may have: JSON; the form encoding of the portal's calls (portal spec
 * §7); a multipart form, which only the vessel archive reads (reference/form.ts, query spec §3).
 */
const bodyTypes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * A body of another type (or of none named) is refused 415, as ingest refuses it, rather than
 * left unread and answered "the body must be a JSON object" about a body that may well be one.
 * Like the parsing, before the routes check the key: it tells a caller nothing of any data.
 */
function bodyTypeChecked(req: Request, _res: Response, next: NextFunction) {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  next(hasBody && !req.is(bodyTypes) ? unsupportedMediaType() : undefined);
}

export function boundedBody(bounds: BodyBounds) {
  const json = express.json({ limit: bounds.limitBytes });
  const form = express.urlencoded({
    extended: false,
    limit: bounds.limitBytes,
    parameterLimit: bounds.maxKeys,
  });
  const check = (req: Request, _res: Response, next: NextFunction) => {
    const problem = req.body === undefined ? undefined : shapeProblem(req.body, bounds);
    if (problem === undefined) return next();
    next(
      localizedError('BODY_OUT_OF_BOUNDS', 400, {
        cn: `请求体超出限制：${problem.cn}`,
        en: `The request body is out of bounds: ${problem.en}`,
      }),
    );
  };
  return [bodyTypeChecked, json, form, check];
}
