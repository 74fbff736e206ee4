-- Up Migration
-- Registration records which terms and privacy texts the visitor accepted, and when
-- (query-api/src/content/README.md "Terms"; portal spec §3, §5 "terms must be accepted").
-- Accounts registered before this rule have none recorded.
ALTER TABLE portal_accounts ADD COLUMN terms_version text CHECK (char_length(terms_version) <= 50);
ALTER TABLE portal_accounts ADD COLUMN privacy_version text CHECK (char_length(privacy_version) <= 50);
ALTER TABLE portal_accounts ADD COLUMN terms_accepted_at timestamptz;

-- Down Migration
ALTER TABLE portal_accounts DROP COLUMN terms_accepted_at;
ALTER TABLE portal_accounts DROP COLUMN privacy_version;
ALTER TABLE portal_accounts DROP COLUMN terms_version;
