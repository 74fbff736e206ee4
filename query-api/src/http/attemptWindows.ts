import type { Bilingual } from '@tradelog/schemas';
import type pg from 'pg';

/**
 * Attempt windows: how many attempts of a kind a subject may make within a window, counted in
 * Postgres (`portal_attempts`, migration 1765800000500_portal-attempts.sql) so that every
 * query-api instance counts the same window and nothing a caller gives us is kept only in one
 * process's memory. One mechanism for every attempt limit of the query API: the portal's codes,
 * wrong codes and wrong passwords (content/README.md "Attempt limits") and the express parcels'
 * wrong check values (tracking/checkValueAttempts.ts; README "Tracking queries"). Purged by
 * query-api's sweep once ended.
 *
 * A window opens with its first attempt and lasts `windowMs`; within it at most `limit`
 * attempts are admitted, then the subject is locked until the window ends. Fixed windows, not
 * sliding ones: the lockout's end is one instant the caller can be told.
 */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface AttemptRule {
  limit: number;
  windowMs: number;
}
/** A subject's stored window: when its first attempt came and how many were admitted since. */
export interface AttemptWindow {
  startedAt: number;
  count: number;
}

export type AttemptDecision =
  | { allowed: true; window: AttemptWindow; last: boolean }
  | { allowed: false; until: number };

/** The window in force at `now`: the stored one, or none when it ended. */
function current(stored: AttemptWindow | null, rule: AttemptRule, now: number): AttemptWindow | null {
  return stored && now < stored.startedAt + rule.windowMs ? stored : null;
}

/**
 * Pure: whether one more attempt is admitted at `now`, and the window to store if so (`last`
 * when it uses the window's final attempt: the subject is locked from the next one on).
 */
export function decideAttempt(stored: AttemptWindow | null, rule: AttemptRule, now: number): AttemptDecision {
  const window = current(stored, rule, now);
  if (window && window.count >= rule.limit)
    return { allowed: false, until: window.startedAt + rule.windowMs };
  const next = window
    ? { startedAt: window.startedAt, count: window.count + 1 }
    : { startedAt: now, count: 1 };
  return { allowed: true, window: next, last: next.count >= rule.limit };
}

/** Pure: until when the subject is locked at `now`, or null when another attempt would be admitted. */
export function lockedUntil(stored: AttemptWindow | null, rule: AttemptRule, now: number): number | null {
  const decision = decideAttempt(stored, rule, now);
  return decision.allowed ? null : decision.until;
}

/** Pure: "how long until" in both languages, rounded up to minutes, or to hours past two. */
export function waitText(ms: number): Bilingual {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes <= 120) return { cn: `${minutes} 分钟`, en: `${minutes} minute${minutes === 1 ? '' : 's'}` };
  const hours = Math.ceil(minutes / 60);
  return { cn: `${hours} 小时`, en: `${hours} hours` };
}

/**
 * A subject's attempt window (README "Attempt limits"); null when it has none. `forUpdate` locks
 * the row until the transaction ends (create it first with `ensureAttemptWindow`).
 */
export async function findAttemptWindow(
  db: Queryable,
  kind: string,
  subject: string,
  forUpdate = false,
): Promise<AttemptWindow | null> {
  const { rows } = await db.query(
    `SELECT window_started_at, count FROM portal_attempts WHERE kind = $1 AND subject = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [kind, subject],
  );
  return rows[0] ? { startedAt: rows[0].window_started_at.getTime(), count: rows[0].count } : null;
}

/**
 * Creates an empty window (count 0, long ended) when the subject has none, so that concurrent
 * attempts serialise on its row: an insert waits for a concurrent one's commit.
 */
export async function ensureAttemptWindow(db: Queryable, kind: string, subject: string): Promise<void> {
  await db.query(
    `INSERT INTO portal_attempts (kind, subject, window_started_at, count) VALUES ($1, $2, 'epoch', 0)
     ON CONFLICT (kind, subject) DO NOTHING`,
    [kind, subject],
  );
}

export async function saveAttemptWindow(
  db: Queryable,
  kind: string,
  subject: string,
  window: AttemptWindow,
): Promise<void> {
  await db.query(
    `INSERT INTO portal_attempts (kind, subject, window_started_at, count) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind, subject) DO UPDATE SET window_started_at = $3, count = $4`,
    [kind, subject, new Date(window.startedAt), window.count],
  );
}

/** Gives one attempt back to the window it was taken from (a code not sent, a right password). */
export async function refundAttempt(
  db: Queryable,
  kind: string,
  subject: string,
  startedAt: number,
): Promise<void> {
  await db.query(
    `UPDATE portal_attempts SET count = count - 1
     WHERE kind = $1 AND subject = $2 AND window_started_at = $3 AND count > 0`,
    [kind, subject, new Date(startedAt)],
  );
}
