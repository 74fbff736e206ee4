import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AttemptRule, decideAttempt, lockedUntil, waitText } from '../http/attemptWindows.ts';
import { attemptRefusal } from './accounts.ts';
import {
  currentPasswordParameters,
  formatPasswordHash,
  hashPassword,
  needsUpgrade,
  parsePasswordHash,
  verifyPassword,
} from './passwordHash.ts';

const minute = 60_000;

describe('attempt limits (README "Attempt limits")', () => {
  const rule: AttemptRule = { limit: 3, windowMs: 60 * minute };
  const t0 = Date.UTC(2026, 5, 1);

  it('opens a window with the first attempt and admits up to the limit, the last one marked', () => {
    const first = decideAttempt(null, rule, t0);
    expect(first).toEqual({ allowed: true, window: { startedAt: t0, count: 1 }, last: false });
    const second = decideAttempt({ startedAt: t0, count: 1 }, rule, t0 + minute);
    expect(second).toEqual({ allowed: true, window: { startedAt: t0, count: 2 }, last: false });
    const third = decideAttempt({ startedAt: t0, count: 2 }, rule, t0 + 2 * minute);
    expect(third).toEqual({ allowed: true, window: { startedAt: t0, count: 3 }, last: true });
  });

  it('locks the subject until the window that reached the limit ends', () => {
    const full = { startedAt: t0, count: 3 };
    expect(decideAttempt(full, rule, t0 + 10 * minute)).toEqual({ allowed: false, until: t0 + 60 * minute });
    expect(lockedUntil(full, rule, t0 + 59 * minute)).toBe(t0 + 60 * minute);
    expect(lockedUntil({ startedAt: t0, count: 2 }, rule, t0 + minute)).toBeNull();
    expect(lockedUntil(null, rule, t0)).toBeNull();
  });

  it('starts a new window once the old one ended, whatever its count', () => {
    expect(decideAttempt({ startedAt: t0, count: 3 }, rule, t0 + 60 * minute)).toEqual({
      allowed: true,
      window: { startedAt: t0 + 60 * minute, count: 1 },
      last: false,
    });
  });

  it('says how long a lock lasts in both languages, rounded up', () => {
    expect(waitText(1)).toEqual({ cn: '1 分钟', en: '1 minute' });
    expect(waitText(14 * minute + 1)).toEqual({ cn: '15 分钟', en: '15 minutes' });
    expect(waitText(120 * minute)).toEqual({ cn: '120 分钟', en: '120 minutes' });
    expect(waitText(23.5 * 60 * minute)).toEqual({ cn: '24 小时', en: '24 hours' });
  });

  it('refuses each kind with its own bilingual message and code', () => {
    expect(attemptRefusal('password-failures', 5 * minute)).toEqual({
      ok: false,
      status: 429,
      code: 'PASSWORD_LOCKED',
      retryAfterSeconds: 300,
      message: {
        cn: '密码错误次数过多，该账号的密码登录已锁定，请 5 分钟后再试，或使用验证码登录',
        en: 'Too many wrong passwords: password login is locked for this account; try again in 5 minutes or log in with a verification code',
      },
    });
    expect(attemptRefusal('code-failures', minute)).toMatchObject({
      code: 'VERIFICATION_CODE_LOCKED',
      message: { en: expect.stringMatching(/wrong codes.*locked; try again in 1 minute$/) },
    });
    expect(attemptRefusal('codes-per-phone', minute).message.cn).toMatch(/该手机号获取验证码次数已达上限/);
    expect(attemptRefusal('codes-per-ip', minute).message.en).toMatch(/This network/);
  });
});

describe('password hashes (README "Passwords")', () => {
  it('stores Argon2id with its parameters as a PHC string that parses back', async () => {
    const stored = await hashPassword('abc12345');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parsePasswordHash(stored);
    expect(parsed).toMatchObject({ algorithm: 'argon2id', parameters: currentPasswordParameters });
    expect(parsed && needsUpgrade(parsed)).toBe(false);
    expect(await verifyPassword('abc12345', stored)).toEqual({ matches: true, upgrade: false });
    expect(await verifyPassword('abc12346', stored)).toEqual({ matches: false, upgrade: false });
    // A fresh salt every time.
    expect(await hashPassword('abc12345')).not.toBe(stored);
  });

  it('checks an old scrypt hash with its own rules and asks for it to be rewritten', async () => {
    const salt = randomBytes(16);
    const legacy = `${salt.toString('hex')}:${scryptSync('abc12345', salt, 32).toString('hex')}`;
    expect(parsePasswordHash(legacy)).toMatchObject({ algorithm: 'scrypt-legacy' });
    expect(await verifyPassword('abc12345', legacy)).toEqual({ matches: true, upgrade: true });
    expect(await verifyPassword('abc12399', legacy)).toEqual({ matches: false, upgrade: false });
  });

  it('rewrites an Argon2id hash made under weaker parameters', async () => {
    const weaker = await hashPassword('abc12345', { memory: 8192, passes: 1, parallelism: 1 });
    expect(weaker).toMatch(/^\$argon2id\$v=19\$m=8192,t=1,p=1\$/);
    expect(await verifyPassword('abc12345', weaker)).toEqual({ matches: true, upgrade: true });
  });

  it('refuses what is neither format, and parameters no host should run', async () => {
    const salt = Buffer.alloc(16, 1);
    const hash = Buffer.alloc(32, 2);
    for (const stored of [
      '',
      'abc',
      'zz:yy',
      '$argon2i$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA',
      '$argon2id$v=16$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA',
      formatPasswordHash({ memory: 4_000_000, passes: 2, parallelism: 1 }, salt, hash),
      formatPasswordHash({ memory: 19_456, passes: 0, parallelism: 1 }, salt, hash),
      formatPasswordHash({ memory: 19_456, passes: 2, parallelism: 1 }, Buffer.alloc(4), hash),
    ]) {
      expect(parsePasswordHash(stored), stored).toBeNull();
      expect(await verifyPassword('abc12345', stored)).toEqual({ matches: false, upgrade: false });
    }
  });
});
