import { createHash, timingSafeEqual } from 'node:crypto';
import { inTransaction } from '@tradelog/projections';
import { type Bilingual, localizedError, type TradelogError } from '@tradelog/schemas';
import type pg from 'pg';
import {
  decideAttempt,
  ensureAttemptWindow,
  findAttemptWindow,
  lockedUntil,
  refundAttempt,
  saveAttemptWindow,
  waitText,
} from '../http/attemptWindows.ts';
import type { AttemptKind, AttemptRules } from './attemptLimits.ts';
import { hashPassword, verifyPassword } from './passwordHash.ts';
import {
  accountExists,
  claimCode,
  deleteCode,
  deleteSession,
  findCode,
  findPasswordHash,
  findSessionAccount,
  insertLead,
  insertPortalAccount,
  insertSession,
  type LeadSender,
  type Queryable,
  recordWrongCode,
  releaseCode,
  replacePasswordHash,
  type SessionAccount,
  type StoredCode,
} from './portalStore.ts';
import { privacyPolicy, registrationTerms } from './seed/legal.ts';

/**
 * Registration, login and logout, verification codes, sessions and saved forms of the portal
 * (spec §3–§5, §7; README "Sessions"),
 * kept in Postgres (portalStore.ts): nothing a visitor gives us lives only in memory, and a
 * restart loses nothing. Codes expire, count wrong guesses and are burned after
 * `maxAttempts` of them; codes sent, wrong codes and wrong passwords are limited per phone,
 * address and account across codes (README "Attempt limits"). Time and randomness are passed in.
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

const fail = (status: number, code: string, cn: string, en: string): Refusal => ({
  ok: false,
  status,
  code,
  message: { cn, en },
});

/** A refusal as the typed error the error middleware answers. */
export const refusalOf = (refusal: Refusal): TradelogError =>
  localizedError(refusal.code, refusal.status, refusal.message);

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

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

const codeRefusals: Record<Exclude<CodeVerdict, 'right'>, ReturnType<typeof fail>> = {
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
const absentAccountHash = () => {
  absentAccount ??= hashPassword('absent-account');
  return absentAccount;
};

const wrongLogin = fail(400, 'LOGIN_FAILED', '手机号或密码错误', 'Wrong phone number or password');
const loginRequired = fail(401, 'LOGIN_REQUIRED', '请先登录', 'Please log in first');

export function createAccounts(deps: {
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
}) {
  const { pool } = deps;
  const at = () => new Date(deps.clock.now());

  /**
   * Judges a presented code under its row lock: counts a wrong guess (on the code, and on the
   * phone's window of wrong codes, which a new code does not reset), spends a right one; the
   * refusal or null. A phone past its wrong codes is refused before its code is looked at. The
   * code row's lock serialises a phone's guesses, so its window is read and written under it.
   */
  async function spendCode(db: Queryable, phone: string, presented: string) {
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

  /**
   * A fresh session for the account; the session the browser presented, whoever's it was, ends
   * with it (README "Sessions": no session outlives a login made over it).
   */
  async function openSession(db: Queryable, phone: string, presented?: string): Promise<IssuedSession> {
    if (presented && presented.length <= 100) await deleteSession(db, sha256(presented), at());
    const session = deps.newSession();
    const expiresAt = new Date(deps.clock.now() + deps.sessionDays * 86_400_000);
    await insertSession(db, { tokenHash: sha256(session), phone, createdAt: at(), expiresAt });
    return { session, expiresAt };
  }

  return {
    /**
     * One code per phone per minute, also under concurrency: the slot is claimed in the same
     * statement that checks it (claimCode), then the code is sent; a send that fails gives the
     * slot back, so the visitor may retry at once (README "Verification codes").
     */
    async requestCode(phone: string, ip: string): Promise<Outcome> {
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
    },

    async register(input: Record<string, unknown>, presented?: string): Promise<Outcome<IssuedSession>> {
      const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
      const phone = field('phone');
      for (const name of ['name', 'companyName', 'email']) {
        if (field(name) === '') return fail(400, 'FIELD_REQUIRED', '请填写必填项', 'Required');
      }
      if (!mobilePattern.test(phone))
        return fail(400, 'PHONE_INVALID', '请输入正确手机号', 'Please enter a correct phone number');
      const password = typeof input.password === 'string' ? input.password : '';
      if (!passwordPattern.test(password))
        return fail(
          400,
          'PASSWORD_INVALID',
          '密码为 6 到 12 位字母或数字',
          'Password must be 6 to 12 letters or digits',
        );
      // §5: the terms must be accepted; the versions accepted are recorded (README "Terms").
      if (input.acceptTerms !== 'true')
        return fail(400, 'TERMS_NOT_ACCEPTED', '请阅读并接受服务条款', 'I accept the Terms and Conditions');
      return inTransaction(pool, async (db) => {
        const refused = await spendCode(db, phone, field('code'));
        if (refused) return refused;
        // Hashed only once the code was right: a wrong guess costs no Argon2 run.
        const passwordHash = await hashPassword(password);
        const registered = await insertPortalAccount(db, {
          phone,
          name: field('name'),
          companyName: field('companyName'),
          email: field('email'),
          position: field('position'),
          // Applied for, not granted: an operator decides (README "Roles").
          requestedRole: field('role'),
          passwordHash,
          registeredAt: at(),
          termsVersion: registrationTerms.version,
          privacyVersion: privacyPolicy.version,
        });
        if (!registered)
          return fail(409, 'PHONE_REGISTERED', '该手机号已注册', 'This phone number is already registered');
        return { ok: true as const, value: await openSession(db, phone, presented) };
      });
    },

    /**
     * Login with phone and password against the stored hash (README "Passwords"). The attempt
     * is counted against the account's window before the password is checked, so concurrent
     * guesses cannot slip past the limit, and given back when the password was right; an
     * unknown phone is counted alike and costs the same hash.
     */
    async loginWithPassword(
      phone: string,
      password: string,
      presented?: string,
    ): Promise<Outcome<IssuedSession>> {
      if (!mobilePattern.test(phone) || password === '' || password.length > 100) return wrongLogin;
      const now = deps.clock.now();
      const rule = deps.attemptRules['password-failures'];
      const counted = await inTransaction(pool, async (db) => {
        await ensureAttemptWindow(db, 'password-failures', phone);
        const decision = decideAttempt(
          await findAttemptWindow(db, 'password-failures', phone, true),
          rule,
          now,
        );
        if (decision.allowed) await saveAttemptWindow(db, 'password-failures', phone, decision.window);
        return decision;
      });
      if (!counted.allowed) return attemptRefusal('password-failures', counted.until - now);
      const stored = await findPasswordHash(pool, phone);
      const check = await verifyPassword(password, stored ?? (await absentAccountHash()));
      if (!stored || !check.matches)
        return counted.last
          ? attemptRefusal('password-failures', counted.window.startedAt + rule.windowMs - now)
          : wrongLogin;
      // A hash made under older rules is rewritten now that the password is known (computed
      // before the transaction, which then holds its connection only for the writes).
      const upgraded = check.upgrade ? await hashPassword(password) : undefined;
      return inTransaction(pool, async (db) => {
        await refundAttempt(db, 'password-failures', phone, counted.window.startedAt);
        if (upgraded) await replacePasswordHash(db, { phone, from: stored, to: upgraded });
        return { ok: true as const, value: await openSession(db, phone, presented) };
      });
    },

    /** Login with a verification code sent to the account's phone (the code is spent either way it is right). */
    async loginWithCode(phone: string, code: string, presented?: string): Promise<Outcome<IssuedSession>> {
      if (!mobilePattern.test(phone))
        return fail(400, 'PHONE_INVALID', '请输入正确手机号', 'Please enter a correct phone number');
      return inTransaction(pool, async (db) => {
        const refused = await spendCode(db, phone, code);
        if (refused) return refused;
        if (!(await accountExists(db, phone)))
          return fail(
            404,
            'ACCOUNT_NOT_FOUND',
            '该手机号尚未注册',
            'No account is registered with this phone number',
          );
        return { ok: true as const, value: await openSession(db, phone, presented) };
      });
    },

    /** Logout ends the server session, not only the browser's cookie. */
    async logout(session: string | undefined): Promise<void> {
      if (!session || session.length > 100) return;
      await deleteSession(pool, sha256(session), at());
    },

    /**
     * The management platform's `?SESSION=` hand-over (portal spec §4): a live session token is
     * accepted once — it is ended and a fresh one issued for the same account, so the token
     * seen in an address bar, a history entry or a Referer opens nothing afterwards.
     */
    async handOver(session: string, presented?: string): Promise<Outcome<IssuedSession>> {
      const unknown = fail(
        401,
        'SESSION_EXPIRED',
        '登录已失效，请重新登录',
        'This login has expired; please log in again',
      );
      if (session === '' || session.length > 100) return unknown;
      return inTransaction(pool, async (db) => {
        const phone = await deleteSession(db, sha256(session), at());
        if (!phone) return unknown;
        return {
          ok: true as const,
          value: await openSession(db, phone, presented === session ? undefined : presented),
        };
      });
    },

    async userInfo(session: string): Promise<SessionAccount | null> {
      if (session === '' || session.length > 100) return null;
      return findSessionAccount(pool, sha256(session), at());
    },

    /**
     * Saves a form with its sender (README "Leads"). The requirement message (portal spec §1:
     * "for logged-in users") is refused without a live session, whatever the browser showed.
     */
    async saveDemand(
      form: string,
      input: Record<string, unknown>,
      lang: 'cn' | 'en',
      account: SessionAccount | null,
    ): Promise<Outcome> {
      if (form === 'message' && !account) return loginRequired;
      const fields = leadFields(form, input);
      if (!fields.ok) return fields;
      await insertLead(pool, {
        form,
        fields: fields.value,
        lang,
        createdAt: at(),
        sender: leadSender(fields.value, account),
      });
      return { ok: true, value: undefined };
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
