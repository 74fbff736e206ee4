/**
 * A financing's purchases summed (rule 4 of pledges.ts; processors/README.md "Release and coverage
 * alerts", cost). In millionths, as a whole number: adding and taking back an amount as purchases
 * change is then exact and the sum does not depend on their order (an amount is rounded at its
 * sixth decimal place here, far below any currency's unit).
 */
export interface AmountTotal {
  purchases: number;
  /** Purchases stating no purchaseAmount: the sum is unknown while one does not. */
  unknown: number;
  millionths: bigint;
}

export const noAmounts: AmountTotal = { purchases: 0, unknown: 0, millionths: 0n };

/** A purchase of a financing, as `purchaseAmounts` keys it. */
export const purchaseIdOf = (financingKey: string, nodeId: string) => `${financingKey}\u0000${nodeId}`;

const millionthsOf = (amount: number) => BigInt(Math.round(amount * 1_000_000));

/** A total with one purchase's amount counted (`sign` 1) or taken back (-1). */
export function countAmount(total: AmountTotal, amount: number | null, sign: 1 | -1): AmountTotal {
  return {
    purchases: total.purchases + sign,
    unknown: total.unknown + (amount === null ? sign : 0),
    millionths: total.millionths + (amount === null ? 0n : BigInt(sign) * millionthsOf(amount)),
  };
}
