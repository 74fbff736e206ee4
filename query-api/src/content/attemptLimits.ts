import type { Bilingual } from '@tradelog/schemas';

/**
 * Attempt limits of the portal's accounts (README "Attempt limits"): how many codes a phone and
 * an address may be sent, and how many wrong codes and wrong passwords a phone may present,
 * within a window. Pure: the shell (accounts.ts) keeps the windows in Postgres
 * (`portal_attempts`), in the transaction that judges the attempt, so that every query-api
 * instance counts the same window and a new code never starts it over.
 *
 * A window opens with its first attempt and lasts `windowMs`; within it at most `limit`
 * attempts are admitted, then the subject is locked until the window ends. Fixed windows, not
 * sliding ones: the lockout's end is one instant the visitor can be told.
 */
export const attemptKinds = [
  'codes-per-phone',
  'codes-per-ip',
  'code-failures',
  'password-failures',
] as const;
export type AttemptKind = (typeof attemptKinds)[number];

export interface AttemptRule {
  limit: number;
  windowMs: number;
}
export type AttemptRules = Readonly<Record<AttemptKind, AttemptRule>>;

const day = 86_400_000;

/**
 * Ours (the portal spec names no limits): ten codes a day per phone, thirty per address (an
 * office behind one address registers several people), ten wrong codes a day per phone whatever
 * code they were meant for, ten wrong passwords a day per account. A visitor locked out of the
 * password can still log in with a code, which counts apart.
 */
export const defaultAttemptRules: AttemptRules = {
  'codes-per-phone': { limit: 10, windowMs: day },
  'codes-per-ip': { limit: 30, windowMs: day },
  'code-failures': { limit: 10, windowMs: day },
  'password-failures': { limit: 10, windowMs: day },
};

/** A subject's stored window: when its first attempt came and how many were admitted since. */
export interface AttemptWindow {
  startedAt: number;
  count: number;
}

export type AttemptDecision =
  | { allowed: true; window: AttemptWindow; last: boolean }
  | { allowed: false; until: number };

/** The window in force at `now`: the stored one, or none when it ended. */
function current(stored: AttemptWindow | null, rule: AttemptRule, now: number): AttemptWindow | null {
  return stored && now < stored.startedAt + rule.windowMs ? stored : null;
}

/**
 * Pure: whether one more attempt is admitted at `now`, and the window to store if so (`last`
 * when it uses the window's final attempt: the subject is locked from the next one on).
 */
export function decideAttempt(stored: AttemptWindow | null, rule: AttemptRule, now: number): AttemptDecision {
  const window = current(stored, rule, now);
  if (window && window.count >= rule.limit)
    return { allowed: false, until: window.startedAt + rule.windowMs };
  const next = window
    ? { startedAt: window.startedAt, count: window.count + 1 }
    : { startedAt: now, count: 1 };
  return { allowed: true, window: next, last: next.count >= rule.limit };
}

/** Pure: until when the subject is locked at `now`, or null when another attempt would be admitted. */
export function lockedUntil(stored: AttemptWindow | null, rule: AttemptRule, now: number): number | null {
  const decision = decideAttempt(stored, rule, now);
  return decision.allowed ? null : decision.until;
}

/** Pure: "how long until" in both languages, rounded up to minutes, or to hours past two. */
export function waitText(ms: number): Bilingual {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes <= 120) return { cn: `${minutes} 分钟`, en: `${minutes} minute${minutes === 1 ? '' : 's'}` };
  const hours = Math.ceil(minutes / 60);
  return { cn: `${hours} 小时`, en: `${hours} hours` };
}
