/**
 * Coalesces calls that arrive while batches are in flight into the next batch (as the log
 * producer does with records): one round trip to Postgres serves every submission that came in
 * meanwhile, so idempotency costs two statements per batch, not two per document. At most
 * `maxInFlight` batches run at once (their round trips overlap). `run` gets the items in
 * arrival order and answers one result per item, in the same order.
 */
export function createBatcher<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): (item: T) => Promise<R> {
  const maxBatch = options.maxBatch ?? 500;
  const maxInFlight = options.maxInFlight ?? 1;
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;
  const flush = async () => {
    if (inFlight >= maxInFlight || waiting.length === 0) return;
    inFlight++;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    try {
      const results = await run(batch.map((entry) => entry.item));
      for (const [index, entry] of batch.entries()) entry.resolve(results[index] as R);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      inFlight--;
      void flush();
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      void flush();
    });
}
