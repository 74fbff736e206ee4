/**
 * Keys and rows in one order, everywhere a batch reads or writes them: concurrent writers taking
 * the same rows in the same order never deadlock (processors/README.md "Collateral rules"; the
 * architecture's "Batches, not records": rows written in key order).
 */
export const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
