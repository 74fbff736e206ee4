import type { DeadLetter } from '@tradelog/projections';
import type { IndexedDocumentRow } from '@tradelog/projections/document-index/tables';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import type {
  DocumentLookUp,
  ProjectionStatus,
  ShownDeadLetter,
  SubmittedDocument,
} from '@tradelog/schemas/queries/documents';

/**
 * Where one submitted document stands in each projection that reads its type (query-api README
 * "Partner tools"), pure: the caller reads the record's place in the log, the live versions'
 * checkpoints and the document's dead letters, and this decides.
 * - `dead-lettered`: the projection could not apply it (processors/README.md "Dead letters": an
 *   open or retrying letter of that projection for this record);
 * - `applied`: the projection's live version has checkpointed past the record;
 * - `pending`: not yet (the projection is behind, or has no live version yet);
 * - `log-replaced`: the live version's checkpoints are of another log (projections/src/logBinding.ts):
 *   whatever their offsets say, it applied nothing of this log (processors/README.md "When the
 *   log was replaced").
 */

export interface RecordPlace {
  topic: string;
  partition: number;
  offset: string;
}

export const shownDocument = (row: IndexedDocumentRow): SubmittedDocument => ({
  documentId: row.documentId,
  type: row.type,
  enterprise: row.enterprise,
  partnerId: row.partnerId,
  receivedAt: row.receivedAt,
});

/**
 * The looked-up document, its type and its place in the log: the index's row when it has one.
 * Not indexed: the document index itself could not apply it (or has not yet); its dead letter
 * (the first of `deadLetters`, which must then hold one) says where the record is and what it is.
 */
export function lookedUpDocument(
  documentId: string,
  indexed: IndexedDocumentRow | undefined,
  deadLetters: readonly DeadLetter[],
): { document: DocumentLookUp['document']; type: string; place: RecordPlace } {
  const first: DeadLetter | undefined = deadLetters[0];
  const place = indexed ?? { topic: first!.topic, partition: first!.partition, offset: first!.offset };
  const type = indexed?.type ?? first!.headers[headerNames.interfaceId] ?? '';
  const document = {
    ...(indexed
      ? shownDocument(indexed)
      : {
          documentId,
          type,
          enterprise: null,
          partnerId: first!.headers[headerNames.partnerId] ?? null,
          receivedAt: first!.headers[headerNames.receivedAt] ?? null,
        }),
    indexed: indexed !== undefined,
    topic: place.topic,
    partition: place.partition,
    offset: place.offset,
  };
  return { document, type, place };
}

export const shownDeadLetter = (letter: DeadLetter): ShownDeadLetter => ({
  id: letter.id,
  projection: letter.projection,
  errorCode: letter.errorCode,
  errorMessage: letter.errorMessage,
  state: letter.state,
  attempts: letter.attempts,
  failedAt: letter.failedAt.toISOString(),
  resolvedAt: letter.resolvedAt?.toISOString() ?? null,
});

export function projectionStatuses(input: {
  place: RecordPlace;
  /**
   * The projections reading the document's type, with their live version's consumer group (null:
   * none live) and whether its checkpoints are of another log.
   */
  readers: readonly { projection: string; consumerGroup: string | null; logReplaced: boolean }[];
  /** Next offsets keyed `group/topic/partition`. */
  nextOffsets: ReadonlyMap<string, string>;
  deadLetters: readonly DeadLetter[];
}): ProjectionStatus[] {
  const { place } = input;
  return input.readers.map(({ projection, consumerGroup, logReplaced }) => {
    if (logReplaced) return { projection, state: 'log-replaced' };
    const letter = input.deadLetters.find(
      (candidate) =>
        candidate.projection === projection &&
        candidate.topic === place.topic &&
        candidate.partition === place.partition &&
        candidate.offset === place.offset,
    );
    const withLetter = letter ? { deadLetter: shownDeadLetter(letter) } : {};
    if (letter && (letter.state === 'open' || letter.state === 'retrying'))
      return { projection, state: 'dead-lettered', ...withLetter };
    const next = consumerGroup
      ? input.nextOffsets.get(`${consumerGroup}/${place.topic}/${place.partition}`)
      : undefined;
    const applied = next !== undefined && BigInt(next) > BigInt(place.offset);
    return { projection, state: applied ? 'applied' : 'pending', ...withLetter };
  });
}

/** A page cursor: opaque to callers (base64url of received-at and document id). */
export const encodeCursor = (cursor: { receivedAt: string; documentId: string }): string =>
  Buffer.from(JSON.stringify([cursor.receivedAt, cursor.documentId])).toString('base64url');

export function decodeCursor(raw: string): { receivedAt: string; documentId: string } | null {
  try {
    const [receivedAt, documentId] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof receivedAt !== 'string' || Number.isNaN(Date.parse(receivedAt))) return null;
    if (typeof documentId !== 'string' || documentId.length > 64) return null;
    return { receivedAt, documentId };
  } catch {
    return null;
  }
}
