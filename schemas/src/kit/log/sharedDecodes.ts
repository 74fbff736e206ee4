export type Decoded = { schemaId: number; value: unknown };
export type Decode = (value: Buffer) => Promise<Decoded>;
/** A decode that may share its result with another reader of the same record (`place`). */
export type SharedDecode = (value: Buffer, place?: string) => Promise<Decoded>;

interface Kept {
  bytes: Buffer;
  decoded: Promise<Decoded>;
}

/**
 * One decode per record among the consumers of one process (processors/README.md "Less work per
 * document"). Each projection's consumer fetches the topics it reads, so a document read by five
 * projections was parsed and checked against its writer schema five times. A decode is a pure
 * function of the value's bytes (the wire format names the writer schema by id, and ids are
 * immutable), so the first one is kept under the record's place in the log (topic, partition,
 * offset) and handed to the next reader of that place whose value has the same bytes. Bytes that
 * differ (a replaced log, another cluster) are decoded anew: the place only finds, the bytes decide.
 *
 * What is kept is frozen, deeply: its readers share it, and a projection that changed it would
 * change what the next one reads. Bounded by the bytes of the values kept, oldest out first (the
 * live consumers read in step; one that lags decodes again). A failed decode is not kept: a
 * registry outage is retried by the batch, and an undecodable record fails each reader alike.
 */
export function sharingDecodes(decode: Decode, maxBytes: number): SharedDecode {
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  const forget = (place: string) => {
    const entry = kept.get(place);
    if (!entry) return;
    kept.delete(place);
    keptBytes -= entry.bytes.length;
  };
  return (value, place) => {
    if (place === undefined) return decode(value);
    const found = kept.get(place);
    if (found?.bytes.equals(value)) return found.decoded;
    forget(place);
    const decoded = decode(value).then((result) => {
      deepFreeze(result.value);
      return result;
    });
    // A copy: the value is a slice of the whole fetch's buffer, which it would keep alive.
    const entry: Kept = { bytes: Buffer.from(value), decoded };
    kept.set(place, entry);
    keptBytes += entry.bytes.length;
    decoded.catch(() => {
      if (kept.get(place) === entry) forget(place);
    });
    for (const [oldest] of kept) {
      if (keptBytes <= maxBytes) break;
      forget(oldest);
    }
    return decoded;
  };
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) deepFreeze(item);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
}
