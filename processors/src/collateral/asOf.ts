import {
  type ExposedPiece,
  type FinancingRow,
  financingKeyOf,
} from '@tradelog/projections/collateral/tables';
import { eventsInLogOrder, type RecordAsOf } from '../documents/asOf.ts';
import { emptyLinkNodeState } from '../link-node/reducer.ts';
import { type ChainsAndCollateral, emptyCollateralState, reduceCollateralDocument } from './reducer.ts';

/**
 * A financing's collateral exposure as it stood at a past moment (query-api/README.md "As of a
 * moment"): the projection's own step (link-node's reducer, then the collateral rules,
 * reduceCollateralDocument) folded from an empty state over the records of every chain that
 * holds one of the financing's pieces today, received by then. Pieces and links only accumulate,
 * so whatever held a piece then holds it now: those chains' earlier records are the whole story.
 */
export function collateralStateOf(records: readonly RecordAsOf[]): ChainsAndCollateral {
  let state: ChainsAndCollateral = { links: emptyLinkNodeState(), collateral: emptyCollateralState() };
  for (const event of eventsInLogOrder(records)) state = reduceCollateralDocument(state, event).state;
  return state;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What `findExposure` (projections/src/collateral/tables.ts) reads from the tables, read from the
 * folded state instead: each piece the financing's chain holds (by kind, warehouse, number) with
 * the other open financings whose chains hold it (by enterprise, number; first seen together when
 * the later of the two sightings). Null when the financing was not known yet. The integration
 * test holds both to the same answer for `asOf` = now.
 */
export function exposureAsOf(
  records: readonly RecordAsOf[],
  financing: { enterprise: string; financingNo: string },
): { financing: FinancingRow; pieces: ExposedPiece[] } | null {
  const { collateral } = collateralStateOf(records);
  const asked = collateral.financings.get(financingKeyOf(financing.enterprise, financing.financingNo));
  if (!asked) return null;
  const held = collateral.chains.get(asked.chainId) ?? new Map();
  const pieces = [...held.entries()].map(([pieceKey, piece]): ExposedPiece => {
    const others = [...collateral.financings.values()]
      .filter((other) => other.open && other.key !== asked.key)
      .flatMap((other) => {
        const holding = collateral.chains.get(other.chainId)?.get(pieceKey);
        if (!holding) return [];
        const firstSeen =
          compareText(other.firstSeen, holding.firstSeen) < 0 ? holding.firstSeen : other.firstSeen;
        return [
          {
            enterprise: other.enterprise,
            financingNo: other.financingNo,
            firstSeen,
            provenance: other.provenance,
          },
        ];
      })
      .sort((a, b) => compareText(a.enterprise, b.enterprise) || compareText(a.financingNo, b.financingNo));
    return {
      kind: piece.kind,
      number: piece.number,
      warehouse: piece.warehouse,
      firstSeen: piece.firstSeen,
      provenance: piece.provenance,
      others,
    };
  });
  pieces.sort(
    (a, b) =>
      compareText(a.kind, b.kind) ||
      (a.warehouse === b.warehouse
        ? 0
        : a.warehouse === null
          ? -1
          : b.warehouse === null
            ? 1
            : compareText(a.warehouse, b.warehouse)) ||
      compareText(a.number, b.number),
  );
  return {
    financing: {
      financingKey: asked.key,
      chainId: asked.chainId,
      enterprise: asked.enterprise,
      financingNo: asked.financingNo,
      purchases: { ...asked.purchases },
      open: asked.open,
      firstSeen: asked.firstSeen,
      provenance: asked.provenance,
    },
    pieces,
  };
}
