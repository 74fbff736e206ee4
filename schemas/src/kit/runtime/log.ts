import pino from 'pino';
import { type LogFormat, logFormatFor, prettyLogLine } from './prettyLog.ts';
import { remembered } from './remembered.ts';

/**
 * One logger per component, scoped with context (house style §10): a constant message plus a
 * context object, written as one JSON line by pino. Secrets and whole documents never go in;
 * as a last line of defence, keys that look secret (authorization, API keys, signing secrets,
 * passwords, tokens, cookies) are masked at any depth, and errors keep their stack, code and
 * cause so that a failure can be traced from the log alone. In a terminal the same records are
 * printed readable (./prettyLog.ts; `format`, from each service's LOG_FORMAT).
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
export type LogContext = Record<string, unknown>;

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  scope(context: LogContext): Logger;
}

const secretKey = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|signature/i;

/**
 * Whether a context key looks secret, remembered: a service logs the same few keys on every line
 * (ingest one line per submission). Bounded, since keys can come from data.
 */
const isSecretKey = remembered((key) => secretKey.test(key), 4096);

/** A context that needs no masking and holds nothing but primitives is written as it is. */
function plainAndClean(value: object): boolean {
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if ((item !== null && typeof item === 'object') || isSecretKey(key)) return false;
  }
  return true;
}

/**
 * How many of an aggregate's errors a line keeps: a client that tried every broker says why
 * each failed (Kafka's admin client answers `AggregateError`s), bounded so one line stays short.
 */
const aggregatedErrorsKept = 3;

/** An error as a plain object: name, message, code, status, stack, its causes and an aggregate's first errors. */
export function serializeError(error: Error, depth = 0): Record<string, unknown> {
  const extra = error as {
    code?: unknown;
    status?: unknown;
    retriable?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const aggregated = Array.isArray(extra.errors) && depth < 3 ? extra.errors : [];
  return {
    name: error.name,
    message: error.message,
    ...(extra.code !== undefined ? { code: extra.code } : {}),
    ...(extra.status !== undefined ? { status: extra.status } : {}),
    ...(extra.retriable !== undefined ? { retriable: extra.retriable } : {}),
    stack: error.stack,
    ...(extra.cause instanceof Error && depth < 3 ? { cause: serializeError(extra.cause, depth + 1) } : {}),
    ...(aggregated.length > 0
      ? {
          errors: aggregated
            .slice(0, aggregatedErrorsKept)
            .map((item) => (item instanceof Error ? serializeError(item, depth + 1) : String(item))),
          ...(aggregated.length > aggregatedErrorsKept
            ? { errorsLeftOut: aggregated.length - aggregatedErrorsKept }
            : {}),
        }
      : {}),
  };
}

/**
 * An error on one line: its message and code, then its cause's (or an aggregate's first error's),
 * down to the innermost. For a warning that repeats while a dependency is away, where the same
 * stack on every line would bury the reason.
 */
export function errorReason(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error);
  const extra = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = `${error.message}${extra.code !== undefined ? ` [${String(extra.code)}]` : ''}`;
  const inner = extra.cause ?? (Array.isArray(extra.errors) ? extra.errors[0] : undefined);
  return inner === undefined || depth >= 5 ? own : `${own} ← ${errorReason(inner, depth + 1)}`;
}

/** Masks secret-looking keys and serialises errors, at any depth (bounded). */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (plainAndClean(value)) return value;
  const out: LogContext = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) ? '***' : redact(item, depth + 1);
  }
  return out;
}

function wrap(instance: pino.Logger): Logger {
  const emit = (level: Level) => (message: string, context?: LogContext) => {
    if (!instance.isLevelEnabled(level)) return;
    if (context) instance[level](redact(context) as LogContext, message);
    else instance[level](message);
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    scope: (context) => wrap(instance.child(redact(context) as LogContext)),
  };
}

export function createLogger(
  base: LogContext,
  options: {
    level?: Level;
    write?: (line: string) => void;
    now?: () => Date;
    /** `auto` (the default): readable when stdout is a terminal, JSON lines otherwise. */
    format?: LogFormat | 'auto';
  } = {},
): Logger {
  const now = options.now ?? (() => new Date());
  // The time field, written again only when the millisecond changed: lines come thousands a second.
  let lastMs = Number.NaN;
  let lastField = '';
  const timeField = (at: Date) => {
    const ms = at.getTime();
    if (ms !== lastMs) {
      lastMs = ms;
      lastField = `,"time":"${at.toISOString()}"`;
    }
    return lastField;
  };
  const stdout = process.stdout.isTTY === true;
  const format = logFormatFor(options.format ?? 'auto', options.write ? false : stdout);
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const destination =
    format === 'pretty'
      ? { write: (line: string) => write(prettyLogLine(line.trimEnd(), { colour: stdout })) }
      : options.write
        ? { write: (line: string) => options.write!(line.endsWith('\n') ? line.slice(0, -1) : line) }
        : pino.destination({ dest: 1, sync: true });
  const instance = pino(
    {
      level: options.level ?? 'info',
      base: redact(base) as LogContext,
      messageKey: 'msg',
      timestamp: () => timeField(now()),
      formatters: { level: (label) => ({ level: label }) },
      // pino's own redaction covers the shapes a request log could carry, should one slip through.
      redact: {
        paths: [
          'headers.authorization',
          'headers["x-api-key"]',
          'req.headers.authorization',
          'req.headers["x-api-key"]',
        ],
        censor: '***',
      },
    },
    destination,
  );
  return wrap(instance);
}
