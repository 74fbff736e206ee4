-- Up Migration
-- Read caches of query-api (query-api/README.md "Read caches"): every instance keeps API keys and
-- live projection versions in memory and drops them when Postgres says they changed. The
-- notification is sent by the writing transaction itself, on commit, whoever writes (the keys
-- CLI, a rebuild, a hand-written UPDATE): no code path can forget it.
CREATE FUNCTION notify_api_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tradelog_api_keys', TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- INSERT too: a key presented before it existed is cached as unknown, and a new key must work at once.
CREATE TRIGGER api_keys_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_api_keys_changed();
-- An account's grants and kind travel with its keys' cached rows.
CREATE TRIGGER accounts_changed AFTER UPDATE OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_api_keys_changed();

CREATE FUNCTION notify_projection_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tradelog_projection_versions', COALESCE(NEW.projection, OLD.projection));
  RETURN NULL;
END $$;

CREATE TRIGGER projection_versions_changed AFTER INSERT OR UPDATE OF state OR DELETE ON projection_versions
  FOR EACH ROW EXECUTE FUNCTION notify_projection_versions_changed();

-- Down Migration
DROP TRIGGER projection_versions_changed ON projection_versions;
DROP FUNCTION notify_projection_versions_changed();
DROP TRIGGER accounts_changed ON accounts;
DROP TRIGGER api_keys_changed ON api_keys;
DROP FUNCTION notify_api_keys_changed();
