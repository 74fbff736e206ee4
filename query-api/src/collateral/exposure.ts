import type { ExposedPiece } from '@tradelog/projections/collateral/queries';
import type { FinancingRow } from '@tradelog/projections/collateral/tables';
import type { CollateralExposureAnswer, ShownProvenance } from '@tradelog/schemas/queries/collateral';

/**
 * The exposure answer for one caller (query-api README "Collateral exposure"): each piece of the
 * financing's collateral with the other open financings holding it — by number when the caller
 * is granted their enterprise, else only counted, so no other lender's or enterprise's identity
 * leaks. Pure: the read gives every holder, the caller's grants decide what is shown.
 */
export function exposureAnswer(
  read: { financing: FinancingRow; pieces: readonly ExposedPiece[]; total: number; reused: number },
  page: { page: number; pageSize: number },
  granted: (enterprise: string) => boolean,
): CollateralExposureAnswer {
  const { financing } = read;
  return {
    page: page.page,
    pageSize: page.pageSize,
    totalCount: read.total,
    reusedCount: read.reused,
    financing: {
      customerCode: financing.enterprise,
      financingOrderNo: financing.financingNo,
      open: financing.open,
      firstSeen: financing.firstSeen,
      provenance: shownProvenance(financing.provenance),
    },
    collateral: read.pieces.map((piece) => {
      const shown = piece.others.filter((other) => granted(other.enterprise));
      return {
        kind: piece.kind,
        number: piece.number,
        warehouse: piece.warehouse,
        firstSeen: piece.firstSeen,
        provenance: shownProvenance(piece.provenance),
        otherFinancings: piece.others.length,
        grantedFinancings: shown.map((other) => ({
          customerCode: other.enterprise,
          financingOrderNo: other.financingNo,
          firstSeen: other.firstSeen,
          provenance: shownProvenance(other.provenance),
        })),
        undisclosedFinancings: piece.others.length - shown.length,
      };
    }),
  };
}

/** What a document's provenance shows a lender, as the link-node answer does (partner named by respond.ts). */
function shownProvenance(provenance: Record<string, unknown>): ShownProvenance {
  const { documentId, documentType, partnerId, receivedAt, topic, partition, offset } = provenance;
  return { documentId, documentType, partnerId, receivedAt, topic, partition, offset };
}

/**
 * A page of an exposure folded as of a moment (every piece, at most the as-of cap's records'
 * worth): the same page and counts the live read answers (projections' `findExposure`).
 */
export function exposurePage(
  read: { financing: FinancingRow; pieces: readonly ExposedPiece[] },
  page: { limit: number; offset: number },
): { financing: FinancingRow; pieces: ExposedPiece[]; total: number; reused: number } {
  return {
    financing: read.financing,
    pieces: read.pieces.slice(page.offset, page.offset + page.limit),
    total: read.pieces.length,
    reused: read.pieces.filter((piece) => piece.others.length > 0).length,
  };
}
