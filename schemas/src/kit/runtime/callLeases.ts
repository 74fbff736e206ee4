import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitRule, LimitVerdict } from './limitRule.ts';

/**
 * The pure steps of taking call limits in blocks (createCallLimits, option `block`): what a
 * block taken from the store leaves this instance to spend, and what spending one call from it
 * answers. The factory keeps the leases and the takes in flight; these only read and shape them.
 */
export interface Lease {
  /** Calls taken from the store and not yet spent (0 with `refused`). */
  left: number;
  /** The size of the block last taken: the next is taken once half of it is left. */
  size: number;
  /** What the store had left for the window when the block was taken. */
  remaining: number;
  endsAt: number;
  /** The store refused the subject: every call is refused until `endsAt`. */
  refused: boolean;
}

/** A block asked of the store. */
export interface BlockAsked {
  size: number;
  /** When it was asked for: the window ends the store's `msBeforeNext` after it. */
  at: number;
  /** The call that took the block spends one of it at once. */
  spendOne: boolean;
}

/** What the store answered for a block (a RateLimiterRes, or its refusal). */
export interface StoreCount {
  consumedPoints: number;
  msBeforeNext: number;
}

/**
 * The calls of a block that lie within the rule: the store counted the whole block, what lay
 * within the rule is ours to spend. A caller blocked in memory (inMemoryBlockOnConsumed) comes
 * back with nothing counted.
 */
export function grantedOf(rule: LimitRule, size: number, consumedPoints: number): number {
  return consumedPoints >= size ? Math.min(size, rule.points - (consumedPoints - size)) : 0;
}

/**
 * The lease a block taken from the store leaves: calls left from the same window add up; a
 * block of a new window replaces what the ended one left (those lapse with it). `undefined`:
 * nothing is held (every granted call was spent).
 */
export function leaseAfterTake(
  rule: LimitRule,
  current: Lease | undefined,
  asked: BlockAsked,
  count: StoreCount,
  now: number,
): Lease | undefined {
  const { size } = asked;
  const granted = grantedOf(rule, size, count.consumedPoints);
  const endsAt = asked.at + count.msBeforeNext;
  const windowMs = rule.windowSeconds * 1000;
  const carried =
    current && !current.refused && current.endsAt > now && endsAt - current.endsAt < windowMs / 2
      ? current.left
      : 0;
  const left = carried + Math.max(0, granted - (asked.spendOne && granted > 0 ? 1 : 0));
  if (left > 0)
    return { left, size, remaining: Math.max(0, rule.points - count.consumedPoints), endsAt, refused: false };
  if (granted === 0) return { left: 0, size, remaining: 0, endsAt, refused: true };
  return undefined;
}

/**
 * Spends one call from the lease when memory can answer: the lease's refusal until its window
 * ends, or a call it holds (taken off `left`). `undefined` when only the store can answer.
 */
export function spendFromLease(
  rule: LimitRule,
  lease: Lease | undefined,
  now: number,
): LimitVerdict | undefined {
  if (lease === undefined) return undefined;
  if (lease.endsAt <= now) return undefined;
  if (lease.refused) return verdictOf(rule, false, 0, lease.endsAt - now);
  if (lease.left <= 0) return undefined;
  lease.left--;
  return verdictOf(rule, true, lease.remaining + lease.left, lease.endsAt - now);
}

/**
 * The verdict of the call that took a block: refused when the store granted nothing, else what
 * the store and the lease it left still hold.
 */
export function takerVerdict(
  rule: LimitRule,
  granted: number,
  lease: Lease | undefined,
  msBeforeNext: number,
): LimitVerdict {
  if (granted <= 0) return verdictOf(rule, false, 0, msBeforeNext);
  return verdictOf(rule, true, (lease?.remaining ?? 0) + (lease?.left ?? 0), msBeforeNext);
}

/**
 * The limiter's refusal (a rejected RateLimiterRes) is an answer like any other; a store fault
 * still rejects.
 */
export function refusalAsAnswer(error: unknown): RateLimiterRes {
  if (error instanceof RateLimiterRes) return error;
  throw error;
}

/** The verdict a caller gets: allowed or not, and the window's figures for the headers. */
export function verdictOf(
  rule: LimitRule,
  allowed: boolean,
  remaining: number,
  msBeforeNext: number,
): LimitVerdict {
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(0, remaining),
    resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    windowSeconds: rule.windowSeconds,
  };
}
