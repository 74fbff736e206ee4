-- Up Migration
-- The public portal's own state (query-api/src/content/README.md): registrations, sessions,
-- verification codes and saved forms (leads). Nothing a visitor gives us lives only in memory.
-- Sizes are bounded here as well as by the request schemas; retention is enforced by
-- query-api's sweep (PORTAL_LEAD_RETENTION_DAYS, PORTAL_SESSION_DAYS).
CREATE TABLE portal_accounts (
  phone text PRIMARY KEY CHECK (char_length(phone) <= 20),
  name text NOT NULL CHECK (char_length(name) <= 50),
  company_name text NOT NULL CHECK (char_length(company_name) <= 100),
  email text NOT NULL CHECK (char_length(email) <= 100),
  position text NOT NULL CHECK (char_length(position) <= 50),
  role text NOT NULL CHECK (char_length(role) <= 10),
  password_hash text NOT NULL,
  registered_at timestamptz NOT NULL
);

-- Only a sha256 of the session token is kept.
CREATE TABLE portal_sessions (
  token_hash text PRIMARY KEY,
  phone text NOT NULL REFERENCES portal_accounts (phone) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX portal_sessions_expiry ON portal_sessions (expires_at);

-- One live code per phone, hashed; wrong guesses are counted and burn the code (burned_at).
CREATE TABLE portal_codes (
  phone text PRIMARY KEY CHECK (char_length(phone) <= 20),
  code_hash text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  burned_at timestamptz
);

-- Saved forms: consultations, contact, sign-up, inquiries, messages.
CREATE TABLE portal_leads (
  id bigserial PRIMARY KEY,
  form text NOT NULL CHECK (char_length(form) <= 20),
  fields jsonb NOT NULL CHECK (octet_length(fields::text) <= 32768),
  lang text NOT NULL CHECK (lang IN ('cn', 'en')),
  created_at timestamptz NOT NULL
);
CREATE INDEX portal_leads_listing ON portal_leads (created_at DESC, id DESC);

-- Down Migration
DROP TABLE portal_leads;
DROP TABLE portal_codes;
DROP TABLE portal_sessions;
DROP TABLE portal_accounts;
