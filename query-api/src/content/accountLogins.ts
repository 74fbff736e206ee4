import { inTransaction } from '@tradelog/projections';
import {
  decideAttempt,
  ensureAttemptWindow,
  findAttemptWindow,
  refundAttempt,
  saveAttemptWindow,
} from '../http/attemptWindows.ts';
import {
  type AccountsContext,
  absentAccountHash,
  attemptRefusal,
  fail,
  type IssuedSession,
  mobilePattern,
  type Outcome,
  passwordPattern,
  wrongLogin,
} from './accountRules.ts';
import { openSession } from './accountSessions.ts';
import { hashPassword, verifyPassword } from './passwordHash.ts';
import { accountExists, findPasswordHash, insertPortalAccount, replacePasswordHash } from './portalStore.ts';
import { privacyPolicy, registrationTerms } from './seed/legal.ts';
import { spendCode } from './verificationCodes.ts';

/** Registration and the two logins of a portal account (README "Passwords", "Sessions"). */
export async function register(
  ctx: AccountsContext,
  input: Record<string, unknown>,
  presented?: string,
): Promise<Outcome<IssuedSession>> {
  const { at } = ctx;
  const { pool } = ctx.deps;
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
    const refused = await spendCode(ctx, db, phone, field('code'));
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
    return { ok: true as const, value: await openSession(ctx, db, phone, presented) };
  });
}

/**
 * Login with phone and password against the stored hash (README "Passwords"). The attempt
 * is counted against the account's window before the password is checked, so concurrent
 * guesses cannot slip past the limit, and given back when the password was right; an
 * unknown phone is counted alike and costs the same hash.
 */
export async function loginWithPassword(
  ctx: AccountsContext,
  phone: string,
  password: string,
  presented?: string,
): Promise<Outcome<IssuedSession>> {
  const { deps } = ctx;
  const { pool } = ctx.deps;
  if (!mobilePattern.test(phone) || password === '' || password.length > 100) return wrongLogin;
  const now = deps.clock.now();
  const rule = deps.attemptRules['password-failures'];
  const counted = await inTransaction(pool, async (db) => {
    await ensureAttemptWindow(db, 'password-failures', phone);
    const decision = decideAttempt(await findAttemptWindow(db, 'password-failures', phone, true), rule, now);
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
    return { ok: true as const, value: await openSession(ctx, db, phone, presented) };
  });
}

/** Login with a verification code sent to the account's phone (the code is spent either way it is right). */
export async function loginWithCode(
  ctx: AccountsContext,
  phone: string,
  code: string,
  presented?: string,
): Promise<Outcome<IssuedSession>> {
  const { pool } = ctx.deps;
  if (!mobilePattern.test(phone))
    return fail(400, 'PHONE_INVALID', '请输入正确手机号', 'Please enter a correct phone number');
  return inTransaction(pool, async (db) => {
    const refused = await spendCode(ctx, db, phone, code);
    if (refused) return refused;
    if (!(await accountExists(db, phone)))
      return fail(
        404,
        'ACCOUNT_NOT_FOUND',
        '该手机号尚未注册',
        'No account is registered with this phone number',
      );
    return { ok: true as const, value: await openSession(ctx, db, phone, presented) };
  });
}
