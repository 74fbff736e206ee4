import { inTransaction } from '@tradelog/projections';
import { type AccountsContext, fail, type IssuedSession, type Outcome, sha256 } from './accountRules.ts';
import {
  deleteSession,
  findSessionAccount,
  insertSession,
  type Queryable,
  type SessionAccount,
} from './portalStore.ts';

/** Portal sessions (README "Sessions"): opened by a login, ended by a logout or a hand-over. */
/**
 * A fresh session for the account; the session the browser presented, whoever's it was, ends
 * with it (README "Sessions": no session outlives a login made over it).
 */
export async function openSession(
  ctx: AccountsContext,
  db: Queryable,
  phone: string,
  presented?: string,
): Promise<IssuedSession> {
  const { deps, at } = ctx;
  if (presented && presented.length <= 100) await deleteSession(db, sha256(presented), at());
  const session = deps.newSession();
  const expiresAt = new Date(deps.clock.now() + deps.sessionDays * 86_400_000);
  await insertSession(db, { tokenHash: sha256(session), phone, createdAt: at(), expiresAt });
  return { session, expiresAt };
}

/** Logout ends the server session, not only the browser's cookie. */
export async function logout(ctx: AccountsContext, session: string | undefined): Promise<void> {
  const { at } = ctx;
  const { pool } = ctx.deps;
  if (!session || session.length > 100) return;
  await deleteSession(pool, sha256(session), at());
}

/**
 * The management platform's `?SESSION=` hand-over (portal spec §4): a live session token is
 * accepted once — it is ended and a fresh one issued for the same account, so the token
 * seen in an address bar, a history entry or a Referer opens nothing afterwards.
 */
export async function handOver(
  ctx: AccountsContext,
  session: string,
  presented?: string,
): Promise<Outcome<IssuedSession>> {
  const { at } = ctx;
  const { pool } = ctx.deps;
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
      value: await openSession(ctx, db, phone, presented === session ? undefined : presented),
    };
  });
}

export async function userInfo(ctx: AccountsContext, session: string): Promise<SessionAccount | null> {
  const { at } = ctx;
  const { pool } = ctx.deps;
  if (session === '' || session.length > 100) return null;
  return findSessionAccount(pool, sha256(session), at());
}
