import {
  createVersionTables,
  insertNextVersion,
  type ProjectionVersion,
  type Queryable,
} from '@tradelog/projections';
import {
  findChainByKey,
  insertKeyChains,
  type NodeRow,
  upsertNodes,
} from '@tradelog/projections/link-node/tables';
import { migrate } from '@tradelog/projections/migrate';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { createPreparingPool } from './preparedClient.ts';
import { createReadBatches } from './readBatches.ts';
import { firstStatementsAlone, readWithSummary } from './summarisedRead.ts';

// Reads that miss the result cache share statements (README "Read caches"), against real Postgres.
describe('reads sharing statements', () => {
  const enterprise = '91310000READBATCH1';
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let version: ProjectionVersion;
  let statements = 0;
  // The pool as the batches see it, counting the statements they send.
  const counted: Queryable = {
    query: ((text: string, values?: unknown[]) => {
      statements++;
      return pool.query(text, values);
    }) as Queryable['query'],
  };

  const nodesOf = (c: number): NodeRow[] =>
    (['purchase', 'inbound'] as const).map((type) => ({
      nodeId: `${type}/PO-B${c}`,
      enterprise,
      type,
      businessKey: `${type === 'purchase' ? '' : 'inbound-'}PO-B${c}`,
      block: type === 'purchase' ? 'purchaseInfo' : 'intoStorageInfo',
      chainId: `chain-${c}`,
      keys: [{ cls: 'purchaseOrderNo', value: `PO-B${c}` }],
      fields: { entOrderNo: `PO-B${c}`, n: c },
      provenance: { receivedAt: '2026-11-22T00:00:00.000Z' },
      versions: 1,
    }));

  beforeAll(async () => {
    db = await createTestSchema(testServices().databaseUrl, 'rbatch');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = createPreparingPool({ connectionString: db.databaseUrl, max: 4 });
    version = await insertNextVersion(pool, db.schema, 'link-node', 'live', new Date());
    await createVersionTables(pool, 'link-node', version.schemaName);
    const nodes = Array.from({ length: 40 }, (_, c) => nodesOf(c)).flat();
    await upsertNodes(pool, version.schemaName, nodes);
    await insertKeyChains(pool, version.schemaName, nodes);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const chainOf = (first: Parameters<typeof readWithSummary>[1], value: string) =>
    readWithSummary(pool, first, version, null, (reader) =>
      findChainByKey(reader, version.schemaName, { enterprise, classes: ['purchaseOrderNo'], value }),
    );

  it('answers each of many concurrent reads with its own rows, in fewer statements than reads', async () => {
    const batches = createReadBatches(counted);
    const values = [...Array.from({ length: 40 }, (_, c) => `PO-B${c}`), 'PO-NONE'];
    statements = 0;
    const shared = await Promise.all(values.map((value) => chainOf(batches, value)));
    const sharedStatements = statements;
    statements = 0;
    const alone = await Promise.all(values.map((value) => chainOf(firstStatementsAlone(counted), value)));

    expect(statements).toBe(values.length);
    expect(sharedStatements).toBeLessThan(values.length / 4);
    // The same answers as one statement per read: rows, their order, the summary.
    expect(shared).toEqual(alone);
    expect(shared[7]!.result.nodes.map((node) => node.nodeId)).toEqual(['inbound/PO-B7', 'purchase/PO-B7']);
    expect(shared[7]!.result.total).toBe(2);
    expect(shared[40]!.result).toEqual({ chainId: undefined, total: 0, nodes: [] });
    expect(shared.every((read) => read.summary.live)).toBe(true);
  });

  it("keeps one read's fault its own: a shared statement that fails is run again read by read", async () => {
    const batches = createReadBatches(counted, { inFlight: 1 });
    const read = (value: string) =>
      readWithSummary(pool, batches, version, null, async (reader) => {
        const { rows } = await reader.query('SELECT $1::int + 1 AS n', [value]);
        return rows[0].n as number;
      });
    const answers = await Promise.allSettled(['1', '2', 'x', '4'].map(read));
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.result : 'refused')),
    ).toEqual([2, 3, 'refused', 5]);
    expect((answers[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22P02' });
  });
});
