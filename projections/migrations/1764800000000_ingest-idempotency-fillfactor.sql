-- Up Migration
-- Every reservation is updated once, milliseconds after its insert, when its append ends (ingest/
-- README.md "Retrying safely"). Only `state` changes, which no index holds, so the update can stay
-- on the row's page (a HOT update: no new index entries) when the page has room; full pages moved
-- every such update elsewhere and wrote both indexes again.
ALTER TABLE ingest_idempotency SET (fillfactor = 80);

-- Down Migration
ALTER TABLE ingest_idempotency RESET (fillfactor);
