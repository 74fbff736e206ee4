-- Up Migration
-- Express tracking usage as the spec bills it (query spec §9): one order per carrier code plus
-- number per caller over 40 days. A row is one billed order: the first use of the parcel by
-- that caller, or the first use 40 days or more after the previous billed one.
CREATE TABLE tracking_usage (
  owner_kind text NOT NULL,
  owner_id text NOT NULL,
  family text NOT NULL,
  item_key text NOT NULL,
  billed_at timestamptz NOT NULL,
  PRIMARY KEY (owner_kind, owner_id, item_key, billed_at)
);
CREATE INDEX tracking_usage_owner_time ON tracking_usage (owner_kind, owner_id, billed_at);

-- Down Migration
DROP TABLE tracking_usage;
