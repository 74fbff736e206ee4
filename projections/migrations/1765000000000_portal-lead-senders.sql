-- Up Migration
-- Who sent a saved form (query-api/src/content/README.md "Leads"): sales must be able to answer.
-- A logged-in visitor's lead keeps the account (account_phone) and the name and phone the
-- account had when it was sent; an anonymous form keeps the name and phone it was filled in
-- with. Leads saved before this rule have no sender and stay listed as such.
ALTER TABLE portal_leads ADD COLUMN account_phone text REFERENCES portal_accounts (phone) ON DELETE SET NULL;
ALTER TABLE portal_leads ADD COLUMN sender_name text CHECK (char_length(sender_name) <= 1000);
ALTER TABLE portal_leads ADD COLUMN sender_phone text CHECK (char_length(sender_phone) <= 1000);
CREATE INDEX portal_leads_account ON portal_leads (account_phone) WHERE account_phone IS NOT NULL;

-- Down Migration
DROP INDEX portal_leads_account;
ALTER TABLE portal_leads DROP COLUMN sender_phone;
ALTER TABLE portal_leads DROP COLUMN sender_name;
ALTER TABLE portal_leads DROP COLUMN account_phone;
