import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';

/** Where a record lies in the log. */
export interface RecordPosition {
  topic: string;
  partition: number;
  offset: string;
}

/** A record value's decoder: the registry codec, or one shared by a process's consumers. */
export interface ValueDecoder {
  decode(value: Buffer, at?: RecordPosition): Promise<{ schemaId: number; value: unknown }>;
}

/**
 * Decodes shared by the live projections of one process. Each projection consumes the document
 * topics in a consumer group of its own, so every record reached the process once per projection
 * and was parsed and checked against its writer schema each time; live, they read within a batch
 * or two of each other. A decoded value is now kept for the next projection to ask for the same
 * position, and taken only when the bytes are the same: a replaced log may hold other bytes at a
 * position (processors/README.md "When the log was replaced"), and the value depends on
 * the bytes alone. Shared values are frozen, so no projection can change what another reads.
 *
 * Bounded: the last `bounds.entries` positions, and no more than `bounds.bytes` of values (a
 * document may be up to ingest's body limit, 1 MiB by default); a projection further behind
 * decodes for itself. Each kept position holds a copy of its bytes: a record's value is a slice of
 * its whole fetch response, which it would otherwise keep. A failed decode is not kept: each
 * projection meets the failure itself and dead-letters or retries the record as it always has.
 */
export function sharedValueDecodes(
  codec: Pick<RegistryCodec, 'decode'>,
  bounds: { entries: number; bytes: number } = { entries: 4096, bytes: 16 * 1024 * 1024 },
): ValueDecoder {
  const recent = new Map<string, { bytes: Buffer; decoded: Promise<{ schemaId: number; value: unknown }> }>();
  let keptBytes = 0;
  const forget = (position: string) => {
    const held = recent.get(position);
    if (held === undefined) return;
    recent.delete(position);
    keptBytes -= held.bytes.length;
  };
  return {
    decode(value, at) {
      if (at === undefined) return codec.decode(value);
      const position = `${at.topic}\u0000${at.partition}\u0000${at.offset}`;
      const held = recent.get(position);
      if (held?.bytes.equals(value)) return held.decoded;
      const decoded = codec
        .decode(value)
        .then(({ schemaId, value }) => ({ schemaId, value: deepFreeze(value) }));
      forget(position);
      recent.set(position, { bytes: Buffer.from(value), decoded });
      keptBytes += value.length;
      decoded.catch(() => {
        if (recent.get(position)?.decoded === decoded) forget(position);
      });
      while (recent.size > bounds.entries || keptBytes > bounds.bytes)
        forget(recent.keys().next().value as string);
      return decoded;
    },
  };
}

/** Pure: the value with every object and array in it frozen (a parsed document holds no cycles). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}
