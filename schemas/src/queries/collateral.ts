/**
 * The collateral answers (query-api/README.md "Collateral exposure"): the exposure of one
 * financing (`POST /open/info/collateral/exposure`, the catalogue's `collateralExposure`) and the
 * lender's open alerts (`GET /open/info/collateral/alerts`). query-api builds them
 * (query-api/src/collateral/exposure.ts, router.ts) and the lender console draws them on the chain.
 * Another financing is named only when the caller is granted its enterprise.
 */

export type CollateralKind = 'billOfLading' | 'warehouseReceipt' | 'contract';

/** A document's provenance as a lender is shown it, as in the link-node answer (query-api names its partner). */
export type ShownProvenance = Record<
  'documentId' | 'documentType' | 'partnerId' | 'receivedAt' | 'topic' | 'partition' | 'offset',
  unknown
>;

/** A financing as an answer names it. */
export interface NamedFinancing {
  customerCode: string;
  financingOrderNo: string;
}

/** One piece of the financing's collateral, with the other open financings holding it. */
export interface ExposedPieceAnswer {
  kind: CollateralKind;
  number: string;
  warehouse: string | null;
  firstSeen: string;
  provenance: ShownProvenance;
  /** Every other open financing holding it, named or not. */
  otherFinancings: number;
  grantedFinancings: (NamedFinancing & { firstSeen: string; provenance: ShownProvenance })[];
  undisclosedFinancings: number;
}

// A type, not an interface: query-api's answer shapers take any record of members.
export type CollateralExposureAnswer = {
  financing: NamedFinancing & { open: boolean; firstSeen: string; provenance: ShownProvenance };
  collateral: ExposedPieceAnswer[];
  /**
   * The page of the pieces (query-api README "Collateral exposure"): `totalCount` pieces in all,
   * `reusedCount` of them held by another open financing too, whatever the page.
   */
  page: number;
  pageSize: number;
  totalCount: number;
  reusedCount: number;
};

/** An open alert: a piece two open financings hold, each side null where the caller is not granted it. */
export interface CollateralAlert {
  kind: CollateralKind;
  number: string;
  warehouse: string | null;
  firstSeen: string;
  financings: (NamedFinancing | null)[];
}
