import type { AttemptRule } from '../http/attemptWindows.ts';

/**
 * Attempt limits of the portal's accounts (README "Attempt limits"): how many codes a phone and
 * an address may be sent, and how many wrong codes and wrong passwords a phone may present,
 * within a window. The windows' rule and store are shared with the express check values
 * (http/attemptWindows.ts); the shell (accounts.ts) keeps them in the transaction that judges
 * the attempt, so that every query-api instance counts the same window and a new code never
 * starts it over.
 */
export const attemptKinds = [
  'codes-per-phone',
  'codes-per-ip',
  'code-failures',
  'password-failures',
] as const;
export type AttemptKind = (typeof attemptKinds)[number];

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
