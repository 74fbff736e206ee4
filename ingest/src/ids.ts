import { randomFillSync } from 'node:crypto';
import { newDocumentId } from '@tradelog/schemas/kit/log/headers';

/**
 * Document and request ids (UUIDv7) for the hot path. Two ids per submission each asking the
 * OS for 16 random bytes showed up as the largest single cost in the benchmark's profile, so
 * random bytes are drawn from a pool refilled 4 KiB at a time (as crypto.randomUUID does).
 */
export function pooledRandom(poolSize = 4096): (size: number) => Buffer {
  const pool = Buffer.alloc(poolSize);
  let offset = poolSize;
  return (size) => {
    if (size > poolSize) return randomFillSync(Buffer.alloc(size));
    if (offset + size > poolSize) {
      randomFillSync(pool);
      offset = 0;
    }
    // A copy: newDocumentId writes the timestamp and version bits into the bytes it gets.
    const bytes = Buffer.from(pool.subarray(offset, offset + size));
    offset += size;
    return bytes;
  };
}

export function createIdGenerator(now: () => number = Date.now): () => string {
  const random = pooledRandom();
  return () => newDocumentId(now, random);
}
