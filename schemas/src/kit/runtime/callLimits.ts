import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import {
  grantedOf,
  type Lease,
  leaseAfterTake,
  refusalAsAnswer,
  spendFromLease,
  takerVerdict,
  verdictOf,
} from './callLeases.ts';
import type { LimitRule, LimitTable, LimitVerdict } from './limitRule.ts';

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
/** A pg.Pool, structurally (schemas does not depend on pg). */
export interface LimitStoreClient {
  query: (...args: never[]) => unknown;
}

export interface CallLimits<Name extends string> {
  consume(name: Name, subject: string): Promise<LimitVerdict>;
  /**
   * The verdict without waiting, when this instance can give it from memory: a call spent from
   * the block it holds (the next block is taken in the background before this one runs out), or
   * a subject the store refused until its window ends. `undefined` when only the store can
   * answer (no block held, the first call of a window, or limits counted call by call): then
   * `consume`. Lets a hot path skip a promise per call.
   */
  consumeHeld(name: Name, subject: string): LimitVerdict | undefined;
  readonly table: LimitTable<Name>;
}

export interface CallLimitsOptions<Name extends string> {
  table: LimitTable<Name>;
  /** The pool to count in; absent: in memory (one instance; tests of the pure parts). */
  store?: LimitStoreClient;
  /** Distinguishes services sharing one table (`query`, `ingest`). */
  prefix: string;
  /**
   * Take calls from the shared store in blocks of at least this many (per rule) and spend them
   * in memory: one database write per block instead of one per call. No more calls are ever
   * admitted than the rule allows across all instances (a block is counted in the store when
   * taken); calls an instance took but did not spend lapse with the window. Absent: 1, every
   * call counted in the store. See `leaseBlock`.
   *
   * A block grows with the subject's demand on this instance: half a second of its calls at
   * the rate seen since the last block, at most a twentieth of the window's calls. A fixed
   * block ran dry before its successor came back whenever a subject called faster than a block
   * per round trip: at 5,000 calls a second, blocks of 50 sent two calls in five to wait for
   * the store, and that waiting was a quarter of a submission's CPU.
   */
  block?: (rule: LimitRule) => number;
}

export function createCallLimits<Name extends string>(options: CallLimitsOptions<Name>): CallLimits<Name> {
  // The block-leasing below is one closure over the leases, the takes in flight and the demand:
  // each step reads and changes them between two awaits, so they stay together.
  const limits = limitersOf(options);
  const limitOf = (name: Name) => limitNamed(limits, name);
  // Per limit and subject, until the window ends: the calls taken from the store and not yet
  // spent, or the store's refusal.
  const leases = new Map<string, Lease>();
  // Blocks being taken from the store, per limit and subject (settled, never rejected).
  const takes = new Map<string, Promise<void>>();
  const leaseKeyOf = (name: Name, subject: string) => `${name}\u0000${subject.slice(0, 200)}`;
  const demand = demandOf();

  /** Takes a block from the store into the lease (leaseAfterTake). */
  const take = (
    name: Name,
    subject: string,
    spendOne: boolean,
  ): Promise<{ res: RateLimiterRes; granted: number }> => {
    const { rule, limiter, block, most } = limitOf(name);
    const leaseKey = leaseKeyOf(name, subject);
    const at = Date.now();
    const size = demand.nextSize(leaseKey, block, most, at);
    const taking = limiter
      .consume(subject.slice(0, 200), size)
      .catch(refusalAsAnswer)
      .then((res) => {
        const lease = leaseAfterTake(rule, leases.get(leaseKey), { size, at, spendOne }, res, Date.now());
        keepLease(leases, leaseKey, lease);
        return { res, granted: grantedOf(rule, size, res.consumedPoints) };
      });
    trackTake(takes, leaseKey, taking);
    return taking;
  };

  const spendHeld = (name: Name, leaseKey: string, subject: string): LimitVerdict | undefined => {
    const lease = leases.get(leaseKey);
    const verdict = spendFromLease(limitOf(name).rule, lease, Date.now());
    // The next block is taken while half of this one is left, so that callers spend from memory
    // and never wait for the store in the middle of a window (only its first call does).
    if (verdict?.allowed && lease && lease.left <= Math.floor(lease.size / 2) && !takes.has(leaseKey))
      take(name, subject, false).catch(() => undefined);
    return verdict;
  };

  return {
    table: options.table,
    consumeHeld(name, subject) {
      if (limitOf(name).block === 1) return undefined;
      const leaseKey = leaseKeyOf(name, subject);
      const verdict = spendHeld(name, leaseKey, subject);
      if (verdict?.allowed) demand.asked(leaseKey);
      return verdict;
    },
    async consume(name, subject) {
      const limit = limitOf(name);
      if (limit.block === 1) return consumeOne(limit, subject);
      // One take at a time per limit and subject: callers arriving while one is in flight wait
      // for it and spend from what it brought (one store write per block, none overwritten).
      const leaseKey = leaseKeyOf(name, subject);
      demand.asked(leaseKey);
      for (;;) {
        const held = spendHeld(name, leaseKey, subject);
        if (held !== undefined) return held;
        const inFlight = takes.get(leaseKey);
        if (!inFlight) break;
        await inFlight;
      }
      const { res, granted } = await take(name, subject, true);
      return takerVerdict(limit.rule, granted, leases.get(leaseKey), res.msBeforeNext);
    },
  };
}

/** The limit of that name; a name the table lacks is a caller's mistake. */
function limitNamed<Name extends string>(limits: Map<Name, Limit>, name: Name): Limit {
  const limit = limits.get(name);
  if (!limit) throw new Error(`no call limit named ${name}`);
  return limit;
}

/** A limit counted call by call (block 1): every call is one write to the store. */
async function consumeOne(limit: Limit, subject: string): Promise<LimitVerdict> {
  try {
    const res = await limit.limiter.consume(subject.slice(0, 200));
    return verdictOf(limit.rule, true, res.remainingPoints ?? 0, res.msBeforeNext);
  } catch (error) {
    if (error instanceof RateLimiterRes)
      return verdictOf(limit.rule, false, error.remainingPoints, error.msBeforeNext);
    throw error;
  }
}

/** Keeps what a take left, or forgets the subject; at most 10,000 leases are kept. */
function keepLease(leases: Map<string, Lease>, leaseKey: string, lease: Lease | undefined): void {
  if (lease) leases.set(leaseKey, lease);
  else leases.delete(leaseKey);
  if (leases.size > 10_000) leases.delete(leases.keys().next().value as string);
}

/**
 * Keeps a block being taken in `takes` until it settles, so that callers of the same limit and
 * subject wait for it rather than take another (settled, never rejected).
 */
function trackTake(takes: Map<string, Promise<void>>, leaseKey: string, taking: Promise<unknown>): void {
  const settled = taking.then(
    () => undefined,
    () => undefined,
  );
  takes.set(leaseKey, settled);
  void settled.then(() => {
    if (takes.get(leaseKey) === settled) takes.delete(leaseKey);
  });
}

interface Limit {
  rule: LimitRule;
  limiter: RateLimiterPostgres | RateLimiterMemory;
  /** The least block taken from the store; 1: every call counted there. */
  block: number;
  /** The largest block demand may grow to. */
  most: number;
}

/** Each rule's limiter: in the shared store with an in-memory insurance, or in memory alone. */
function limitersOf<Name extends string>(options: CallLimitsOptions<Name>): Map<Name, Limit> {
  const limits = new Map<Name, Limit>();
  for (const [name, rule] of Object.entries(options.table) as [Name, LimitRule][]) {
    const common = {
      keyPrefix: `${options.prefix}:${name}`,
      points: rule.points,
      duration: rule.windowSeconds,
    };
    const memory = new RateLimiterMemory(common);
    const limiter = options.store
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
      : memory;
    const block = Math.max(1, Math.min(rule.points, Math.floor(options.block?.(rule) ?? 1)));
    // Counted call by call (1) stays exact: only blocks grow.
    const most = block === 1 ? 1 : Math.max(block, Math.floor(rule.points / 20));
    limits.set(name, { rule, limiter, block, most });
  }
  return limits;
}

/** Per limit and subject: calls asked of this instance since its last block, which size the next. */
function demandOf() {
  const demand = new Map<string, { calls: number; since: number }>();
  const horizonMs = 500;
  return {
    asked(leaseKey: string): void {
      const seen = demand.get(leaseKey);
      if (seen !== undefined) seen.calls++;
    },
    /** The size of the next block: the demand since the last one over the horizon, within bounds. */
    nextSize(leaseKey: string, block: number, most: number, now: number): number {
      const seen = demand.get(leaseKey);
      demand.set(leaseKey, { calls: 0, since: now });
      if (demand.size > 10_000) demand.delete(demand.keys().next().value as string);
      if (seen === undefined || most <= block) return block;
      const elapsedMs = Math.max(now - seen.since, 10);
      return Math.min(most, Math.max(block, Math.ceil((seen.calls * horizonMs) / elapsedMs)));
    },
  };
}

/**
 * The least block size ingest and query-api take their keyed limits in: a twentieth of the
 * window's calls, at most 50 — exact (1) for the spec's per-second limits (§9: 10 and 30 a
 * second), 50 for 1200 a minute. Blocks grow from it with the demand (createCallLimits).
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
