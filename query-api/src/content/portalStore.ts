import type { Lead } from '@tradelog/schemas/portal/forms';
import type pg from 'pg';

/**
 * The portal's tables (migration 1764100000002_portal.sql), one function per statement (house
 * style §11). Sessions and codes are stored as sha256 hashes, passwords as Argon2id PHC strings
 * (passwordHash.ts).
 */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface StoredCode {
  codeHash: string;
  issuedAt: Date;
  expiresAt: Date;
  failedAttempts: number;
  burnedAt: Date | null;
}

export async function findCode(db: Queryable, phone: string, forUpdate = false): Promise<StoredCode | null> {
  const { rows } = await db.query(
    `SELECT code_hash, issued_at, expires_at, failed_attempts, burned_at FROM portal_codes WHERE phone = $1
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [phone],
  );
  const row = rows[0];
  return row
    ? {
        codeHash: row.code_hash,
        issuedAt: row.issued_at,
        expiresAt: row.expires_at,
        failedAttempts: row.failed_attempts,
        burnedAt: row.burned_at,
      }
    : null;
}

/**
 * Claims the phone's code slot and stores the new code in one statement: a new code replaces the
 * previous one (its failures with it) only when that one was issued before `resendBefore`.
 * Concurrent claims for one phone serialise on the primary key (an insert waits for the other's
 * commit, an update for its row lock, and the WHERE is then judged on the committed row), so
 * exactly one of them wins a minute (README "Verification codes"). False when another code was
 * issued within the minute.
 */
export async function claimCode(
  db: Queryable,
  code: { phone: string; codeHash: string; issuedAt: Date; expiresAt: Date; resendBefore: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO portal_codes (phone, code_hash, issued_at, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (phone) DO UPDATE SET code_hash = $2, issued_at = $3, expires_at = $4, failed_attempts = 0,
       burned_at = NULL
     WHERE portal_codes.issued_at <= $5`,
    [code.phone, code.codeHash, code.issuedAt, code.expiresAt, code.resendBefore],
  );
  return rowCount === 1;
}

/** Gives a claimed slot back when its code could not be sent, so the visitor may retry at once. */
export async function releaseCode(db: Queryable, phone: string, codeHash: string): Promise<void> {
  await db.query('DELETE FROM portal_codes WHERE phone = $1 AND code_hash = $2', [phone, codeHash]);
}

export async function recordWrongCode(db: Queryable, phone: string, burnAt: Date | null): Promise<void> {
  await db.query(
    `UPDATE portal_codes SET failed_attempts = failed_attempts + 1, burned_at = COALESCE(burned_at, $2)
     WHERE phone = $1`,
    [phone, burnAt],
  );
}

export async function deleteCode(db: Queryable, phone: string): Promise<void> {
  await db.query('DELETE FROM portal_codes WHERE phone = $1', [phone]);
}

export interface NewPortalAccount {
  phone: string;
  name: string;
  companyName: string;
  email: string;
  position: string;
  /** The role the visitor applied for (portal spec §3): a request for an operator, never a grant. */
  requestedRole: string;
  passwordHash: string;
  registeredAt: Date;
  /** The versions of the texts accepted with the registration (README "Terms"). */
  termsVersion: string;
  privacyVersion: string;
}

/** False when the phone is registered already. */
export async function insertPortalAccount(db: Queryable, account: NewPortalAccount): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO portal_accounts (phone, name, company_name, email, position, requested_role, password_hash,
       registered_at, terms_version, privacy_version, terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8) ON CONFLICT (phone) DO NOTHING`,
    [
      account.phone,
      account.name,
      account.companyName,
      account.email,
      account.position,
      account.requestedRole,
      account.passwordHash,
      account.registeredAt,
      account.termsVersion,
      account.privacyVersion,
    ],
  );
  return rowCount === 1;
}

export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; phone: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO portal_sessions (token_hash, phone, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [session.tokenHash, session.phone, session.createdAt, session.expiresAt],
  );
}

export interface SessionAccount {
  phone: string;
  name: string;
  companyName: string;
  /** The role an operator granted; null until one did (README "Roles"). */
  grantedRole: string | null;
}

export async function findSessionAccount(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<SessionAccount | null> {
  const { rows } = await db.query(
    `SELECT a.phone, a.name, a.company_name, a.granted_role FROM portal_sessions s JOIN portal_accounts a ON a.phone = s.phone
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0]
    ? {
        phone: rows[0].phone,
        name: rows[0].name,
        companyName: rows[0].company_name,
        grantedRole: rows[0].granted_role,
      }
    : null;
}

/**
 * Ends a session (logout, or a hand-over token once used); the phone it belonged to when it
 * was live at `now`, else null.
 */
export async function deleteSession(db: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const { rows } = await db.query(
    'DELETE FROM portal_sessions WHERE token_hash = $1 RETURNING phone, expires_at > $2 AS live',
    [tokenHash, now],
  );
  return rows[0]?.live ? rows[0].phone : null;
}

/** The stored hash a password login is checked against; null when no account has the phone. */
export async function findPasswordHash(db: Queryable, phone: string): Promise<string | null> {
  const { rows } = await db.query('SELECT password_hash FROM portal_accounts WHERE phone = $1', [phone]);
  return rows[0]?.password_hash ?? null;
}

/**
 * Rewrites a password hash made under older rules (README "Passwords"), only if it is still the
 * one the login checked: a password changed meanwhile is never overwritten.
 */
export async function replacePasswordHash(
  db: Queryable,
  change: { phone: string; from: string; to: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE portal_accounts SET password_hash = $3 WHERE phone = $1 AND password_hash = $2',
    [change.phone, change.from, change.to],
  );
  return rowCount === 1;
}

export async function accountExists(db: Queryable, phone: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM portal_accounts WHERE phone = $1', [phone]);
  return rowCount === 1;
}

/** A registered account's roles as an operator reviews them. */
export interface RoleRequest {
  phone: string;
  name: string;
  companyName: string;
  requestedRole: string;
  grantedRole: string | null;
  grantedAt: string | null;
  grantedBy: string | null;
  registeredAt: string;
}

/** Accounts that applied for a role, newest first; `pending` only those whose request is not the granted role. */
export async function listRoleRequests(
  db: Queryable,
  filter: { pending: boolean; limit: number },
): Promise<RoleRequest[]> {
  const { rows } = await db.query(
    `SELECT phone, name, company_name, requested_role, granted_role, role_granted_at, role_granted_by, registered_at
     FROM portal_accounts
     WHERE requested_role <> '' AND (NOT $1 OR granted_role IS DISTINCT FROM requested_role)
     ORDER BY registered_at DESC, phone LIMIT $2`,
    [filter.pending, filter.limit],
  );
  return rows.map((row) => ({
    phone: row.phone,
    name: row.name,
    companyName: row.company_name,
    requestedRole: row.requested_role,
    grantedRole: row.granted_role,
    grantedAt: row.role_granted_at?.toISOString() ?? null,
    grantedBy: row.role_granted_by,
    registeredAt: row.registered_at.toISOString(),
  }));
}

/** An operator grants a role (null withdraws it); false when no account has that phone. */
export async function grantPortalRole(
  db: Queryable,
  grant: { phone: string; role: string | null; by: string; at: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE portal_accounts SET granted_role = $2, role_granted_at = $3, role_granted_by = $4 WHERE phone = $1`,
    [grant.phone, grant.role, grant.at, grant.by],
  );
  return rowCount === 1;
}

/** Who sent a lead (README "Leads"): the account when logged in, and the name and phone given. */
export interface LeadSender {
  accountPhone: string | null;
  name: string | null;
  phone: string | null;
}

export async function insertLead(
  db: Queryable,
  lead: {
    form: string;
    fields: Record<string, string>;
    lang: 'cn' | 'en';
    createdAt: Date;
    sender: LeadSender;
  },
): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO portal_leads (form, fields, lang, created_at, account_phone, sender_name, sender_phone)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      lead.form,
      JSON.stringify(lead.fields),
      lead.lang,
      lead.createdAt,
      lead.sender.accountPhone,
      lead.sender.name,
      lead.sender.phone,
    ],
  );
  return String(rows[0].id);
}

/** Newest first; `before` (a lead id) pages on. */
export async function listLeads(
  db: Queryable,
  filter: { form?: string; before?: string; limit: number },
): Promise<Lead[]> {
  const { rows } = await db.query(
    `SELECT l.id, l.form, l.fields, l.lang, l.created_at, l.account_phone, l.sender_name, l.sender_phone,
       a.name AS account_name, a.company_name AS account_company
     FROM portal_leads l LEFT JOIN portal_accounts a ON a.phone = l.account_phone
     WHERE ($1::text IS NULL OR l.form = $1) AND ($2::bigint IS NULL OR l.id < $2)
     ORDER BY l.created_at DESC, l.id DESC LIMIT $3`,
    [filter.form ?? null, filter.before ?? null, filter.limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    form: row.form,
    fields: row.fields,
    lang: row.lang,
    createdAt: row.created_at.toISOString(),
    sender:
      row.account_phone === null && row.sender_name === null && row.sender_phone === null
        ? null
        : {
            name: row.sender_name,
            phone: row.sender_phone,
            account:
              row.account_phone === null
                ? null
                : { phone: row.account_phone, name: row.account_name, companyName: row.account_company },
          },
  }));
}

/**
 * Retention (README): leads older than their retention, ended sessions, codes a day past expiry,
 * attempt windows begun before `attemptsBefore` (ended: the longest window ago).
 */
export async function purgePortal(
  db: Queryable,
  cut: { leadsBefore: Date; now: Date; attemptsBefore?: Date },
): Promise<{ leads: number; sessions: number; codes: number; attempts: number }> {
  const leads = await db.query('DELETE FROM portal_leads WHERE created_at < $1', [cut.leadsBefore]);
  const sessions = await db.query('DELETE FROM portal_sessions WHERE expires_at < $1', [cut.now]);
  const codes = await db.query(
    `DELETE FROM portal_codes WHERE expires_at < $1::timestamptz - interval '1 day'`,
    [cut.now],
  );
  const attempts = cut.attemptsBefore
    ? await db.query('DELETE FROM portal_attempts WHERE window_started_at < $1', [cut.attemptsBefore])
    : { rowCount: 0 };
  return {
    leads: leads.rowCount ?? 0,
    sessions: sessions.rowCount ?? 0,
    codes: codes.rowCount ?? 0,
    attempts: attempts.rowCount ?? 0,
  };
}
