import type { ExposedPieceAnswer, ShownProvenance } from '@tradelog/schemas/queries/collateral';
import type { LaidNode } from './chainLayout.ts';

/**
 * Reused collateral on the lender console (query-api README "Collateral exposure"): the
 * exposure answer of a financing and the open alerts, as the console shows them. Pure.
 */

/** A piece as the chain draws it: the members of the contract's exposed piece it reads. */
export type ExposedPiece = Pick<ExposedPieceAnswer, 'kind' | 'number' | 'warehouse' | 'otherFinancings'> & {
  provenance?: Partial<Pick<ShownProvenance, 'documentId'>>;
};

/**
 * The chain's documents that brought a piece other financings also hold, each with those pieces:
 * a piece is drawn on the document it was first seen in (its provenance).
 */
export function reusedPiecesByNode(
  nodes: readonly LaidNode[],
  pieces: readonly ExposedPiece[],
): Map<string, ExposedPiece[]> {
  const marked = new Map<string, ExposedPiece[]>();
  for (const piece of pieces) {
    if (piece.otherFinancings === 0) continue;
    const node = nodes.find(
      (candidate) => candidate.document.provenance?.documentId === piece.provenance?.documentId,
    );
    if (node) marked.set(node.id, [...(marked.get(node.id) ?? []), piece]);
  }
  return marked;
}

/** A piece as one line: kind, warehouse of a receipt, number. */
export const pieceLabel = (piece: Pick<ExposedPiece, 'kind' | 'number' | 'warehouse'>) =>
  `${piece.kind} ${piece.warehouse ? `${piece.warehouse}/` : ''}${piece.number}`;
