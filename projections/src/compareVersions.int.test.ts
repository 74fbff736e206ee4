import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testServices, uniqueName } from '../../tests/harness/index.ts';
import { compareVersions, createVersionTables, versionsEqual } from './tables.ts';

/**
 * A revision that adds tables is rebuilt beside a live version built without them
 * (processors/README.md "Upgrading a projection"): the comparison names the table the live
 * version lacks instead of failing the rebuild on a missing relation, and never calls the two
 * equal.
 */
describe('comparing two versions of a projection when one lacks a table', () => {
  const pool = new pg.Pool({ connectionString: testServices().databaseUrl, max: 2 });
  const live = uniqueName('cmp_live');
  const built = uniqueName('cmp_built');

  afterAll(async () => {
    for (const schema of [live, built]) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  });

  it('names the table the older version lacks and finds them unequal; equal once both hold it', async () => {
    await createVersionTables(pool, 'collateral', live);
    await createVersionTables(pool, 'collateral', built);
    expect(versionsEqual(await compareVersions(pool, 'collateral', live, built))).toBe(true);

    // The live version as a revision before the release tables built it.
    await pool.query(`DROP TABLE "${live}".releases`);
    const comparison = await compareVersions(pool, 'collateral', live, built);
    expect(comparison.filter((table) => table.absentFrom !== undefined)).toEqual([
      { table: 'releases', rowsA: 0, rowsB: 0, differingKeys: [], absentFrom: live },
    ]);
    expect(versionsEqual(comparison)).toBe(false);
  });
});
