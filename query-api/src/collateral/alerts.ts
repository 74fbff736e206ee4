import type { OpenPairing } from '@tradelog/projections/collateral/queries';
import type { CollateralAlert } from '@tradelog/schemas/queries/collateral';

/**
 * The console's list of a lender's open alerts: pairings, both financings still open, that
 * involve an enterprise the caller is granted (operators: every one). The other side is named
 * only when the caller is granted its enterprise too. Pure: the read gives every pairing of the
 * caller's enterprises, the caller's grants decide which sides are named.
 */
export function alertsAnswer(
  pairings: readonly OpenPairing[],
  granted: (enterprise: string) => boolean,
): { alerts: CollateralAlert[] } {
  const side = (financing: { enterprise: string; financingNo: string }) =>
    granted(financing.enterprise)
      ? { customerCode: financing.enterprise, financingOrderNo: financing.financingNo }
      : null;
  return {
    alerts: pairings.map((pairing) => ({
      kind: pairing.kind,
      number: pairing.number,
      warehouse: pairing.warehouse,
      firstSeen: pairing.firstSeen,
      financings: [side(pairing.a), side(pairing.b)],
    })),
  };
}
