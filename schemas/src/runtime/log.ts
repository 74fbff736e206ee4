import pino from 'pino';

/**
 * One logger per component, scoped with context (house style §10): a constant message plus a
 * context object, written as one JSON line by pino. Secrets and whole documents never go in;
 * as a last line of defence, keys that look secret (authorization, API keys, signing secrets,
 * passwords, tokens, cookies) are masked at any depth, and errors keep their stack, code and
 * cause so that a failure can be traced from the log alone.
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

/** An error as a plain object: name, message, code, status, stack and its causes. */
export function serializeError(error: Error, depth = 0): Record<string, unknown> {
  const extra = error as { code?: unknown; status?: unknown; retriable?: unknown; cause?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(extra.code !== undefined ? { code: extra.code } : {}),
    ...(extra.status !== undefined ? { status: extra.status } : {}),
    ...(extra.retriable !== undefined ? { retriable: extra.retriable } : {}),
    stack: error.stack,
    ...(extra.cause instanceof Error && depth < 3 ? { cause: serializeError(extra.cause, depth + 1) } : {}),
  };
}

/** Masks secret-looking keys and serialises errors, at any depth (bounded). */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: LogContext = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = secretKey.test(key) ? '***' : redact(item, depth + 1);
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
  options: { level?: Level; write?: (line: string) => void; now?: () => Date } = {},
): Logger {
  const now = options.now ?? (() => new Date());
  const destination = options.write
    ? { write: (line: string) => options.write!(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 1, sync: true });
  const instance = pino(
    {
      level: options.level ?? 'info',
      base: redact(base) as LogContext,
      messageKey: 'msg',
      timestamp: () => `,"time":"${now().toISOString()}"`,
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
