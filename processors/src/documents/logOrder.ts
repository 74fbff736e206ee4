import type { Provenance } from './event.ts';

/**
 * Log order between two records (processors/README.md "Dead letters", "A retry never overwrites
 * newer state"). A projection row that replaces an entity by its latest document reflects one
 * record; any record that reaches the reducer later — an operator's retry of an old dead letter
 * above all — replaces it only if it is not older in this order.
 *
 * - Same topic and partition: by offset. The partition's order is the log's own; received-at
 *   comes from the clock of whichever ingest instance took the document and may disagree.
 * - Otherwise (several topics or partitions feed one entity): by received-at, then topic,
 *   partition and offset, so the answer is the same in every rebuild, whatever the interleaving.
 */
export type LogPlace = Pick<Provenance, 'topic' | 'partition' | 'offset' | 'receivedAt'>;

export function compareLogOrder(a: LogPlace, b: LogPlace): number {
  if (a.topic === b.topic && a.partition === b.partition) return compareOffsets(a.offset, b.offset);
  return (
    compareText(a.receivedAt, b.receivedAt) ||
    compareText(a.topic, b.topic) ||
    a.partition - b.partition ||
    compareOffsets(a.offset, b.offset)
  );
}

/**
 * Whether an incoming record is older in log order than the one a row reflects: then the row
 * keeps its newer state and the record is superseded there. A row that reflects no record (absent,
 * or a source the entity has not had yet) is never newer.
 */
export function olderThan(incoming: LogPlace, reflected: Partial<LogPlace> | undefined): boolean {
  if (!isPlace(reflected)) return false;
  return compareLogOrder(incoming, reflected) < 0;
}

/**
 * A place from a stored position (`topic/partition/offset`, documents/event.ts logPosition) and
 * received-at, for rows that keep only those. Topic names hold no `/` (Kafka allows letters,
 * digits, `.`, `_`, `-`), so the last two parts are partition and offset.
 */
export function placeOf(position: string, receivedAt: string): LogPlace | undefined {
  const parts = position.split('/');
  if (parts.length < 3) return undefined;
  const offset = parts.pop()!;
  const partition = Number(parts.pop());
  if (!/^\d+$/.test(offset) || !Number.isInteger(partition)) return undefined;
  return { topic: parts.join('/'), partition, offset, receivedAt };
}

function isPlace(place: Partial<LogPlace> | undefined): place is LogPlace {
  return (
    place !== undefined &&
    typeof place.topic === 'string' &&
    typeof place.partition === 'number' &&
    typeof place.offset === 'string' &&
    typeof place.receivedAt === 'string'
  );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareOffsets(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
