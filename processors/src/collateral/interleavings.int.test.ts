import { compareVersions, versionsEqual } from '@tradelog/projections/tables';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testServices } from '../../../tests/harness/index.ts';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState } from '../link-node/reducer.ts';
import { projectionTables } from '../testing/givenRecords.ts';
import { collateralProjection } from './projection.ts';
import { type ChainsAndCollateral, reduceCollateralDocument } from './reducer.ts';
import { emptyCollateralState } from './state.ts';

/** Every order the log's two topics can be applied in (each topic in its own order). */
function interleavings<T>(a: readonly T[], b: readonly T[]): T[][] {
  if (a.length === 0) return [[...b]];
  if (b.length === 0) return [[...a]];
  return [
    ...interleavings(a.slice(1), b).map((rest) => [a[0]!, ...rest]),
    ...interleavings(a, b.slice(1)).map((rest) => [b[0]!, ...rest]),
  ];
}

const subjects = (changes: readonly ChangeEvent[]) => changes.map((change) => change.subject).sort();

/**
 * The shell loads a batch's chains only in part (batchLoads.ts `loadState`) and folds the pure
 * rules over that part; it must report exactly what the rules report over the whole state, in
 * whatever order the two topics were applied and however they were batched. A purchase that
 * brings a second open financing to a chain whose pieces none of the batch's documents bring
 * was missed so: the chain's receipt pairing went unreported (seen in the collateral
 * integration test under load, batches of one).
 */
describe('collateral projection on Postgres, one scenario in every order and batching', () => {
  it('given two financings naming one warehouse order and another enterprise on the same bill, then every order and batching reports what the pure reducer reports', async () => {
    const purchase = (
      customerCode: string,
      entOrderNo: string,
      financingOrderNo: string,
      wmsOrderNo: string,
    ) => ({
      customerCode,
      entOrderNo,
      orderStatus: '10',
      financingOrderNo,
      wmsOrderNo,
    });
    const inbound = (customerCode: string, entOrderNo: string, warehouseId: string, billNo: string) => ({
      customerCode,
      entOrderNo,
      inputType: '10',
      warehouseId,
      billNo,
    });
    const purchases = [
      purchase('A', 'PO1', 'F1', 'IN1'),
      purchase('A', 'PO2', 'F2', 'IN1'),
      purchase('B', 'POB', 'FB', 'INB'),
    ];
    const inbounds = [inbound('A', 'IN1', 'W1', 'BL-77'), inbound('B', 'INB', 'W9', 'bl 77')];
    type Sent = readonly ['purchase' | 'inbound', Record<string, string>];
    for (const order of interleavings<Sent>(
      purchases.map((document) => ['purchase', document]),
      inbounds.map((document) => ['inbound', document]),
    )) {
      const log = documentLog();
      const events: DocumentEvent[] = order.map(([type, document]) => log(type, document));
      let state: ChainsAndCollateral = { links: emptyLinkNodeState(), collateral: emptyCollateralState() };
      const expected: ChangeEvent[] = [];
      for (const event of events) {
        const reduced = reduceCollateralDocument(state, event);
        state = reduced.state;
        expected.push(...reduced.changes);
      }
      for (const batchSize of [1, 2, 3, 5]) {
        const tables = await projectionTables(testServices().databaseUrl, collateralProjection);
        const changes = await tables.given(events, batchSize).finally(() => tables.drop());
        expect(
          subjects(changes),
          `${order.map(([, d]) => d.entOrderNo).join(' ')} in batches of ${batchSize}`,
        ).toEqual(subjects(expected));
      }
    }
  });
});

/**
 * A rebuild interleaves the topics otherwise than the live batches did. An inbound applied before
 * its tally of other goods moves its goods in and out (the key's stock back to 0, its lines
 * counted and then none); applied after, it never counts. Both leave the same stock and the
 * same lines counting, so a rebuild's comparison must find the two versions equal.
 */
describe('collateral versions built from one log in two orders', () => {
  it('given an inbound and its tally of other goods, when one version applies the inbound first and another the tally, then the two compare equal', async () => {
    const inbound = {
      customerCode: 'A',
      entOrderNo: 'IN1',
      inputType: '10',
      warehouseId: 'W1',
      goodsList: [{ entGoodsNo: 'G1', lotNo: 'L1', declareQty: 100, declareUnitPrice: 10 }],
    };
    const tally = {
      customerCode: 'A',
      orderNo: 'T1',
      inboundOrderNo: 'IN1',
      warehouseId: 'W1',
      goodsList: [{ entGoodsNo: 'G2', lotNo: 'L1', expectReceiveQty: 100, goodQty: 100 }],
    };
    const log = documentLog();
    const events = [log('inbound', inbound), log('tally', tally)];
    const built = [];
    for (const order of [events, [...events].reverse()]) {
      const tables = await projectionTables(testServices().databaseUrl, collateralProjection);
      await tables.given(order, 1);
      built.push(tables);
    }
    const [first, second] = built as [(typeof built)[number], (typeof built)[number]];
    try {
      // The first order leaves rows the second never writes: G1 at 0, no line counting on it.
      expect(
        await first.rows('SELECT stock_key, qty::int AS qty FROM {schema}.pledge_balances ORDER BY 1'),
      ).toHaveLength(2);
      expect(await second.rows('SELECT stock_key FROM {schema}.pledge_balances')).toHaveLength(1);
      const pool = new pg.Pool({ connectionString: testServices().databaseUrl, max: 1 });
      const comparison = await compareVersions(pool, 'collateral', first.schema, second.schema).finally(() =>
        pool.end(),
      );
      expect(comparison.filter((table) => !versionsEqual([table]))).toEqual([]);
    } finally {
      await Promise.all(built.map((tables) => tables.drop()));
    }
  });
});
