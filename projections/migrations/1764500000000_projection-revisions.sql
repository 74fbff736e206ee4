-- Up Migration
-- The revision of a projection's code a version was built with (processors/README.md "Upgrading
-- a projection"): a live version of an older revision is rebuilt beside itself and replaced.
ALTER TABLE projection_versions ADD COLUMN revision integer NOT NULL DEFAULT 1;

-- Down Migration
ALTER TABLE projection_versions DROP COLUMN revision;
