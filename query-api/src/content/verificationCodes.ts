import { inTransaction } from '@tradelog/projections';
import {
  decideAttempt,
  ensureAttemptWindow,
  findAttemptWindow,
  lockedUntil,
  refundAttempt,
  saveAttemptWindow,
} from '../http/attemptWindows.ts';
import {
  type AccountsContext,
  attemptRefusal,
  codeLifetimeMs,
  codeRefusals,
  codeResendMs,
  fail,
  judgeCode,
  mobilePattern,
  type Outcome,
  sha256,
} from './accountRules.ts';
import type { AttemptKind } from './attemptLimits.ts';
import {
  claimCode,
  deleteCode,
  findCode,
  type Queryable,
  recordWrongCode,
  releaseCode,
} from './portalStore.ts';

/**
 * Verification codes of the portal's accounts (README "Verification codes", "Attempt limits"):
 * sent at most once a minute per phone within the day's caps, judged under their row lock.
 */
/**
 * One code per phone per minute, also under concurrency: the slot is claimed in the same
 * statement that checks it (claimCode), then the code is sent; a send that fails gives the
 * slot back, so the visitor may retry at once (README "Verification codes").
 */
export async function requestCode(ctx: AccountsContext, phone: string, ip: string): Promise<Outcome> {
  const { deps } = ctx;
  const { pool } = ctx.deps;
  if (!mobilePattern.test(phone))
    return fail(400, 'PHONE_INVALID', '请输入正确手机号', 'Please enter a correct phone number');
  const now = deps.clock.now();
  const code = deps.newCode();
  const codeHash = sha256(code);
  const caps: [AttemptKind, string][] = [
    ['codes-per-phone', phone],
    ['codes-per-ip', ip.slice(0, 100)],
  ];
  const claimed = await inTransaction(pool, async (db): Promise<Outcome<number[]>> => {
    // No codes for a phone locked by wrong ones: none could be checked (README "Attempt limits").
    const failures = deps.attemptRules['code-failures'];
    const locked = lockedUntil(await findAttemptWindow(db, 'code-failures', phone), failures, now);
    if (locked !== null) return attemptRefusal('code-failures', locked - now);
    // The day's codes per phone and per address, each window locked (in this order) until commit.
    const windows = [];
    for (const [kind, subject] of caps) {
      await ensureAttemptWindow(db, kind, subject);
      const decision = decideAttempt(
        await findAttemptWindow(db, kind, subject, true),
        deps.attemptRules[kind],
        now,
      );
      if (!decision.allowed) return attemptRefusal(kind, decision.until - now);
      windows.push(decision.window);
    }
    const slot = await claimCode(db, {
      phone,
      codeHash,
      issuedAt: new Date(now),
      expiresAt: new Date(now + codeLifetimeMs),
      resendBefore: new Date(now - codeResendMs),
    });
    if (!slot) {
      return fail(
        429,
        'VERIFICATION_CODE_TOO_SOON',
        '验证码发送过于频繁，请稍后再试',
        'Codes are sent at most once a minute; please wait',
      );
    }
    for (const [index, [kind, subject]] of caps.entries())
      await saveAttemptWindow(db, kind, subject, windows[index]!);
    return { ok: true, value: windows.map((window) => window.startedAt) };
  });
  if (!claimed.ok) return claimed;
  try {
    await deps.send(phone, code);
  } catch (error) {
    // Not sent: the slot and the day's counts are given back.
    await inTransaction(pool, async (db) => {
      await releaseCode(db, phone, codeHash);
      for (const [index, [kind, subject]] of caps.entries())
        await refundAttempt(db, kind, subject, claimed.value[index]!);
    });
    throw error;
  }
  return { ok: true, value: undefined };
}

/**
 * Judges a presented code under its row lock: counts a wrong guess (on the code, and on the
 * phone's window of wrong codes, which a new code does not reset), spends a right one; the
 * refusal or null. A phone past its wrong codes is refused before its code is looked at. The
 * code row's lock serialises a phone's guesses, so its window is read and written under it.
 */
export async function spendCode(ctx: AccountsContext, db: Queryable, phone: string, presented: string) {
  const { deps, at } = ctx;
  const now = deps.clock.now();
  const stored = await findCode(db, phone, true);
  const rule = deps.attemptRules['code-failures'];
  const failures = await findAttemptWindow(db, 'code-failures', phone);
  const locked = lockedUntil(failures, rule, now);
  if (locked !== null) return attemptRefusal('code-failures', locked - now);
  const verdict = judgeCode(stored, presented, now, deps.maxAttempts);
  if (verdict === 'right') {
    await deleteCode(db, phone);
    return null;
  }
  if (verdict === 'wrong' || verdict === 'wrong-and-burned') {
    await recordWrongCode(db, phone, verdict === 'wrong-and-burned' ? at() : null);
    const counted = decideAttempt(failures, rule, now);
    if (counted.allowed) {
      await saveAttemptWindow(db, 'code-failures', phone, counted.window);
      if (counted.last)
        return attemptRefusal('code-failures', counted.window.startedAt + rule.windowMs - now);
    }
  }
  return codeRefusals[verdict];
}
