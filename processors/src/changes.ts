import type { Provenance } from './documents/event.ts';
import { sha256 } from './documents/event.ts';

/**
 * A visible change in a projection, published to the `changes` topic for the push service
 * (issue 4). The id is derived from the source record and what changed, never generated, so a
 * replay or a rebuild publishes the same ids again and the push side can drop duplicates.
 */
export interface ChangeEvent {
  eventId: string;
  projection: string;
  kind: string;
  enterprise: string;
  /** What the change is about, e.g. `purchase/PO1` or a chain id; also the record key. */
  subject: string;
  /** The source document's received-at time: when the change became true in the log. */
  occurredAt: string;
  source: { documentId: string; topic: string; partition: number; offset: string };
  data: Readonly<Record<string, unknown>>;
}

export function stableEventId(
  source: Pick<Provenance, 'topic' | 'partition' | 'offset'>,
  kind: string,
  subject: string,
): string {
  const hex = sha256(
    `${source.topic}\u0000${source.partition}\u0000${source.offset}\u0000${kind}\u0000${subject}`,
  );
  // Shaped like a UUID (version nibble 8, "custom", RFC 9562) so receivers can store it as one.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function changeEvent(
  projection: string,
  kind: string,
  enterprise: string,
  subject: string,
  provenance: Provenance,
  data: Readonly<Record<string, unknown>>,
): ChangeEvent {
  return {
    eventId: stableEventId(provenance, kind, subject),
    projection,
    kind,
    enterprise,
    subject,
    occurredAt: provenance.receivedAt,
    source: {
      documentId: provenance.documentId,
      topic: provenance.topic,
      partition: provenance.partition,
      offset: provenance.offset,
    },
    data,
  };
}

/** The reducer contract every projection follows: pure, `(state, event) → state + changes`. */
export interface Reduction<S> {
  state: S;
  changes: ChangeEvent[];
}
