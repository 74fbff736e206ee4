import { loginWithCode, loginWithPassword, register } from './accountLogins.ts';
import {
  type AccountDependencies,
  type AccountsContext,
  leadFields,
  leadSender,
  loginRequired,
  type Outcome,
} from './accountRules.ts';
import { handOver, logout, userInfo } from './accountSessions.ts';
import { insertLead, type SessionAccount } from './portalStore.ts';
import { requestCode } from './verificationCodes.ts';

export * from './accountRules.ts';

/**
 * Saves a form with its sender (README "Leads"). The requirement message (portal spec §1:
 * "for logged-in users") is refused without a live session, whatever the browser showed.
 */
export async function saveDemand(
  ctx: AccountsContext,
  form: string,
  input: Record<string, unknown>,
  lang: 'cn' | 'en',
  account: SessionAccount | null,
): Promise<Outcome> {
  const { at } = ctx;
  const { pool } = ctx.deps;
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
}

/**
 * The portal's account operations over its own pool (portal spec §4, §5, §7): codes, sessions,
 * logins and leads, each a function of its own module bound to the same dependencies.
 */
export function createAccounts(deps: AccountDependencies) {
  const ctx: AccountsContext = { deps, at: () => new Date(deps.clock.now()) };
  const bind =
    <A extends unknown[], R>(operation: (context: AccountsContext, ...args: A) => R) =>
    (...args: A): R =>
      operation(ctx, ...args);
  return {
    requestCode: bind(requestCode),
    register: bind(register),
    loginWithPassword: bind(loginWithPassword),
    loginWithCode: bind(loginWithCode),
    logout: bind(logout),
    handOver: bind(handOver),
    userInfo: bind(userInfo),
    saveDemand: bind(saveDemand),
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
