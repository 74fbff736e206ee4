import { createHash, timingSafeEqual } from 'node:crypto';
import { type Bilingual, localizedError, type TradelogError } from '@tradelog/schemas';
import type pg from 'pg';
import { waitText } from '../http/attemptWindows.ts';
import type { AttemptKind, AttemptRules } from './attemptLimits.ts';
import { hashPassword } from './passwordHash.ts';
import type { LeadSender, SessionAccount, StoredCode } from './portalStore.ts';

/**
 * Registration, login and logout, verification codes, sessions and saved forms of the portal
 * (spec §3–§5, §7; README "Sessions"),
 * kept in Postgres (portalStore.ts): nothing a visitor gives us lives only in memory, and a
 * restart loses nothing. Codes expire, count wrong guesses and are burned after
 * `maxAttempts` of them; codes sent, wrong codes and wrong passwords are limited per phone,
 * address and account across codes (README "Attempt limits"). Time and randomness are passed in.
 * This module holds their rules and answers; the operations are in verificationCodes.ts,
 * accountLogins.ts, accountSessions.ts and accounts.ts (which binds them to their dependencies).
 */
export interface Clock {
  now: () => number;
}

/** How a verification code reaches the visitor (smsSenders.ts: log, HTTP gateway, none). */
export type SmsSender = (phone: string, code: string) => Promise<void>;

export const codeLifetimeMs = 5 * 60_000;
/** One code per phone per minute, as the portal's get-code button counts down 60 s. */
export const codeResendMs = 60_000;

export const mobilePattern = /^1[34578]\d{9}$/;
export const phonePattern = /^(?:0\d{2,3}-\d{7,8}|1[3-9]\d{9})$/;
export const passwordPattern = /^[A-Za-z0-9]{6,12}$/;

/**
 * An account command's answer: its value, or the refusal the portal shows the visitor — a value,
 * not a throw, so that a refusal decided inside a transaction (a wrong code counted) commits.
 * The router throws the refusal as a typed error (`refusalOf`), which the one error middleware
 * answers `{result: 0, msg}` (http/answers.ts, convention `portal`).
 */
export type Outcome<T = undefined> = { ok: true; value: T } | Refusal;

export interface Refusal {
  ok: false;
  status: number;
  code: string;
  message: Bilingual;
  /** A lockout's remaining seconds, answered as `Retry-After` (README "Attempt limits"). */
  retryAfterSeconds?: number;
}

export const fail = (status: number, code: string, cn: string, en: string): Refusal => ({
  ok: false,
  status,
  code,
  message: { cn, en },
});

/** A refusal as the typed error the error middleware answers. */
export const refusalOf = (refusal: Refusal): TradelogError =>
  localizedError(refusal.code, refusal.status, refusal.message);

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * The refusal of an attempt past its limit (README "Attempt limits"), saying how long the lock
 * lasts: codes sent to a phone or an address, wrong codes for a phone, wrong passwords for an
 * account (which can still log in with a code).
 */
export function attemptRefusal(kind: AttemptKind, waitMs: number): Refusal {
  return {
    ...attemptMessage(kind, waitText(waitMs)),
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

function attemptMessage(kind: AttemptKind, wait: Bilingual): Refusal {
  switch (kind) {
    case 'codes-per-phone':
      return fail(
        429,
        'VERIFICATION_CODE_LIMIT',
        `该手机号获取验证码次数已达上限，请 ${wait.cn}后再试`,
        `This phone number has been sent as many codes as allowed; try again in ${wait.en}`,
      );
    case 'codes-per-ip':
      return fail(
        429,
        'VERIFICATION_CODE_LIMIT',
        `当前网络获取验证码次数已达上限，请 ${wait.cn}后再试`,
        `This network has been sent as many codes as allowed; try again in ${wait.en}`,
      );
    case 'code-failures':
      return fail(
        429,
        'VERIFICATION_CODE_LOCKED',
        `验证码错误次数过多，该手机号已锁定，请 ${wait.cn}后再试`,
        `Too many wrong codes for this phone number: it is locked; try again in ${wait.en}`,
      );
    case 'password-failures':
      return fail(
        429,
        'PASSWORD_LOCKED',
        `密码错误次数过多，该账号的密码登录已锁定，请 ${wait.cn}后再试，或使用验证码登录`,
        `Too many wrong passwords: password login is locked for this account; try again in ${wait.en} or log in with a verification code`,
      );
  }
}

/**
 * Portal spec §2, §6: the header's server-side link shows when serverFlag is 3. Ours: it is for
 * business service providers (role 150), and only by an operator's grant — the role a visitor
 * applied for when registering grants nothing (README "Roles").
 */
export function serverFlagOf(grantedRole: string | null): 0 | 3 {
  return grantedRole === '150' ? 3 : 0;
}

export type CodeVerdict = 'right' | 'missing' | 'expired' | 'burned' | 'wrong' | 'wrong-and-burned';

/** Pure: what a presented code is worth against the stored one. */
export function judgeCode(
  stored: StoredCode | null,
  presented: string,
  now: number,
  maxAttempts: number,
): CodeVerdict {
  if (!stored) return 'missing';
  if (stored.burnedAt !== null || stored.failedAttempts >= maxAttempts) return 'burned';
  if (now > stored.expiresAt.getTime()) return 'expired';
  const expected = Buffer.from(stored.codeHash, 'hex');
  const actual = Buffer.from(sha256(presented), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return 'right';
  return stored.failedAttempts + 1 >= maxAttempts ? 'wrong-and-burned' : 'wrong';
}

export const codeRefusals: Record<Exclude<CodeVerdict, 'right'>, ReturnType<typeof fail>> = {
  missing: fail(400, 'VERIFICATION_CODE_WRONG', '验证码错误', 'Verification code error'),
  wrong: fail(400, 'VERIFICATION_CODE_WRONG', '验证码错误', 'Verification code error'),
  expired: fail(
    400,
    'VERIFICATION_CODE_EXPIRED',
    '验证码已过期，请重新获取',
    'The verification code has expired; request a new one',
  ),
  burned: fail(
    400,
    'VERIFICATION_CODE_BURNED',
    '验证码错误次数过多已失效，请重新获取',
    'Too many wrong codes: this code no longer works; request a new one',
  ),
  'wrong-and-burned': fail(
    400,
    'VERIFICATION_CODE_BURNED',
    '验证码错误次数过多已失效，请重新获取',
    'Too many wrong codes: this code no longer works; request a new one',
  ),
};

/** Which fields each saved form requires (portal spec §4, §5). */
const requiredFields: Record<string, string[]> = {
  contact: ['name', 'phone', 'industry', 'demand'],
  signUp: ['name', 'phone', 'industry', 'demand'],
  inquiry: ['contactPerson', 'phone', 'certification', 'specification', 'quantity'],
  message: ['content'],
  // The centralised join page (README "Join pages"): the organisation, its contact and how many members.
  centralize: ['organisation', 'name', 'phone', 'members', 'demand'],
};

/** Pure: the stored fields of a saved form (text only, trimmed), or the portal's refusal. */
export function leadFields(form: string, input: Record<string, unknown>): Outcome<Record<string, string>> {
  const values = Object.fromEntries(
    Object.entries(input)
      .filter(([key, value]) => typeof value === 'string' && key !== 'lang' && key !== 'form')
      .map(([key, value]) => [key, (value as string).trim()]),
  );
  const fields = requiredFields[form];
  if (!fields)
    return fail(400, 'FORM_UNKNOWN', '请求失败，请刷新后重试', 'The request failed. Please try again.');
  if (fields.some((name) => !values[name])) return fail(400, 'FIELD_REQUIRED', '请填写必填项', 'Required');
  if (values.phone !== undefined && !phonePattern.test(values.phone)) {
    return fail(400, 'PHONE_INVALID', '请输入正确电话号码', 'Please enter a correct telephone number');
  }
  return { ok: true, value: values };
}

/**
 * Pure: who sent a saved form (README "Leads"). A logged-in visitor is the account, with the name
 * and phone it has; an anonymous form names its sender in its own fields (contact, sign-up:
 * `name`; inquiry: `contactPerson`; all: `phone`).
 */
export function leadSender(fields: Record<string, string>, account: SessionAccount | null): LeadSender {
  if (account) return { accountPhone: account.phone, name: account.name, phone: account.phone };
  return {
    accountPhone: null,
    name: fields.name ?? fields.contactPerson ?? null,
    phone: fields.phone ?? null,
  };
}

/** A session handed to the browser: the token (only its hash is stored) and when it ends. */
export interface IssuedSession {
  session: string;
  expiresAt: Date;
}

// Checked when no account has the phone, so a wrong phone costs what a wrong password costs
// (made once, on the first login, under the current parameters).
let absentAccount: Promise<string> | undefined;
export const absentAccountHash = () => {
  absentAccount ??= hashPassword('absent-account');
  return absentAccount;
};

export const wrongLogin = fail(400, 'LOGIN_FAILED', '手机号或密码错误', 'Wrong phone number or password');
export const loginRequired = fail(401, 'LOGIN_REQUIRED', '请先登录', 'Please log in first');

/** What the account operations are given (router.ts builds them). */
export interface AccountDependencies {
  pool: pg.Pool;
  clock: Clock;
  newCode: () => string;
  newSession: () => string;
  send: SmsSender;
  /** Wrong guesses after which a code is burned. */
  maxAttempts: number;
  /** Codes sent, wrong codes and wrong passwords allowed per window (README "Attempt limits"). */
  attemptRules: AttemptRules;
  sessionDays: number;
}

/** The account operations' context: their dependencies and the clock as a Date. */
export interface AccountsContext {
  deps: AccountDependencies;
  at: () => Date;
}
