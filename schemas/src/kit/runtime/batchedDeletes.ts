/**
 * Deletes in bounded statements until nothing is left (ingest's expired idempotency keys, push
 * history past its retention): `deleteBatch(limit)` deletes at most `limit` rows and answers how
 * many; it is called again while it comes back full, at most `maxBatches` times, so one round
 * keeps pace with any intake without one statement holding locks on millions of rows.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batch = 10_000,
  maxBatches = 100,
): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < maxBatches; round++) {
    const count = await deleteBatch(batch);
    deleted += count;
    if (count < batch) break;
  }
  return deleted;
}
