import type { ExposedPiece, PortfolioFinancing } from '@tradelog/projections/collateral/queries';
import { type FinancingRow, financingKeyOf } from '@tradelog/projections/collateral/tables';
import { eventsInLogOrder, type RecordAsOf } from '../documents/asOf.ts';
import { emptyLinkNodeState, type LinkNode } from '../link-node/reducer.ts';
import { type ChainsAndCollateral, reduceCollateralDocument } from './reducer.ts';
import { emptyCollateralState } from './state.ts';

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
  pieces.sort(comparePieces);
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

/** A piece's place in the read's order: kind, warehouse (none first), number. */
const comparePieces = (
  a: { kind: string; warehouse: string | null; number: string },
  b: { kind: string; warehouse: string | null; number: string },
) =>
  compareText(a.kind, b.kind) ||
  (a.warehouse === b.warehouse
    ? 0
    : a.warehouse === null
      ? -1
      : b.warehouse === null
        ? 1
        : compareText(a.warehouse, b.warehouse)) ||
  compareText(a.number, b.number);

/**
 * What `findPortfolio` (projections/src/collateral/tables.ts) reads from the tables, read from the
 * state folded over the records of every chain holding a piece of the enterprises' financings
 * (query-api/README.md "Portfolio"): the financings open then, by enterprise and number, at most
 * `limit`, each with its purchases as their latest documents then stated them, the pieces its chain
 * held, its chain's three latest documents and whether another open financing held a piece of it.
 */
export function portfolioAsOf(
  records: readonly RecordAsOf[],
  query: { enterprises: readonly string[] | null; limit: number },
): PortfolioFinancing[] {
  const { links, collateral } = collateralStateOf(records);
  const isOpen = (key: string) => collateral.financings.get(key)?.open === true;
  const alerted = new Set<string>();
  for (const pairing of collateral.pairings.values()) {
    if (!isOpen(pairing.financingA) || !isOpen(pairing.financingB)) continue;
    alerted.add(pairing.financingA);
    alerted.add(pairing.financingB);
  }
  const nodesOfChain = new Map<string, LinkNode[]>();
  for (const node of links.nodes.values())
    nodesOfChain.set(node.chainId, [...(nodesOfChain.get(node.chainId) ?? []), node]);
  return [...collateral.financings.values()]
    .filter(
      (financing) =>
        financing.open && (query.enterprises === null || query.enterprises.includes(financing.enterprise)),
    )
    .sort((a, b) => compareText(a.enterprise, b.enterprise) || compareText(a.financingNo, b.financingNo))
    .slice(0, query.limit)
    .map((financing): PortfolioFinancing => {
      const purchases = Object.entries(financing.purchases).flatMap(([nodeId, final]) => {
        const node = links.nodes.get(nodeId);
        if (!node) return [];
        const fields = node.fields as Record<string, unknown>;
        return [
          {
            purchaseOrderNo: node.businessKey,
            purchaseAmount: fields.purchaseAmount ?? null,
            currency: fields.currency ?? null,
            orderStatus: fields.orderStatus ?? null,
            final,
          },
        ];
      });
      const pieces = [...(collateral.chains.get(financing.chainId)?.values() ?? [])]
        .map((piece) => ({
          kind: piece.kind,
          number: piece.number,
          warehouse: piece.warehouse,
          provenance: piece.provenance,
        }))
        .sort(comparePieces);
      const latestEvents = [...(nodesOfChain.get(financing.chainId) ?? [])]
        .sort(
          (a, b) =>
            compareText(b.provenance.receivedAt, a.provenance.receivedAt) || compareText(a.nodeId, b.nodeId),
        )
        .slice(0, 3)
        .map((node) => ({
          documentType: node.type,
          businessKey: node.businessKey,
          receivedAt: node.provenance.receivedAt,
        }));
      return {
        enterprise: financing.enterprise,
        financingNo: financing.financingNo,
        chainId: financing.chainId,
        firstSeen: financing.firstSeen,
        purchases: purchases.sort((a, b) => compareText(a.purchaseOrderNo, b.purchaseOrderNo)),
        pieces,
        latestEvents,
        alerted: alerted.has(financing.key),
      };
    });
}
