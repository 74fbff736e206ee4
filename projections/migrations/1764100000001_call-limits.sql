-- Up Migration
-- Call-limit windows of query-api and ingest (schemas/src/kit/runtime/callLimits.ts), in the shape
-- rate-limiter-flexible's Postgres store reads and writes: key, points consumed, end of the
-- window (epoch milliseconds). Shared by every instance, so limits hold across instances.
CREATE TABLE call_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX call_limits_expire ON call_limits (expire);

-- Down Migration
DROP TABLE call_limits;
