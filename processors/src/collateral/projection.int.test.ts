import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { emptyLinkNodeState } from '../link-node/reducer.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { collateralProjection } from './projection.ts';
import { type ChainsAndCollateral, reduceCollateralDocument } from './reducer.ts';
import { emptyCollateralState } from './state.ts';

/**
 * A seeded log whose chains meet, grow and merge across three enterprises: purchases naming a
 * few financings (statuses reaching final and back) and, some, a warehouse order, proofs of delivery and clearances tying
 * bills and contracts together, inbounds making warehouse receipts, and proofs of delivery
 * joining chains by business order without pledging anything.
 */
function tangledLog(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  const maybe = (field: string, value: string) => (next(3) === 0 ? { [field]: value } : {});
  return Array.from({ length: count }, () => {
    const customerCode = `ENT${next(3) + 1}`;
    switch (next(6)) {
      case 0:
      case 1:
        return log('purchase', {
          customerCode,
          entOrderNo: `PO${next(40)}`,
          orderStatus: ['10', '10', '20', '30'][next(4)],
          financingOrderNo: `F${next(6)}`,
          billNo: `BL${next(25)}`,
          ...maybe('contractNo', `CT${next(15)}`),
          // Naming a warehouse order joins the chain of its inbound and so its receipts.
          ...maybe('wmsOrderNo', `IN${next(20)}`),
        });
      case 2:
        return log('pod', {
          customerCode,
          entOrderNo: `POD${next(60)}`,
          billNo: `BL${next(25)}`,
          busiOrderNo: `B${next(30)}`,
          ...maybe('contractNo', `CT${next(15)}`),
        });
      case 5:
        // Joins a chain by business order and pledges nothing: the chain's pieces stay as they are.
        return log('pod', { customerCode, entOrderNo: `POD${next(60)}`, busiOrderNo: `B${next(30)}` });
      case 3:
        return log('clearance', {
          customerCode,
          entOrderNo: `CL${next(60)}`,
          blno: `BL${next(25)}`,
          entryNo: `E${next(60)}`,
          ...maybe('contractNo', `CT${next(15)}`),
        });
      default:
        return log('inbound', {
          customerCode,
          entOrderNo: `IN${next(20)}`,
          warehouseId: `W${next(2)}`,
          ...maybe('billNo', `BL${next(25)}`),
        });
    }
  });
}

const byFirst = <T extends readonly unknown[]>(a: T, b: T) =>
  String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0;

const reported = (changes: readonly ChangeEvent[]) =>
  changes.map((change) => [change.enterprise, change.subject, change.kind, change.data]);

describe('collateral projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(collateralProjection);

  it('given a chain holding a bill, when a later batch joins a document pledging nothing to it, then the chain still holds the bill', async () => {
    const log = documentLog();
    const tables = await projectionTables();
    await tables.given([
      log('pod', { customerCode: 'ENT1', entOrderNo: 'POD1', billNo: 'BL1', busiOrderNo: 'B1' }),
    ]);
    // With a document of another chain in the batch, so that the batch writes pieces.
    const changes = await tables.given(
      [
        log('pod', { customerCode: 'ENT1', entOrderNo: 'POD2', busiOrderNo: 'B1' }),
        log('pod', { customerCode: 'ENT2', entOrderNo: 'POD3', billNo: 'BL2' }),
      ],
      2,
    );
    expect(changes).toEqual([]);
    const held = await tables.rows<{ piece_key: string; nodes: number }>(
      'SELECT p.piece_key, (SELECT count(*)::int FROM {schema}.nodes n WHERE n.chain_id = p.chain_id) AS nodes FROM {schema}.chain_pieces p ORDER BY 1',
    );
    expect(held).toEqual([
      { piece_key: JSON.stringify(['billOfLading', '', 'BL1']), nodes: 2 },
      { piece_key: JSON.stringify(['billOfLading', '', 'BL2']), nodes: 1 },
    ]);
  });

  for (const [seed, batchSize] of [
    [7, batchSizes(7)],
    [42, batchSizes(42)],
    [1234, batchSizes(1234)],
    [99, () => 1_000],
  ] as const) {
    it(`given a random log of chains meeting and financings opening and closing (seed ${seed}), when applied in batches of ${seed === 99 ? 'one' : 'random sizes'}, then the rows and the reports are the pure reducer's`, async () => {
      const events = tangledLog(seed, 240);
      const tables = await projectionTables();
      const changes = await tables.given(events, batchSize);

      let state: ChainsAndCollateral = { links: emptyLinkNodeState(), collateral: emptyCollateralState() };
      const expectedChanges: ChangeEvent[] = [];
      for (const event of events) {
        const reduced = reduceCollateralDocument(state, event);
        state = reduced.state;
        expectedChanges.push(...reduced.changes);
      }
      const { collateral } = state;

      expect(reported(changes)).toEqual(reported(expectedChanges));
      expect(expectedChanges.length).toBeGreaterThan(0);

      const pieces = await tables.rows<{ chain_id: string; piece_key: string; first: string }>(
        "SELECT chain_id, piece_key, provenance->>'documentId' AS first FROM {schema}.chain_pieces",
      );
      expect(pieces.map((p) => [`${p.chain_id} ${p.piece_key}`, p.first]).sort(byFirst)).toEqual(
        [...collateral.chains]
          .flatMap(([chainId, held]) =>
            [...held].map(([pieceKey, piece]) => [`${chainId} ${pieceKey}`, piece.provenance.documentId]),
          )
          .sort(byFirst),
      );
      const financings = await tables.rows<{
        financing_key: string;
        chain_id: string;
        open: boolean;
        purchases: Record<string, boolean>;
      }>('SELECT financing_key, chain_id, open, purchases FROM {schema}.financings');
      expect(financings.map((f) => [f.financing_key, f.chain_id, f.open, f.purchases]).sort(byFirst)).toEqual(
        [...collateral.financings.values()].map((f) => [f.key, f.chainId, f.open, f.purchases]).sort(byFirst),
      );
      const pairings = await tables.rows<{ pair_key: string }>('SELECT pair_key FROM {schema}.pairings');
      expect(pairings.map((p) => p.pair_key).sort()).toEqual([...collateral.pairings.keys()].sort());
    });
  }
});
