-- Up Migration
-- When an ocean bill or container nobody had reported yet was first asked about, by a query or a
-- subscription (query spec §4 statusCategory START "fetching", NODATA): the provider window runs
-- from here (projections/src/tracking/firstAsks.ts; query-api README "Tracking queries").
CREATE TABLE tracking_first_asks (
  item_key text PRIMARY KEY,
  first_asked_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE tracking_first_asks;
