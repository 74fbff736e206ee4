import { collateralDeclaration } from '@tradelog/projections/collateral/declaration';
import { findFinancings } from '@tradelog/projections/collateral/tables';
import type { ChangeEvent } from '../changes.ts';
import { attributedProjection } from '../documents/attributedProjection.ts';
import { compareLogOrder } from '../documents/logOrder.ts';
import { foldChains, linkNodeChains } from '../link-node/projection.ts';
import { type Projection, settledInOrder } from '../runtime/projection.ts';
import { foldReadingWhole, likelyReadEvery } from './batchFold.ts';
import { loadPledgeContext, loadPledges, loadState, namedByBatch, stepsByDocument } from './batchLoads.ts';
import { writeFoldedBatch } from './batchWrites.ts';
import { byKey } from './keyOrder.ts';
import { pledgeDocumentTypes } from './pledges.ts';
import { piecesOf } from './rules.ts';

/**
 * Pairings cross enterprises, so two batches of two enterprises sharing a bill must not both
 * miss the other's financing: every batch of this projection takes this scope as well as its
 * enterprises' (processors/README.md "Collateral rules", scale-out).
 */
const pairingScope = 'collateral:pairings';

/**
 * The batch shell: link-node's own batch shell builds the chains in this projection's schema
 * (its tables, merges and writes), then the collateral rules fold over the link-node change
 * events of each document, in log order, on the state those chains need; what changed is written
 * with one statement per table. Link-node's change events stay here: only `collateral.reused`
 * is published. The steps: what the batch names (batchLoads.ts), its reads, the fold
 * (batchFold.ts) and the writes (batchWrites.ts).
 */
const collateralBatch: Projection = {
  declaration: collateralDeclaration,
  lockScopesOf: (event) => [...linkNodeChains.lockScopesOf(event), pairingScope],
  async applyBatch(db, schema, fetched) {
    // In log order across topics (received-at): a release or a crossing is decided on the state
    // the documents received before it left, as far as a batch can tell (processors/README.md
    // "Release and coverage alerts": order of reading). The chains and the collateral rules give
    // the same result in any order.
    const events = [...fetched].sort((a, b) => compareLogOrder(a.provenance, b.provenance));
    const linked = await foldChains(db, schema, events);
    // A stock report joins no chain (it is no trade document), and a document may change the stock
    // or an amount without changing a chain: the release and coverage rules still see it.
    if (linked.changes.length === 0 && !events.some((event) => pledgeDocumentTypes.has(event.type)))
      return { changes: [], superseded: linked.superseded };
    const stepsOf = stepsByDocument(linked.changes);
    const { statements, named, absorbed, financingKeys, purchaseNodes } = namedByBatch(
      events,
      linked.changes,
    );
    // The receipts the release and coverage rules may look at are loaded with every chain holding them.
    const pledges = await loadPledges(db, schema, events);
    const query = {
      named,
      pieceKeys: [
        ...new Set([
          ...statements.flatMap((s) => piecesOf(s).map((piece) => piece.key)),
          ...pledges.pieceKeys,
        ]),
      ].sort(byKey),
      financingKeys: [...financingKeys].sort(byKey),
      purchaseNodes: [...purchaseNodes].sort(byKey),
    };
    // Collateral's reads go before the chains are written (they read none of link-node's
    // tables); then Postgres writes the chains while the collateral rules are folded, instead of
    // the process waiting for one and Postgres for the other.
    const financed = await findFinancings(db, schema, {
      chainIds: named,
      financingKeys: query.financingKeys,
      purchaseNodes: query.purchaseNodes,
    });
    const whole = likelyReadEvery(linked.changes);
    const before = await loadState(db, schema, { ...query, whole: [...whole].sort(byKey) }, financed);
    const pledgeContext = await loadPledgeContext(
      db,
      schema,
      pledges,
      [...before.state.financings.values()],
      {
        enterprises: statements.map((statement) => statement.enterprise),
        purchaseNodes: query.purchaseNodes,
      },
    );
    const chainsWritten = linked.write();
    const collateralWritten = foldAndWrite(db, schema, {
      events,
      stepsOf,
      linked: linked.changes,
      named,
      absorbed,
      query,
      financed,
      whole,
      before,
      pledgeContext,
    });
    await settledInOrder([chainsWritten, collateralWritten]);
    return { changes: await collateralWritten, superseded: linked.superseded };
  },
};

/**
 * Folds the collateral rules over a batch (reloading chains it read whole: `foldReadingWhole`)
 * and writes what changed, one statement per table; answers the change events.
 */
async function foldAndWrite(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  batch: Parameters<typeof foldReadingWhole>[2] & Parameters<typeof writeFoldedBatch>[2],
): Promise<ChangeEvent[]> {
  const { loaded, folded } = await foldReadingWhole(db, schema, batch);
  if (!folded.changed) return [];
  return writeFoldedBatch(db, schema, batch, loaded.state, folded);
}

/** Documents reach it attributed, as they reach link-node (processors/README.md "Attribution"). */
export const collateralProjection = attributedProjection(collateralBatch);
