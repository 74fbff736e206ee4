-- Up Migration
-- A test push's attempt wakes the request waiting for it (query-api README "Subscriber tools"):
-- on commit of the transaction that recorded the attempt and moved its delivery on, the
-- delivery's id on `tradelog_push_tests`, which query-api LISTENs on with a connection of its own
-- (instead of asking the shared pool every 200 ms). Only test pushes notify: real deliveries'
-- attempts cost nothing more.
CREATE FUNCTION notify_push_test_attempted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tradelog_push_tests', NEW.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER push_test_attempted AFTER UPDATE OF attempts ON push_deliveries FOR EACH ROW
  WHEN (NEW.event_kind = 'test.example' AND NEW.attempts > OLD.attempts)
  EXECUTE FUNCTION notify_push_test_attempted();

-- Down Migration
DROP TRIGGER push_test_attempted ON push_deliveries;
DROP FUNCTION notify_push_test_attempted();
