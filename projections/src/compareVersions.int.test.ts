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
/** A live and a built version's schemas, dropped after the tests of the describe block. */
function twoVersions() {
  const pool = new pg.Pool({ connectionString: testServices().databaseUrl, max: 2 });
  const live = uniqueName('cmp_live');
  const built = uniqueName('cmp_built');
  afterAll(async () => {
    for (const schema of [live, built]) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  });
  return { pool, live, built };
}

describe('comparing two versions of a projection when one lacks a table', () => {
  const { pool, live, built } = twoVersions();

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

/**
 * A node's document is written as the text the log holds (link-node tables `upsertNodes`); a
 * version written before wrote it serialised again. The two read as the same value, and compare
 * equal; a document that differs in value still differs.
 */
describe('comparing link nodes written as the log text and as serialised JSON', () => {
  const { pool, live, built } = twoVersions();

  const writeNode = (schema: string, fields: string) =>
    pool.query(
      `INSERT INTO "${schema}".nodes (node_id, enterprise, doc_type, business_key, block, chain_id, versions, keys, fields, provenance)
       VALUES ('E|purchase|PO-1', 'E', 'purchase', 'PO-1', 'purchaseInfo', 'c1', 1, '[]', $1, '{"offset":"1"}')
       ON CONFLICT (node_id) DO UPDATE SET fields = EXCLUDED.fields`,
      [fields],
    );

  it('takes 1.50 and 1.5, or keys in another order, as the same document', async () => {
    await createVersionTables(pool, 'link-node', live);
    await createVersionTables(pool, 'link-node', built);
    await writeNode(live, '{"entOrderNo":"PO-1","purchaseAmount":1000.5}');
    await writeNode(built, '{ "purchaseAmount": 1000.50, "entOrderNo": "PO-1" }');
    expect(versionsEqual(await compareVersions(pool, 'link-node', live, built))).toBe(true);

    await writeNode(built, '{"entOrderNo":"PO-1","purchaseAmount":1000.51}');
    const nodes = (await compareVersions(pool, 'link-node', live, built)).find((t) => t.table === 'nodes');
    expect(nodes?.differingKeys).toEqual(['E|purchase|PO-1']);
  });
});
