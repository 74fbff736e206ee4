import { inTransaction } from '@tradelog/projections';
import { customerNameRuleOf } from '@tradelog/projections/tracking/customerName';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { localizedError, type TradelogError } from '@tradelog/schemas';
import type { Response } from 'express';
import type pg from 'pg';
import {
  type AttemptRule,
  type AttemptWindow,
  decideAttempt,
  ensureAttemptWindow,
  findAttemptWindow,
  lockedUntil,
  saveAttemptWindow,
  waitText,
} from '../http/attemptWindows.ts';
import { checkCustomerName } from './rules.ts';

/**
 * Wrong express check values (query spec §3 "Express": the carrier's customerName, four phone
 * digits or a shipper account; README "Tracking queries", "Check-value attempts"). Four digits
 * fall to 10,000 guesses, so every check value judged against a known parcel is counted, in the
 * attempt windows every query-api instance shares (http/attemptWindows.ts), per key, per parcel
 * and per account: a guesser with many keys of one account is held by the account, one with
 * many accounts by the parcel. Instant queries (text and map), express subscriptions and the
 * express timeline count into the same windows.
 */
export const checkValueKinds = [
  'check-value-failures-key',
  'check-value-failures-parcel',
  'check-value-failures-account',
] as const;
export type CheckValueKind = (typeof checkValueKinds)[number];
export type CheckValueRules = Readonly<Record<CheckValueKind, AttemptRule>>;

const hour = 3_600_000;

/**
 * Ours (the spec names no limit): five wrong values a day per parcel (the owner who mistypes
 * twice is not held, a guesser has five in 10,000 a day), ten an hour per key, twenty an hour per
 * account. The price of the parcel's count: five wrong values from anyone lock that parcel's
 * check for everyone until the window ends (README "Check-value attempts").
 */
export const defaultCheckValueRules: CheckValueRules = {
  'check-value-failures-key': { limit: 10, windowMs: hour },
  'check-value-failures-parcel': { limit: 5, windowMs: 24 * hour },
  'check-value-failures-account': { limit: 20, windowMs: hour },
};

/** Who is checking which parcel: the windows one judgement reads and counts into. */
export interface CheckValueAttempt {
  keyId: string;
  accountId: string;
  /** The parcel's subject (expressSubject). */
  parcel: string;
}

/** The subjects of an attempt per kind, in the order their rows are locked (kind, then subject). */
export function checkValueSubjects(attempt: CheckValueAttempt): readonly [CheckValueKind, string][] {
  return [
    ['check-value-failures-account', attempt.accountId],
    ['check-value-failures-key', attempt.keyId],
    ['check-value-failures-parcel', attempt.parcel],
  ];
}

export type CheckValueVerdict =
  | { outcome: 'matched' }
  /** Wrong and counted; `save` the windows that count it. */
  | { outcome: 'mismatch'; save: readonly [CheckValueKind, AttemptWindow][] }
  /**
   * Refused: a window was full before this attempt (nothing counted), or this wrong value filled
   * one (`save` counts it: the attempt that reaches the limit already answers the lockout, as the
   * portal's do). `until` is when the last full window ends.
   */
  | {
      outcome: 'locked';
      kind: CheckValueKind;
      until: number;
      save: readonly [CheckValueKind, AttemptWindow][];
    };

/**
 * Pure: the verdict on one check value at `now`, given the stored windows. A full window refuses
 * every value, right or wrong (else the right one would still be told apart); a right value
 * counts nothing and resets nothing (a guesser could otherwise interleave with the owner's
 * queries); a wrong one counts in every window.
 */
export function judgeCheckValue(
  windows: ReadonlyMap<CheckValueKind, AttemptWindow | null>,
  rules: CheckValueRules,
  matched: boolean,
  now: number,
): CheckValueVerdict {
  const locked = lockOf(
    checkValueKinds.map((kind) => [kind, lockedUntil(windows.get(kind) ?? null, rules[kind], now)]),
  );
  if (locked) return { outcome: 'locked', ...locked, save: [] };
  if (matched) return { outcome: 'matched' };
  const save: [CheckValueKind, AttemptWindow][] = [];
  const filled: [CheckValueKind, number | null][] = [];
  for (const kind of checkValueKinds) {
    const decision = decideAttempt(windows.get(kind) ?? null, rules[kind], now);
    // Not full (lockedUntil above), so admitted.
    if (!decision.allowed) continue;
    save.push([kind, decision.window]);
    filled.push([kind, decision.last ? decision.window.startedAt + rules[kind].windowMs : null]);
  }
  const full = lockOf(filled);
  return full ? { outcome: 'locked', ...full, save } : { outcome: 'mismatch', save };
}

/** The latest-ending of the windows that lock, if any. */
function lockOf(
  candidates: readonly [CheckValueKind, number | null][],
): { kind: CheckValueKind; until: number } | undefined {
  let lock: { kind: CheckValueKind; until: number } | undefined;
  for (const [kind, until] of candidates)
    if (until !== null && (lock === undefined || until > lock.until)) lock = { kind, until };
  return lock;
}

/**
 * Judges a check value in one transaction holding the attempt's three windows (created empty
 * when new, locked in one order so that concurrent judgements never deadlock): counted before it
 * is answered, so concurrent guesses cannot pass a limit.
 */
export async function judgeCheckValueAttempt(
  pool: pg.Pool,
  rules: CheckValueRules,
  attempt: CheckValueAttempt,
  matched: boolean,
  now: number,
): Promise<CheckValueVerdict> {
  return inTransaction(pool, async (db) => {
    const windows = new Map<CheckValueKind, AttemptWindow | null>();
    for (const [kind, subject] of checkValueSubjects(attempt)) {
      await ensureAttemptWindow(db, kind, subject);
      windows.set(kind, await findAttemptWindow(db, kind, subject, true));
    }
    const verdict = judgeCheckValue(windows, rules, matched, now);
    if (verdict.outcome !== 'matched') {
      const subjects = new Map(checkValueSubjects(attempt));
      for (const [kind, window] of verdict.save)
        await saveAttemptWindow(db, kind, subjects.get(kind)!, window);
    }
    return verdict;
  });
}

/**
 * The refusal of a check value past a limit: 429 `CHECK_VALUE_LOCKED` saying how long (within the
 * express answers' 50 characters), `lockedFor` naming the window (key, parcel or account), and
 * `Retry-After` set on the answer.
 */
export function checkValueLocked(
  res: Response,
  verdict: { kind: CheckValueKind; until: number },
  now: number,
): TradelogError {
  const waitMs = Math.max(0, verdict.until - now);
  res.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  const wait = waitText(waitMs);
  return localizedError(
    'CHECK_VALUE_LOCKED',
    429,
    {
      cn: `customerName 错误次数过多，请 ${wait.cn}后再试`,
      en: `Too many wrong customerName; retry in ${wait.en}`,
    },
    { lockedFor: verdict.kind.replace('check-value-failures-', '') },
    { retriable: true },
  );
}

/**
 * §3 Express: the carrier's customerName rule for one request, with its attempts counted. The
 * value's form first (a malformed value is no guess: 400, not counted); then, once the parcel is
 * known, its match, judged and counted per key, parcel and account (`judgeCheckValueAttempt`):
 * 400 `CUSTOMER_NAME_MISMATCH` for a wrong value, 429 `CHECK_VALUE_LOCKED` past a limit. Throws;
 * returns when the request may be answered (and billed).
 */
export async function verifyCustomerName(request: {
  pool: pg.Pool;
  rules: CheckValueRules;
  res: Response;
  caller: { keyId: string; accountId: string };
  shipperCode: string;
  customerName: string | undefined;
  item: TrackedItem | null;
  parcel: string;
  now: number;
}): Promise<void> {
  const breach = checkCustomerName(request.shipperCode, request.customerName, request.item);
  const breachError = (found: NonNullable<typeof breach>) =>
    localizedError(found.code, 400, { cn: found.cn, en: found.en });
  if (breach && breach.code !== 'CUSTOMER_NAME_MISMATCH') throw breachError(breach);
  if (!request.item || !customerNameRuleOf(request.shipperCode)) return;
  const verdict = await judgeCheckValueAttempt(
    request.pool,
    request.rules,
    { keyId: request.caller.keyId, accountId: request.caller.accountId, parcel: request.parcel },
    breach === undefined,
    request.now,
  );
  if (verdict.outcome === 'locked') throw checkValueLocked(request.res, verdict, request.now);
  if (breach) throw breachError(breach);
}
