import type {
  ChangeEvent,
  ChangeEventOf,
  ChangeKind,
  ChangeSource,
} from '@tradelog/schemas/changes/contract';
import type { Provenance } from './documents/event.ts';
import { sha256 } from './documents/event.ts';

/** A visible change in a projection (the contract: schemas/src/changes/contract.ts). */
export type { ChangeEvent };

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

/** A change its projection publishes: the contract's types refuse a kind the source does not declare. */
export function changeEvent<Source extends ChangeSource>(
  projection: Source,
  kind: ChangeKind<Source>,
  enterprise: string,
  subject: string,
  provenance: Provenance,
  data: Readonly<Record<string, unknown>>,
): ChangeEventOf<Source> {
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
  /**
   * The event changed nothing because every row it would replace reflects a record newer in log
   * order (documents/logOrder.ts). The state is then the same object; an operator's retry of the
   * event's dead letter resolves as `superseded` (processors/README.md "Dead letters").
   */
  superseded?: true;
}
