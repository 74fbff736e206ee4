import { enterprisesNamedBy } from '@tradelog/schemas/documents/enterpriseFields';
import type { Document, DocumentEvent, DocumentTypeId } from './event.ts';
import { sha256 } from './event.ts';

/**
 * Builds document events for reducer tests: a topic per type and consecutive offsets, the way
 * the log would hand them out, so Given/When/Then tests read like the log. Like ingest, it stamps
 * the submitting account's grants on a document naming no enterprise: by default a platform-wide
 * partner's ('*'); `grants: null` for a record carrying none.
 */
export function documentLog(start = 0, defaults: { grants?: readonly string[] | null } = {}) {
  let offset = start;
  return (
    type: DocumentTypeId,
    document: Document,
    overrides: { offset?: number; receivedAt?: string; grants?: readonly string[] | null } = {},
  ): DocumentEvent => {
    const at = overrides.offset ?? offset++;
    const grants = overrides.grants !== undefined ? overrides.grants : (defaults.grants ?? ['*']);
    const stamped = grants !== null && enterprisesNamedBy(type, document).length === 0;
    return {
      ...(stamped ? { partnerGrants: grants } : {}),
      type,
      document,
      provenance: {
        documentId: `doc-${type}-${at}`,
        topic: `tradelog.doc.${type}.v1`,
        partition: 0,
        offset: String(at),
        partnerId: 'partner-1',
        receivedAt: overrides.receivedAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, at)).toISOString(),
        schemaId: 1,
        contentSha256: sha256(JSON.stringify(document)),
        recordKey: null,
      },
      // Like the log, trusts the document to be of its type; tests also feed partial ones.
    } as DocumentEvent;
  };
}

/**
 * Tallies linked one to the next by an order key (each shares its business order with one
 * neighbour and its inbound order with the other), none naming an enterprise: resolving either
 * end must release them all, however long the chain.
 */
export function linkedTallies(log: ReturnType<typeof documentLog>, length: number): DocumentEvent[] {
  return Array.from({ length }, (_, i) =>
    log('tally', {
      orderNo: `T${i}`,
      busiOrderNo: `B${Math.floor((i + 1) / 2)}`,
      inboundOrderNo: `I${Math.floor(i / 2)}`,
    }),
  );
}
