-- Up Migration
-- Feed families an account may submit (README "Partner grants"): providers of tracking,
-- reference and enterprise feeds are granted them one by one (`npm run keys -- grant ACCOUNT
-- --feed tracking.express`). Until now any partner could submit any feed, so existing partner
-- accounts keep exactly the families that exist today, named one by one (no wildcard): a family
-- added later is granted to nobody until an operator says so. Enterprise feeds also need the
-- enterprise they name granted, as documents always did.
ALTER TABLE accounts ADD COLUMN feeds text[] NOT NULL DEFAULT '{}';
UPDATE accounts SET feeds = ARRAY[
  'reference.vesselArchive', 'reference.aisPosition', 'reference.transportBill',
  'reference.routeSchedule', 'reference.vesselPlan', 'reference.flight', 'reference.truckPosition',
  'enterprise.taxInformation', 'enterprise.ecommerceSalesToB', 'enterprise.ecommerceSalesToC',
  'enterprise.paymentAccountChange', 'enterprise.brandRanking', 'enterprise.inWarehouseData',
  'enterprise.warehouseIndicators', 'enterprise.warehouseStock',
  'tracking.express', 'tracking.air', 'tracking.ocean', 'tracking.terminal'
] WHERE kind = 'partner';

-- Down Migration
ALTER TABLE accounts DROP COLUMN feeds;
