import { TradelogError } from '@tradelog/schemas';
import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import {
  decodeDocumentHeaders,
  decodePartnerEnterprise,
  decodePartnerGrants,
} from '@tradelog/schemas/kit/log/headers';
import { type DocumentEvent, isDocumentTypeId } from './event.ts';

export type { LogRecord };

/**
 * Record → typed document event. The value is decoded with the schema it was written with (by
 * registry id), the headers give the provenance and the document type (the interface id). A
 * record that cannot be decoded fails with a non-retriable error and is dead-lettered; a
 * registry outage is retriable and stops the batch instead.
 */
export async function decodeDocumentRecord(
  codec: Pick<RegistryCodec, 'decode'>,
  record: LogRecord,
): Promise<DocumentEvent> {
  if (record.value === null) {
    throw new TradelogError('RECORD_EMPTY', 'record has no value (tombstone)', { retriable: false });
  }
  let headers: ReturnType<typeof decodeDocumentHeaders>;
  try {
    headers = decodeDocumentHeaders(record.headers);
  } catch (error) {
    throw new TradelogError('RECORD_HEADERS_INVALID', (error as Error).message, { retriable: false });
  }
  if (!isDocumentTypeId(headers.interfaceId)) {
    throw new TradelogError('RECORD_TYPE_UNKNOWN', `unknown document type "${headers.interfaceId}"`, {
      retriable: false,
    });
  }
  const partnerEnterprise = decodePartnerEnterprise(record.headers);
  const partnerGrants = decodePartnerGrants(record.headers);
  const { schemaId, value } = await codec.decode(record.value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TradelogError('RECORD_NOT_OBJECT', 'document is not a JSON object', { retriable: false });
  }
  // The one place a decoded document is taken to be of its type: ingest validated it against
  // that type's schema before appending it.
  return {
    type: headers.interfaceId,
    document: value as Record<string, unknown>,
    provenance: {
      documentId: headers.documentId,
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      partnerId: headers.partnerId,
      receivedAt: headers.receivedAt,
      schemaId,
      contentSha256: headers.contentSha256,
      recordKey: record.key?.toString() ?? null,
      ...(partnerEnterprise === undefined ? {} : { partnerEnterprise }),
    },
    ...(partnerGrants === undefined ? {} : { partnerGrants }),
  } as DocumentEvent;
}
