-- Up Migration
-- Dropping a retired or failed projection version's schema (projections/src/versions.ts
-- `dropVersion`, from query-api's operator endpoint or the rebuild CLI). With a database role per
-- service (deploy/README.md "Postgres: one role per service") the version schemas belong to the
-- processors' role, and query-api, which only reads them, may not drop them itself: this function
-- runs as its owner, which the role set-up makes the processors' role, and drops only a schema
-- that no projection version names any more (dropVersion deletes the row first, in the same
-- transaction), so it cannot drop a live or building version. Without separate roles the owner
-- is the one role that does everything, as before.
CREATE FUNCTION drop_projection_version_schema(target text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  IF target !~ '^[a-z_][a-z0-9_]*_v[0-9]+$' THEN
    RAISE EXCEPTION 'not a projection version schema: %', target USING ERRCODE = '42501';
  END IF;
  IF EXISTS (SELECT 1 FROM projection_versions WHERE schema_name = target) THEN
    RAISE EXCEPTION 'schema % still belongs to a projection version', target USING ERRCODE = '42501';
  END IF;
  EXECUTE format('DROP SCHEMA IF EXISTS %I CASCADE', target);
END
$$;
REVOKE ALL ON FUNCTION drop_projection_version_schema(text) FROM PUBLIC;

-- Down Migration
DROP FUNCTION drop_projection_version_schema(text);
