-- Up Migration
-- The dead letters of projection versions that are no longer live nor being built are done with:
-- the version that replaced them read every record of the log itself, and a record that failed it
-- too is a letter of its own (projections/src/deadLetters.ts `supersedeLettersOfOtherVersions`,
-- which every switch runs from now on). Left open, no consumer retried them and they counted as
-- open for ever; marked `retrying`, the live version claimed them on every tick and failed them
-- again. The push processor's letters belong to no version and stay as they are.
UPDATE dead_letters d SET state = 'superseded', resolved_at = now()
WHERE d.state IN ('open', 'retrying')
  AND d.projection <> 'push'
  AND NOT EXISTS (
    SELECT 1 FROM projection_versions v
    WHERE v.consumer_group = d.consumer_group AND v.state IN ('requested', 'building', 'live')
  );

-- Down Migration
-- Nothing to undo: the letters superseded were of versions no consumer reads.
SELECT 1;
