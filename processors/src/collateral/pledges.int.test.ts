import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState } from '../link-node/reducer.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { emptyPledgeState } from './pledgeState.ts';
import { type ChainsCollateralPledges, reduceAlertsDocument } from './pledges.ts';
import { collateralProjection } from './projection.ts';
import { pledgedLinesByKey } from './receiptStock.ts';
import { emptyCollateralState } from './state.ts';

/**
 * A seeded log of financed purchases (opening and repaid) naming warehouse orders, the inbounds
 * of those orders with a few goods and lots, their tallies, outbounds taking those goods and
 * stock reports: the release and coverage rules folded by the batch shell must publish and keep
 * what the pure rules do, wherever batches end.
 */
function pledgeLog(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  const line = () => ({
    entGoodsNo: `G${next(3)}`,
    lotNo: `L${next(2)}`,
    ...(next(4) === 0 ? {} : { declareUnitPrice: 1 + next(20) }),
  });
  return Array.from({ length: count }, () => {
    const customerCode = `ENT${next(2) + 1}`;
    switch (next(7)) {
      case 0:
        return log('purchase', {
          customerCode,
          entOrderNo: `PO${next(12)}`,
          orderStatus: ['10', '10', '10', '20'][next(4)],
          financingOrderNo: `F${next(4)}`,
          wmsOrderNo: `IN${next(6)}`,
          purchaseAmount: 500 + 100 * next(20),
        });
      case 1:
      case 2:
        return log('inbound', {
          customerCode,
          entOrderNo: `IN${next(6)}`,
          warehouseId: 'W1',
          goodsList: [{ ...line(), declareQty: 20 + next(80) }],
        });
      case 3:
        return log('tally', {
          customerCode,
          orderNo: `T${next(6)}`,
          inboundOrderNo: `IN${next(6)}`,
          warehouseId: 'W1',
          goodsList: [{ ...line(), expectReceiveQty: 50, goodQty: 40 + next(12) }],
        });
      case 6:
        return log('warehouseStock', {
          customerCode,
          warehouseId: 'W1',
          snapshotTime: '2026-01-01 00:00:00',
          stockList: [
            { goodsId: `G${next(3)}`, batchCode: `L${next(2)}`, stockType: '0', realStockNum: next(150) },
          ],
        });
      default: {
        const qty = 1 + next(40);
        return log('outbound', {
          customerCode,
          entOrderNo: `OUT${next(30)}`,
          warehouseId: 'W1',
          goodsList: [{ ...line(), declareQty: qty, actualQty: qty }],
        });
      }
    }
  });
}

const alerts = (changes: readonly ChangeEvent[]) =>
  changes
    .filter((change) => change.kind === 'collateral.released' || change.kind === 'coverage.low')
    .map((change) => [change.eventId, change.enterprise, change.subject, change.kind, change.data])
    .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));

describe('release and coverage alerts on Postgres', () => {
  const projectionTables = projectionTablesPerTest(collateralProjection);

  for (const seed of [3, 17, 2026])
    it(`given a random log of financed receipts, tallies, outbounds and stock reports (seed ${seed}), when applied in batches of random sizes, then the alerts, releases and coverage are the pure rules'`, async () => {
      const events = pledgeLog(seed, 160);
      let state: ChainsCollateralPledges = {
        links: emptyLinkNodeState(),
        collateral: emptyCollateralState(),
        pledges: emptyPledgeState(),
      };
      const expected: ChangeEvent[] = [];
      for (const event of events) {
        const reduced = reduceAlertsDocument(state, event, () => [1]);
        state = reduced.state;
        expected.push(...reduced.changes);
      }
      // The log must exercise what it is for.
      expect(expected.filter((c) => c.kind === 'collateral.released').length).toBeGreaterThan(3);
      expect(expected.filter((c) => c.kind === 'coverage.low').length).toBeGreaterThan(0);

      const tables = await projectionTables();
      const published = await tables.given(events, batchSizes(seed));
      expect(alerts(published)).toEqual(alerts(expected));

      const releases = await tables.rows<{ release_key: string; cause: string }>(
        'SELECT release_key, cause FROM {schema}.releases ORDER BY release_key',
      );
      expect(releases.map((row) => [row.release_key, row.cause])).toEqual(
        [...state.pledges.releases.values()]
          .map((release) => [release.key, release.cause])
          .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
      );
      const coverage = await tables.rows<{
        financing_key: string;
        coverage: string | null;
        stock_value: string;
      }>(
        'SELECT financing_key, coverage, stock_value FROM {schema}.financing_coverage ORDER BY financing_key',
      );
      expect(
        coverage.map((row) => [
          row.financing_key,
          row.coverage === null ? null : Number(row.coverage),
          Number(row.stock_value),
        ]),
      ).toEqual(
        [...state.pledges.coverage.values()]
          .map((c) => [c.financingKey, c.coverage, c.stockValue])
          .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
      );
      // Rule 4's sums as the batches kept them are the pure fold's.
      const amounts = await tables.rows<{
        financing_key: string;
        purchases: number;
        unknown: number;
        millionths: string;
      }>(
        'SELECT financing_key, purchases, unknown, millionths::text AS millionths FROM {schema}.financing_amounts ORDER BY financing_key',
      );
      expect(
        amounts.map((row) => [row.financing_key, row.purchases, row.unknown, BigInt(row.millionths)]),
      ).toEqual(
        [...state.pledges.amountTotals]
          .map(([key, total]) => [key, total.purchases, total.unknown, total.millionths])
          .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
      );
      const balances = await tables.rows<{ stock_key: string; qty: string }>(
        'SELECT stock_key, qty FROM {schema}.pledge_balances WHERE qty <> 0 ORDER BY stock_key',
      );
      expect(balances.map((row) => [row.stock_key, Number(row.qty)])).toEqual(
        [...state.pledges.balances].filter(([, qty]) => qty !== 0).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      // The lines counting on each key as the batches kept them are the pure fold's, and are what
      // the orders kept pledge: the count a batch decides its reads by is never off.
      const keyLines = await tables.rows<{ stock_key: string; lines: number; max_qty: string }>(
        'SELECT stock_key, lines, max_qty FROM {schema}.pledge_key_lines WHERE lines > 0 ORDER BY stock_key',
      );
      const folded = [...state.pledges.keyLines]
        .filter(([, kept]) => kept.lines > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      expect(keyLines.map((row) => [row.stock_key, row.lines, Number(row.max_qty)])).toEqual(
        folded.map(([key, kept]) => [key, kept.lines, kept.maxQty]),
      );
      expect(folded.map(([key, kept]) => [key, kept.lines])).toEqual(
        [...pledgedLinesByKey(state.pledges.orders.values())].sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      expect(folded.length).toBeGreaterThan(0);
    });
});
