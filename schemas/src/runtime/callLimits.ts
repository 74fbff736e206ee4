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
  /**
   * Take calls from the shared store in blocks of this many (per rule) and spend them in
   * memory: one database write per block instead of one per call. No more calls are ever
   * admitted than the rule allows across all instances (a block is counted in the store when
   * taken); calls an instance took but did not spend lapse with the window. Absent: 1, every
   * call counted in the store. See `leaseBlock`.
   */
  block?: (rule: LimitRule) => number;
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
  // Calls taken from the store and not yet spent, per limit and subject, until the window ends.
  const leases = new Map<string, { left: number; remaining: number; endsAt: number }>();
  // Blocks being taken from the store, per limit and subject (settled when the take ends).
  const taking = new Map<string, Promise<void>>();
  return {
    table: options.table,
    async consume(name, subject) {
      const rule = options.table[name];
      const limiter = limiters.get(name);
      if (!rule || !limiter) throw new Error(`no call limit named ${name}`);
      const key = subject.slice(0, 200);
      const verdictAt = (allowed: boolean, remaining: number, msBeforeNext: number): LimitVerdict => ({
        allowed,
        limit: rule.points,
        remaining: Math.max(0, remaining),
        resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
        windowSeconds: rule.windowSeconds,
      });
      const block = Math.max(1, Math.min(rule.points, Math.floor(options.block?.(rule) ?? 1)));
      if (block === 1) {
        try {
          const res = await limiter.consume(key);
          return verdictAt(true, res.remainingPoints ?? 0, res.msBeforeNext);
        } catch (error) {
          if (error instanceof RateLimiterRes)
            return verdictAt(false, error.remainingPoints, error.msBeforeNext);
          throw error;
        }
      }
      const leaseKey = `${name}\u0000${key}`;
      // Concurrent calls that find no lease wait for the one block being taken and spend from
      // it, rather than each taking a block of its own (of which all but one call would lapse).
      for (;;) {
        const lease = leases.get(leaseKey);
        const now = Date.now();
        if (lease && lease.left > 0 && lease.endsAt > now) {
          lease.left--;
          return verdictAt(true, lease.remaining + lease.left, lease.endsAt - now);
        }
        const inFlight = taking.get(leaseKey);
        if (inFlight === undefined) break;
        await inFlight;
      }
      leases.delete(leaseKey);
      const now = Date.now();
      const taken = limiter.consume(key, block).catch((error: unknown) => {
        if (error instanceof RateLimiterRes) return error;
        throw error;
      });
      taking.set(
        leaseKey,
        taken.then(
          () => undefined,
          () => undefined,
        ),
      );
      let res: RateLimiterRes;
      try {
        res = await taken;
      } finally {
        taking.delete(leaseKey);
      }
      // The store counted the whole block; what lay within the rule is ours to spend. A caller
      // blocked in memory (inMemoryBlockOnConsumed) comes back with nothing counted: none.
      const granted =
        res.consumedPoints >= block ? Math.min(block, rule.points - (res.consumedPoints - block)) : 0;
      if (granted <= 0) return verdictAt(false, 0, res.msBeforeNext);
      const remaining = Math.max(0, rule.points - res.consumedPoints);
      if (granted > 1) leases.set(leaseKey, { left: granted - 1, remaining, endsAt: now + res.msBeforeNext });
      if (leases.size > 10_000) leases.delete(leases.keys().next().value as string);
      return verdictAt(true, remaining + granted - 1, res.msBeforeNext);
    },
  };
}

/**
 * The block size query-api takes its keyed limits in: a twentieth of the window's calls, at most
 * 50 — exact (1) for the spec's per-second limits (§9: 10 and 30 a second), 50 for 1200 a minute.
 */
export const leaseBlock = (rule: LimitRule): number =>
  Math.min(50, Math.max(1, Math.floor(rule.points / 20)));

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
