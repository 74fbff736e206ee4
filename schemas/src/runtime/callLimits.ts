import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Call limits per caller or per client address, kept in Postgres so that they hold across
 * every instance of a service (rate-limiter-flexible's Postgres store, table `call_limits` of
 * migration 1764100000001_call-limits.sql). Each service binds this core to its Express routes
 * in one small middleware (query-api/src/http/callLimit.ts, ingest/src/limits/callLimit.ts).
 *
 * - A caller past its limit is blocked in memory until its window ends, so a flood costs no
 *   database round trips (`inMemoryBlockOnConsumed`).
 * - While Postgres is unreachable each instance counts on its own (`insuranceLimiter`): limits
 *   stay in force, per instance, rather than failing open or refusing everyone.
 */
export interface LimitRule {
  /** Calls allowed per window. */
  points: number;
  windowSeconds: number;
  /** Whom the window counts: the calling account (keyed interfaces) or the client address. */
  per: 'caller' | 'ip';
}

export type LimitTable<Name extends string = string> = Readonly<Record<Name, LimitRule>>;

export interface LimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
  windowSeconds: number;
}

/** A pg.Pool, structurally (schemas does not depend on pg). */
export interface LimitStoreClient {
  query: (...args: never[]) => unknown;
}

export interface CallLimits<Name extends string> {
  consume(name: Name, subject: string): Promise<LimitVerdict>;
  readonly table: LimitTable<Name>;
}

export function createCallLimits<Name extends string>(options: {
  table: LimitTable<Name>;
  /** The pool to count in; absent: in memory (one instance; tests of the pure parts). */
  store?: LimitStoreClient;
  /** Distinguishes services sharing one table (`query`, `ingest`). */
  prefix: string;
}): CallLimits<Name> {
  const limiters = new Map<Name, RateLimiterPostgres | RateLimiterMemory>();
  for (const [name, rule] of Object.entries(options.table) as [Name, LimitRule][]) {
    const common = {
      keyPrefix: `${options.prefix}:${name}`,
      points: rule.points,
      duration: rule.windowSeconds,
    };
    const memory = new RateLimiterMemory(common);
    limiters.set(
      name,
      options.store
        ? new RateLimiterPostgres({
            ...common,
            storeClient: options.store,
            storeType: 'pool',
            tableName: 'call_limits',
            tableCreated: true,
            clearExpiredByTimeout: false,
            inMemoryBlockOnConsumed: rule.points + 1,
            insuranceLimiter: memory,
          })
        : memory,
    );
  }
  return {
    table: options.table,
    async consume(name, subject) {
      const rule = options.table[name];
      const limiter = limiters.get(name);
      if (!rule || !limiter) throw new Error(`no call limit named ${name}`);
      const verdict = (res: RateLimiterRes, allowed: boolean): LimitVerdict => ({
        allowed,
        limit: rule.points,
        remaining: Math.max(0, res.remainingPoints ?? 0),
        resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        windowSeconds: rule.windowSeconds,
      });
      try {
        return verdict(await limiter.consume(subject.slice(0, 200)), true);
      } catch (error) {
        if (error instanceof RateLimiterRes) return verdict(error, false);
        throw error;
      }
    },
  };
}

/**
 * The standard headers (IETF draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` names the
 * quota and window, `RateLimit` the remaining calls and seconds to reset; `Retry-After` when refused.
 */
export function limitHeaders(name: string, verdict: LimitVerdict): Record<string, string> {
  return {
    'RateLimit-Policy': `"${name}";q=${verdict.limit};w=${verdict.windowSeconds}`,
    RateLimit: `"${name}";r=${verdict.remaining};t=${verdict.resetSeconds}`,
    ...(verdict.allowed ? {} : { 'Retry-After': String(verdict.resetSeconds) }),
  };
}

/** Deletes windows that ended long ago (the library leaves rows behind); run from a service's sweep. */
export async function purgeEndedWindows(store: LimitStoreClient, now: number): Promise<void> {
  await (store.query as unknown as (sql: string, values: unknown[]) => Promise<unknown>)(
    'DELETE FROM call_limits WHERE expire < $1',
    [now - 3_600_000],
  );
}
