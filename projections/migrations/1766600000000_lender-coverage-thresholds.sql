-- Up Migration
-- A lender's coverage threshold per enterprise it is granted (query-api/README.md "Coverage
-- thresholds"): below it, a financing of that enterprise is a `coverage.low` alert for that
-- lender. Set by the lender's own authenticated call (PUT /open/portfolio/coverage-thresholds);
-- an enterprise the account set none for has the default, 1 (projections/src/collateral/thresholds.ts).
-- The collateral projection reads the thresholds in force when it applies a document (the one
-- input of its rules not from the log: processors/README.md "Release and coverage alerts").
CREATE TABLE lender_coverage_thresholds (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  enterprise text NOT NULL CHECK (char_length(enterprise) BETWEEN 1 AND 64),
  threshold numeric NOT NULL CHECK (threshold > 0 AND threshold <= 100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (account_id, enterprise)
);
CREATE INDEX lender_coverage_thresholds_enterprise ON lender_coverage_thresholds (enterprise);

-- Down Migration
DROP TABLE lender_coverage_thresholds;
