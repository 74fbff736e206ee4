import { ConfigError } from '../../errors/tradelogError.ts';
import type { Level } from './log.ts';
import type { LogFormat } from './prettyLog.ts';

/**
 * Building blocks for each service's one config module (house style §8). A service parses
 * `process.env` once at start-up with these and exports a frozen object; nothing else reads
 * the environment. Every failure names the variable and says what is wrong with it.
 */
export type Env = Readonly<Record<string, string | undefined>>;

const present = (env: Env, key: string): string | undefined => {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

export function text(env: Env, key: string, fallback?: string): string {
  const value = present(env, key) ?? fallback;
  if (value === undefined) throw new ConfigError(key, 'is required but not set');
  return value;
}

export function optionalText(env: Env, key: string): string | undefined {
  return present(env, key);
}

export function integer(
  env: Env,
  key: string,
  fallback: number,
  bounds: { min?: number; max?: number } = {},
): number {
  const raw = present(env, key);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(key, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (bounds.min !== undefined && value < bounds.min)
    throw new ConfigError(key, `must be at least ${bounds.min}, got ${value}`);
  if (bounds.max !== undefined && value > bounds.max)
    throw new ConfigError(key, `must be at most ${bounds.max}, got ${value}`);
  return value;
}

export function port(env: Env, key: string, fallback: number): number {
  return integer(env, key, fallback, { min: 0, max: 65535 });
}

export function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = present(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(key, `must be true or false, got "${raw}"`);
}

export function url(
  env: Env,
  key: string,
  fallback?: string,
  protocols: readonly string[] = ['http:', 'https:'],
): string {
  const value = text(env, key, fallback);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(key, `must be a URL, got "${redactUrl(value)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(key, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return value;
}

/** Comma-separated `host:port` list, as Kafka clients take bootstrap servers. */
export function hostPorts(env: Env, key: string, fallback?: string): string[] {
  const list = text(env, key, fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    if (!/^[\w.-]+:\d{1,5}$|^\[[\da-f:]+\]:\d{1,5}$/i.test(item)) {
      throw new ConfigError(key, `each entry must be host:port, got "${item}"`);
    }
  }
  if (list.length === 0) throw new ConfigError(key, 'must list at least one host:port');
  return list;
}

export function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const raw = present(env, key) ?? fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(key, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** LOG_LEVEL and LOG_FORMAT, which every service reads alike. */
export interface LogSettings {
  logLevel: Level;
  /** LOG_FORMAT: `auto` (readable in a terminal, JSON otherwise), `json` or `pretty`. */
  logFormat: LogFormat | 'auto';
}

export function logSettings(env: Env): LogSettings {
  return {
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', ['auto', 'json', 'pretty'] as const, 'auto'),
  };
}

/**
 * PROJECTION_NAMESPACE, the prefix of the projections' version schemas and consumer groups: the
 * processors that write them and query-api that reads them must read it alike.
 */
export function projectionNamespace(env: Env): string {
  const namespace = text(env, 'PROJECTION_NAMESPACE', 'proj');
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(namespace))
    throw new ConfigError(
      'PROJECTION_NAMESPACE',
      `must be lower-case letters, digits and _, got "${namespace}"`,
    );
  return namespace;
}

/** Hides the password and query string of a URL before it reaches a log or an error. */
export function redactUrl(value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    if (parsed.search) parsed.search = '?***';
    return parsed.toString();
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//***@');
  }
}
