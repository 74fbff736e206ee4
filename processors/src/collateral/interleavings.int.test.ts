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
