-- Up Migration
-- An operator's rebuild may be asked to switch even though it differs from the live version
-- (`POST /ops/rebuild/{projection}` with `{"acceptDifferences": true}`, the console's "rebuild,
-- accepting the differences", the CLI's `--accept-differences`): a live version that drifted
-- from what its rules make of the log is replaced by the rebuilt one. Kept with the version, so
-- that whichever processors instance builds it, and a build resumed after a restart, honours it.
ALTER TABLE projection_versions ADD COLUMN accept_differences boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE projection_versions DROP COLUMN accept_differences;
