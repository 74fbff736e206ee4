import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Registration, verification codes, sessions and form submissions of the portal (spec §3–§5,
 * §7). They live in memory: the real accounts are on the external platform (§1), so this is the
 * portal's own short-lived state, lost on restart. Time and randomness are passed in.
 */
export interface Clock {
  now: () => number;
}

/** How a verification code reaches the visitor; a deployment plugs its SMS gateway in here. */
export type SmsSender = (phone: string, code: string) => Promise<void>;

export const codeLifetimeMs = 5 * 60_000;
/** One code per phone per minute, as the portal's get-code button counts down 60 s. */
export const codeResendMs = 60_000;

export const mobilePattern = /^1[34578]\d{9}$/;
export const phonePattern = /^(?:0\d{2,3}-\d{7,8}|1[3-9]\d{9})$/;
export const passwordPattern = /^[A-Za-z0-9]{6,12}$/;

export type Outcome<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: { cn: string; en: string } };

const fail = (
  status: number,
  cn: string,
  en: string,
): { ok: false; status: number; message: { cn: string; en: string } } => ({
  ok: false,
  status,
  message: { cn, en },
});

export interface Account {
  name: string;
  companyName: string;
  phone: string;
  email: string;
  position: string;
  role: string;
  passwordHash: string;
  registeredAt: number;
}

export interface Demand {
  form: string;
  at: number;
  values: Record<string, string>;
}

function hashPassword(password: string, salt = randomBytes(16)): string {
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32).toString('hex')}`;
}

export function passwordMatches(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const actual = scryptSync(password, Buffer.from(salt, 'hex'), 32);
  return timingSafeEqual(actual, Buffer.from(hash, 'hex'));
}

export function createAccounts(deps: {
  clock: Clock;
  newCode: () => string;
  newSession: () => string;
  send: SmsSender;
}) {
  const codes = new Map<string, { code: string; issuedAt: number }>();
  const accounts = new Map<string, Account>();
  const sessions = new Map<string, string>();
  const demands: Demand[] = [];

  return {
    async requestCode(phone: string): Promise<Outcome> {
      if (!mobilePattern.test(phone))
        return fail(400, '请输入正确手机号', 'Please enter a correct phone number');
      const now = deps.clock.now();
      const previous = codes.get(phone);
      if (previous && now - previous.issuedAt < codeResendMs) {
        return fail(
          429,
          '验证码发送过于频繁，请稍后再试',
          'Codes are sent at most once a minute; please wait',
        );
      }
      const code = deps.newCode();
      // Stored only once sent: a failed send must not block the visitor's retry for a minute.
      await deps.send(phone, code);
      codes.set(phone, { code, issuedAt: now });
      return { ok: true, value: undefined };
    },

    register(input: Record<string, unknown>): Outcome<{ session: string }> {
      const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
      const phone = field('phone');
      for (const name of ['name', 'companyName', 'email']) {
        if (field(name) === '') return fail(400, '请填写必填项', 'Required');
      }
      if (!mobilePattern.test(phone))
        return fail(400, '请输入正确手机号', 'Please enter a correct phone number');
      const password = typeof input.password === 'string' ? input.password : '';
      if (!passwordPattern.test(password))
        return fail(400, '密码为 6 到 12 位字母或数字', 'Password must be 6 to 12 letters or digits');
      const issued = codes.get(phone);
      if (!issued || issued.code !== field('code') || deps.clock.now() - issued.issuedAt > codeLifetimeMs) {
        return fail(400, '验证码错误', 'Verification code error');
      }
      if (accounts.has(phone)) return fail(409, '该手机号已注册', 'This phone number is already registered');
      codes.delete(phone);
      accounts.set(phone, {
        name: field('name'),
        companyName: field('companyName'),
        phone,
        email: field('email'),
        position: field('position'),
        role: field('role'),
        passwordHash: hashPassword(password),
        registeredAt: deps.clock.now(),
      });
      const session = deps.newSession();
      sessions.set(session, phone);
      return { ok: true, value: { session } };
    },

    userInfo(session: string): Account | undefined {
      const phone = sessions.get(session);
      return phone === undefined ? undefined : accounts.get(phone);
    },

    saveDemand(form: string, input: Record<string, unknown>): Outcome {
      const values = Object.fromEntries(
        Object.entries(input)
          .filter(([key, value]) => typeof value === 'string' && key !== 'lang' && key !== 'form')
          .map(([key, value]) => [key, (value as string).trim().slice(0, 1000)]),
      );
      const required: Record<string, string[]> = {
        contact: ['name', 'phone', 'industry', 'demand'],
        signUp: ['name', 'phone', 'industry', 'demand'],
        inquiry: ['contactPerson', 'phone', 'certification', 'specification', 'quantity'],
        message: ['content'],
      };
      const fields = required[form];
      if (!fields) return fail(400, '请求失败，请刷新后重试', 'The request failed. Please try again.');
      if (fields.some((name) => !values[name])) return fail(400, '请填写必填项', 'Required');
      if (values.phone !== undefined && !phonePattern.test(values.phone)) {
        return fail(400, '请输入正确电话号码', 'Please enter a correct telephone number');
      }
      demands.push({ form, at: deps.clock.now(), values });
      if (demands.length > 10_000) demands.shift();
      return { ok: true, value: undefined };
    },

    demands: (): readonly Demand[] => demands,
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
