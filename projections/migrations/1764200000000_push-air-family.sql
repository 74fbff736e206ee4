-- Up Migration
-- Air cargo tracking subscriptions (query spec §3 "Air tracking": query, subscribe, push).
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_family_check;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_family_check
  CHECK (family IN ('express', 'express-map', 'air', 'ocean', 'terminal', 'changes'));

-- Down Migration
DELETE FROM push_subscriptions WHERE family = 'air';
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_family_check;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_family_check
  CHECK (family IN ('express', 'express-map', 'ocean', 'terminal', 'changes'));
