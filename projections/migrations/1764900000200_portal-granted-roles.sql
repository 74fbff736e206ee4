-- Up Migration
-- A portal visitor applies for a role when registering (portal spec §3, §6); applying grants
-- nothing (query-api/src/content/README.md "Roles"). What the visitor asked for is kept as a
-- request for an operator; what a session may do comes only from the role an operator granted.
-- Existing accounts keep their request and start with no grant: nothing a visitor chose for
-- itself carries over as a permission.
ALTER TABLE portal_accounts RENAME COLUMN role TO requested_role;
ALTER TABLE portal_accounts ADD COLUMN granted_role text CHECK (char_length(granted_role) <= 10);
ALTER TABLE portal_accounts ADD COLUMN role_granted_at timestamptz;
ALTER TABLE portal_accounts ADD COLUMN role_granted_by text CHECK (char_length(role_granted_by) <= 200);

-- Down Migration
ALTER TABLE portal_accounts DROP COLUMN role_granted_by;
ALTER TABLE portal_accounts DROP COLUMN role_granted_at;
ALTER TABLE portal_accounts DROP COLUMN granted_role;
ALTER TABLE portal_accounts RENAME COLUMN requested_role TO role;
