import { inTransaction, type Queryable } from '@tradelog/projections';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import { documentLog } from '../documents/testing.ts';
import { statementQueue } from '../runtime/statementQueue.ts';
import { projectionTablesPerTest } from '../testing/givenRecords.ts';
import { collateralProjection } from './projection.ts';
import { pieceKeyOf } from './rules.ts';

/** A client that notes how many rows each statement answered. */
function countingRows(db: Queryable, answered: { sql: string; rows: number }[]): Queryable {
  const query = async (...args: unknown[]) => {
    const result = await (db.query as (...a: unknown[]) => Promise<{ rows?: unknown[] }>)(...args);
    answered.push({ sql: String(args[0]), rows: result.rows?.length ?? 0 });
    return result;
  };
  return { query: query as Queryable['query'] };
}

const reported = (changes: readonly ChangeEvent[]) =>
  changes.map((change) => [change.enterprise, change.subject, change.kind]);

/**
 * A batch loads of the chains it touches only what its documents change (processors/README.md
 * "Collateral rules"): the pieces another chain holds too, found by their `shared` mark, and the
 * open financings. These cases span batches, so each depends on what an earlier batch recorded.
 */
describe('collateral projection: bounded work per document, on Postgres', () => {
  const projectionTables = projectionTablesPerTest(collateralProjection);
  const bill = pieceKeyOf('billOfLading', null, 'BL1');

  it('given a bill two chains hold, one with an open financing, when a later batch opens a financing on the other chain through another key, then the two financings pair on the bill', async () => {
    const log = documentLog();
    const tables = await projectionTables();
    await tables.given([
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO1',
        orderStatus: '10',
        financingOrderNo: 'F1',
        billNo: 'BL1',
      }),
      log('pod', { customerCode: 'ENT2', entOrderNo: 'POD1', billNo: 'BL1', contractNo: 'CT9' }),
    ]);
    const shared = await tables.rows<{ piece_key: string; shared: boolean }>(
      'SELECT piece_key, shared FROM {schema}.chain_pieces ORDER BY piece_key, shared',
    );
    expect(shared.filter((row) => row.piece_key === bill).map((row) => row.shared)).toEqual([true, true]);
    expect(shared.filter((row) => row.piece_key !== bill).map((row) => row.shared)).toEqual([false]);

    // The purchase joins ENT2's chain by the contract alone: the bill comes from the chain's shared pieces.
    const changes = await tables.given([
      log('purchase', {
        customerCode: 'ENT2',
        entOrderNo: 'PO2',
        orderStatus: '10',
        financingOrderNo: 'F2',
        contractNo: 'CT9',
      }),
    ]);
    expect(reported(changes)).toEqual([
      ['ENT1', 'financing/F1/billOfLading/BL1/other-enterprise', 'collateral.reused'],
      ['ENT2', 'financing/F2/billOfLading/BL1/other-enterprise', 'collateral.reused'],
    ]);
  });

  it('given a financing many purchases name, when a later batch settles one and then all, then it stays open until the last and keeps every purchase', async () => {
    const log = documentLog();
    const tables = await projectionTables();
    const purchase = (entOrderNo: string, orderStatus: string) =>
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo,
        orderStatus,
        financingOrderNo: 'F1',
        billNo: 'BL1',
      });
    await tables.given([purchase('PO1', '10'), purchase('PO2', '10'), purchase('PO3', '20')]);
    const financing = () =>
      tables.rows<{ open: boolean; unsettled: number; purchases: Record<string, boolean> }>(
        'SELECT open, unsettled, purchases FROM {schema}.financings',
      );
    expect(await financing()).toEqual([
      {
        open: true,
        unsettled: 2,
        purchases: { 'ENT1|purchase|PO1': false, 'ENT1|purchase|PO2': false, 'ENT1|purchase|PO3': true },
      },
    ]);
    await tables.given([purchase('PO1', '20')]);
    expect((await financing())[0]).toMatchObject({ open: true, unsettled: 1 });
    // A final purchase stays final (order-status rule 2).
    await tables.given([purchase('PO2', '30'), purchase('PO3', '10')]);
    expect(await financing()).toEqual([
      {
        open: false,
        unsettled: 0,
        purchases: { 'ENT1|purchase|PO1': true, 'ENT1|purchase|PO2': true, 'ENT1|purchase|PO3': true },
      },
    ]);
  });

  it('given a financing two hundred purchases name, when a later batch names one more, then the batch reads that purchase and the kept sum, not every purchase, and the sum counts all', async () => {
    const log = documentLog();
    const tables = await projectionTables();
    const purchase = (n: number, purchaseAmount?: number) =>
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: `PO${n}`,
        orderStatus: '10',
        financingOrderNo: 'F1',
        ...(purchaseAmount === undefined ? {} : { purchaseAmount }),
      });
    await tables.given(
      Array.from({ length: 200 }, (_, n) => purchase(n, 100 + n)),
      50,
    );
    const answered: { sql: string; rows: number }[] = [];
    await inTransaction(tables.pool, (client) =>
      collateralProjection.applyBatch(countingRows(statementQueue(client), answered), tables.schema, [
        purchase(200, 1000),
        purchase(7, 7),
      ]),
    );
    const amountReads = answered.filter((statement) =>
      /purchaseAmount|financing_amounts/.test(statement.sql),
    );
    expect(amountReads.length).toBeGreaterThan(0);
    expect(Math.max(...amountReads.map((statement) => statement.rows))).toBeLessThanOrEqual(2);
    // The kept sum: 100..299 for PO0..PO199, PO7 restated at 7 (was 107), PO200 at 1000.
    const sum = Array.from({ length: 200 }, (_, n) => 100 + n).reduce((a, b) => a + b, 0) - 107 + 7 + 1000;
    expect(
      await tables.rows(
        'SELECT purchases, unknown, millionths::text AS millionths FROM {schema}.financing_amounts',
      ),
    ).toEqual([{ purchases: 201, unknown: 0, millionths: String(sum * 1_000_000) }]);

    // A purchase stating no amount leaves the sum unknown until it states one.
    await tables.given([purchase(201)]);
    expect(await tables.rows('SELECT purchases, unknown FROM {schema}.financing_amounts')).toEqual([
      { purchases: 202, unknown: 1 },
    ]);
  });

  it('given a repaid financing on a small chain, when a later batch merges that chain into a larger one, then the financing moves with it', async () => {
    const log = documentLog();
    const tables = await projectionTables();
    await tables.given([
      log('purchase', {
        customerCode: 'ENT1',
        entOrderNo: 'PO1',
        orderStatus: '20',
        financingOrderNo: 'F1',
        billNo: 'BL1',
      }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL2', contractNo: 'CT1' }),
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD2', billNo: 'BL2' }),
    ]);
    // Joins the purchase's chain (one node) to the proofs of delivery's (two): the larger survives.
    await tables.given([
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD3', billNo: 'BL1', contractNo: 'CT1' }),
    ]);
    const rows = await tables.rows<{ financing_chain: string; node_chains: string[] }>(
      `SELECT f.chain_id AS financing_chain, (SELECT array_agg(DISTINCT n.chain_id) FROM {schema}.nodes n) AS node_chains
       FROM {schema}.financings f`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.node_chains).toEqual([rows[0]!.financing_chain]);
  });
});
