-- Up Migration
-- A dead letter must always be storable (ARCHITECTURE "Batches, not records"): the record that
-- could not be applied may hold what text and jsonb cannot (a NUL character, invalid UTF-8), so
-- its key and headers are kept as the bytes the log held, like its value.
ALTER TABLE dead_letters ALTER COLUMN record_key TYPE bytea USING convert_to(record_key, 'UTF8');
ALTER TABLE dead_letters ALTER COLUMN headers DROP DEFAULT;
ALTER TABLE dead_letters ALTER COLUMN headers TYPE bytea USING convert_to(headers::text, 'UTF8');
ALTER TABLE dead_letters ALTER COLUMN headers SET DEFAULT '\x7b7d'::bytea;

-- Down Migration
ALTER TABLE dead_letters ALTER COLUMN headers DROP DEFAULT;
ALTER TABLE dead_letters ALTER COLUMN headers TYPE jsonb USING convert_from(headers, 'UTF8')::jsonb;
ALTER TABLE dead_letters ALTER COLUMN headers SET DEFAULT '{}';
ALTER TABLE dead_letters ALTER COLUMN record_key TYPE text USING convert_from(record_key, 'UTF8');
