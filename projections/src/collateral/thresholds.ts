import type { Queryable } from '../db.ts';

/**
 * Lenders' coverage thresholds (query-api/README.md "Coverage thresholds"; migration
 * 1766600000000): per account and granted enterprise, what the lender set; the default where it
 * set none. One function per statement.
 */

/**
 * Coverage (stock value left behind a financing's receipts over its purchase amount) below which a
 * financing is low when the lender set no threshold: the stock no longer covers what was lent.
 */
export const defaultCoverageThreshold = 1;

export interface CoverageThreshold {
  enterprise: string;
  threshold: number;
  updatedAt: string;
}

/** Sets an account's threshold for an enterprise (the caller checked the grant). */
export async function upsertCoverageThreshold(
  db: Queryable,
  row: { accountId: string; enterprise: string; threshold: number; keyId: string | null },
): Promise<CoverageThreshold> {
  const { rows } = await db.query(
    `INSERT INTO lender_coverage_thresholds (account_id, enterprise, threshold, updated_by)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, enterprise) DO UPDATE SET threshold = EXCLUDED.threshold,
       updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING enterprise, threshold, updated_at`,
    [row.accountId, row.enterprise, row.threshold, row.keyId],
  );
  return toThreshold(rows[0]);
}

/** Removes an account's threshold for an enterprise: the default applies again. True when one was set. */
export async function deleteCoverageThreshold(
  db: Queryable,
  row: { accountId: string; enterprise: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM lender_coverage_thresholds WHERE account_id = $1 AND enterprise = $2',
    [row.accountId, row.enterprise],
  );
  return (rowCount ?? 0) > 0;
}

/** The thresholds an account set, by enterprise. */
export async function findCoverageThresholds(db: Queryable, accountId: string): Promise<CoverageThreshold[]> {
  const { rows } = await db.query(
    `SELECT enterprise, threshold, updated_at FROM lender_coverage_thresholds WHERE account_id = $1
     ORDER BY enterprise`,
    [accountId],
  );
  return rows.map(toThreshold);
}

/**
 * The thresholds in force for each enterprise: the default and every threshold a lender set for
 * it, distinct, ascending (what the collateral projection's coverage rule fires on).
 */
export async function findThresholdsInForce(
  db: Queryable,
  enterprises: readonly string[],
): Promise<Map<string, number[]>> {
  const inForce = new Map(enterprises.map((enterprise) => [enterprise, [defaultCoverageThreshold]]));
  if (enterprises.length === 0 || !(await hasThresholdsTable(db))) return inForce;
  const { rows } = await db.query(
    `SELECT DISTINCT enterprise, threshold FROM lender_coverage_thresholds WHERE enterprise = ANY($1)`,
    [enterprises],
  );
  for (const row of rows) {
    const list = inForce.get(row.enterprise)!;
    const threshold = Number(row.threshold);
    if (!list.includes(threshold)) list.push(threshold);
  }
  for (const list of inForce.values()) list.sort((a, b) => a - b);
  return inForce;
}

/**
 * Whether the database has the thresholds table, asked once per connection: a projection's own
 * Given/When/Then tests run in a schema holding only its tables (processors/src/testing), where
 * the default is the only threshold.
 */
const thresholdsTableOn = new WeakMap<Queryable, boolean>();
async function hasThresholdsTable(db: Queryable): Promise<boolean> {
  let present = thresholdsTableOn.get(db);
  if (present === undefined) {
    const { rows } = await db.query(
      `SELECT to_regclass('lender_coverage_thresholds') IS NOT NULL AS present`,
    );
    present = rows[0].present as boolean;
    thresholdsTableOn.set(db, present);
  }
  return present;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toThreshold = (row: any): CoverageThreshold => ({
  enterprise: row.enterprise,
  threshold: Number(row.threshold),
  updatedAt: new Date(row.updated_at).toISOString(),
});
