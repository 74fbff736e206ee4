/**
 * One logger per component, scoped with context (house style §10): a constant message plus a
 * context object, written as one JSON line. Secrets and whole documents never go in; keys
 * that look secret are masked as a last line of defence.
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

const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const secretKey = /pass(word)?|secret|token|api[-_]?key|authorization|cookie/i;

function mask(context: LogContext): LogContext {
  const out: LogContext = {};
  for (const [key, value] of Object.entries(context)) {
    if (secretKey.test(key)) out[key] = '***';
    else if (value instanceof Error)
      out[key] = { name: value.name, message: value.message, code: (value as { code?: unknown }).code };
    else out[key] = value;
  }
  return out;
}

export function createLogger(
  base: LogContext,
  options: { level?: Level; write?: (line: string) => void; now?: () => Date } = {},
): Logger {
  const threshold = order[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const emit = (level: Level, message: string, context?: LogContext) => {
    if (order[level] < threshold) return;
    write(
      JSON.stringify({ time: now().toISOString(), level, msg: message, ...mask({ ...base, ...context }) }),
    );
  };
  return {
    debug: (message, context) => emit('debug', message, context),
    info: (message, context) => emit('info', message, context),
    warn: (message, context) => emit('warn', message, context),
    error: (message, context) => emit('error', message, context),
    scope: (context) => createLogger({ ...base, ...context }, options),
  };
}
