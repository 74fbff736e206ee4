import { isDatabaseUnavailable } from '@tradelog/projections/databaseFaults';
import { type Bilingual, isTradelogError, localizedError, type TradelogError } from '@tradelog/schemas';
import { failure, type Lang, languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import { jsonSyntaxWords } from '@tradelog/schemas/kit/runtime/jsonSyntax';
import {
  unsupportedContentEncoding,
  unsupportedMediaType,
} from '@tradelog/schemas/kit/runtime/transportErrors';
import { type QueryTypeId, queryType } from '@tradelog/schemas/queries/catalogue';
import type { NextFunction, Request, Response } from 'express';

/**
 * How each interface answers a failure (one error middleware, house style §9), chosen by the
 * route with `answerAs(…)`:
 * - `envelope`: `{flag, code, message, …}` (query spec §8; our own interfaces);
 * - `flight`: `{code, message, data}` with the flight schedule's business codes (query spec §8,
 *   `flightCode`);
 * - `statusCode`: `{status, statusCode, message}` of the vessel archive, vessel plan, route
 *   schedule and truck look-ups and of air tracking (query spec §8: statusCode 20000 is success; their dictionary is
 *   not shown, so a failure's statusCode is the HTTP status × 100 and `reason` our code);
 * - `express`: the express interfaces' `{success: false, reason, code}` (query spec §3 "Express");
 * - `portal`: the portal content calls' `{result: 0, msg}` in the payload's language (portal spec §7);
 * - `tax`: tax information's `{result, resultmsg}` (query spec §8: 000000 is success, any other
 *   result an error; the codes are ours, by cause — query-api/README.md).
 */
export type Convention = 'envelope' | 'flight' | 'statusCode' | 'express' | 'portal' | 'tax';

const queryPath = (id: QueryTypeId) => queryType(id).path;

/**
 * Interfaces whose convention is not the envelope, by path prefix (the query catalogue's path of
 * each). The app applies these before it parses bodies, so a body refused by the parser is
 * answered in the interface's own convention too; a route may also say `answerAs(…)` itself. Add
 * a line here for a new one (the flight schedule: 'flight').
 */
export const conventionsByPath: readonly (readonly [path: string, convention: Convention])[] = [
  ['/portal-api', 'portal'],
  [queryPath('expressSubscription'), 'express'],
  [queryPath('expressRouteMapSubscription'), 'express'],
  // The reference look-ups (query-api/README.md "Reference look-ups").
  [queryPath('vesselArchive'), 'statusCode'],
  [queryPath('routeSchedule'), 'statusCode'],
  [queryPath('terminalVesselPlan'), 'statusCode'],
  [queryPath('flightSchedule'), 'flight'],
  [queryPath('truckPosition'), 'statusCode'],
  [queryPath('truckTrack'), 'statusCode'],
  [queryPath('taxInformation'), 'tax'],
  // Tracking (query-api/README.md "Tracking queries"): the express instant queries (the route
  // map's path is under the plain one's); air tracking answers statusCode like the look-ups.
  [queryPath('expressInstantQuery'), 'express'],
  [queryPath('airTracking'), 'statusCode'],
];

export const answerAs = (convention: Convention) => (_req: Request, res: Response, next: NextFunction) => {
  res.locals.convention = convention;
  next();
};

/** The portal's payloads say their language in `lang` (portal spec §7); the others in Accept-Language. */
export function languageOfRequest(req: Request, convention: Convention): Lang {
  if (convention === 'portal') {
    const lang = (req.body as { lang?: unknown } | undefined)?.lang ?? req.query?.lang;
    return lang === 'en' ? 'en' : 'cn';
  }
  return languageOf(req.get('accept-language'));
}

const requestFailed: Bilingual = {
  cn: '请求失败，请刷新后重试',
  en: 'The request failed. Please try again.',
};

/**
 * The portal answers a fault with "the request failed", except these, which a visitor can act on
 * in their own words: the SMS gateway is away and a code may be asked for again at once.
 */
const portalFaultsShown: ReadonlySet<string> = new Set(['SMS_UNAVAILABLE']);

/**
 * Errors the body parsers raise (plain errors with a `type`) and Postgres being away
 * (projections/src/databaseFaults.ts) as typed ones; anything else as is. Parser messages are never
 * shown: they may quote the body (a JSON mistake is described in words of ours, by kind and place).
 */
export function typedError(error: unknown): unknown {
  if (isTradelogError(error)) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  const { status, type } = error as { status?: number; type?: string };
  if (type === 'entity.too.large') {
    return localizedError('BODY_TOO_LARGE', 413, {
      cn: '请求体过大',
      en: 'The request body is too large',
    });
  }
  // A charset other than UTF-8 (RFC 8259 §8.1), or a Content-Encoding the parsers do not take.
  if (type === 'charset.unsupported') return unsupportedMediaType();
  if (type === 'encoding.unsupported') return unsupportedContentEncoding();
  if (type === 'entity.parse.failed') {
    // Described by the kind of mistake and its place, as ingest does; never the parser's words.
    const words = jsonSyntaxWords(String((error as { message?: unknown }).message));
    return localizedError('VALIDATION_FAILED', 400, {
      cn: `请求体不是合法的 JSON：${words.cn}`,
      en: `The request body is not valid JSON: ${words.en}`,
    });
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return localizedError('VALIDATION_FAILED', status, {
      cn: '请求体不是合法的 JSON 或表单',
      en: 'The request body is not valid JSON or form data',
    });
  }
  return error;
}

/**
 * The flight API's codes for causes of ours (query spec §8). Its 401xx are an account's: a key is
 * account and password in one, so none sent is "account missing" (40103), an unknown one "wrong
 * account or password" (40101), a revoked one "account disabled" (40102). 40011 (coordinate
 * conversion error) is never answered: no coordinates are converted (coordinateSystem).
 */
const flightCodesByCause: Readonly<Record<string, number>> = {
  API_KEY_MISSING: 40103,
  API_KEY_INVALID: 40101,
  API_KEY_REVOKED: 40102,
  METHOD_NOT_ALLOWED: 40500,
  AIRLINE_UNKNOWN: 40020,
  COORDINATE_SYSTEM_UNSUPPORTED: 40010,
};

/**
 * The flight API's business code for a failure (query spec §8): a cause of its own
 * (flightCodesByCause); else a refused request is 40000, or 40001 when a list is too long, or
 * 40600 when a value is malformed (wrong type or format, or a body that is not JSON at all);
 * other key failures 40100, permission 40300, call limit 42900, faults 50000.
 */
export function flightCode(status: number, code: string, errors?: readonly { rule?: string }[]): number {
  const byCause = flightCodesByCause[code];
  if (byCause !== undefined) return byCause;
  if (status === 400) {
    if (errors?.some((issue) => issue.rule === 'type' || issue.rule === 'format')) return 40600;
    if (errors?.some((issue) => issue.rule === 'maxItems')) return 40001;
    return code === 'VALIDATION_FAILED' && errors === undefined ? 40600 : 40000;
  }
  const codes: Record<number, number> = { 401: 40100, 403: 40300, 404: 40400, 405: 40500, 429: 42900 };
  return codes[status] ?? (status >= 500 ? 50000 : 40000);
}

/** Tax results by cause (query spec §8 gives only 000000): the error's code, else its HTTP status. */
export const taxResults = {
  success: '000000',
  VALIDATION_FAILED: '100001',
  TAX_DATA_NOT_FOUND: '100404',
  TAX_NAME_MISMATCH: '100409',
  CALL_LIMIT_EXCEEDED: '100429',
  PROJECTION_NOT_READY: '100503',
} as const;
const taxResultsByStatus: Record<number, string> = {
  400: '100001',
  401: '100401',
  403: '100403',
  413: '100413',
};

export function errorAnswer(
  error: unknown,
  req: Request,
  convention: Convention,
): { status: number; body: Record<string, unknown> } {
  const typed = typedError(error);
  const lang = languageOfRequest(req, convention);
  const { status, body } = failure(typed, lang);
  switch (convention) {
    case 'envelope':
      return { status, body };
    case 'flight': {
      const { flag: _flag, code, message, ...rest } = body;
      const business = flightCode(status, code, rest.errors as { rule?: string }[] | undefined);
      return { status, body: { code: business, message, reason: code, ...rest, data: null } };
    }
    case 'statusCode': {
      const { flag: _flag, code, message, ...rest } = body;
      return { status, body: { status, statusCode: status * 100, message, reason: code, ...rest } };
    }
    case 'express': {
      const { flag: _flag, message, code, ...rest } = body;
      // The express answers carry a reason of at most 50 characters (query spec §3 "Express").
      return { status, body: { success: false, reason: String(message).slice(0, 50), code, ...rest } };
    }
    case 'tax': {
      const code = String(body.code);
      const result =
        (taxResults as Record<string, string>)[code] ??
        taxResultsByStatus[status] ??
        (status >= 500 ? '100500' : '100000');
      const { flag: _flag, code: _code, message, ...rest } = body;
      return { status, body: { result, resultmsg: message, ...rest } };
    }
    case 'portal': {
      const shown = isTradelogError(typed) && (typed.status < 500 || portalFaultsShown.has(typed.code));
      const own = shown ? body.message : requestFailed[lang];
      return { status, body: { result: 0, msg: own } };
    }
  }
}

/** The app's one error middleware: maps every error to the route's convention and logs server faults. */
export function errorMiddleware(log: (error: unknown, req: Request) => void) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const convention = (res.locals.convention as Convention | undefined) ?? 'envelope';
    const { status, body } = errorAnswer(error, req, convention);
    if (status >= 500) log(error, req);
    // Keys are Bearer credentials; the portal's login is a session cookie, not a key.
    if (status === 401 && convention !== 'portal') res.set('WWW-Authenticate', 'Bearer realm="tradelog"');
    // A dependency away (the database, a projection not yet caught up): when to ask again.
    if (status === 503 && !res.get('Retry-After')) res.set('Retry-After', '5');
    res.status(status).json(body);
  };
}

/** Postgres away (`isDatabaseUnavailable`): come back shortly. */
export const databaseUnavailable = (cause: unknown): TradelogError =>
  localizedError(
    'DATABASE_UNAVAILABLE',
    503,
    { cn: '数据库暂不可用，请稍后重试', en: 'The database is unavailable right now; retry shortly' },
    {},
    { cause },
  );

export const notFoundError = () =>
  localizedError('NOT_FOUND', 404, { cn: '接口不存在', en: 'No such interface' });
