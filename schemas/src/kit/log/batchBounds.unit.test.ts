import { describe, expect, it } from 'vitest';
import { fitsAlone, kafkaDefaultMaxMessageBytes, nextSendSize, recordBatchBytes } from './batchBounds.ts';

const record = (value: string, headers: Record<string, string> = {}) => ({
  topic: 'tradelog.doc.purchase.v1',
  key: 'K-1',
  value: Buffer.from(value),
  headers,
});

describe('batch bounds', () => {
  it('counts a record’s key, value and headers in UTF-8 bytes, with its framing at its largest', () => {
    const bare = recordBatchBytes(record(''));
    expect(recordBatchBytes(record('优'))).toBe(bare + 3);
    expect(recordBatchBytes(record('', { receivedAt: '2024' }))).toBe(bare + 10 + 'receivedAt'.length + 4);
  });

  it('takes records while they fit together, at most the count, and always the first', () => {
    const queue = (bytes: number[]) => bytes.map((b) => ({ bytes: b }));
    expect(nextSendSize(queue([400, 400, 400]), { maxRecords: 500, maxBytes: 1_000 })).toBe(2);
    expect(nextSendSize(queue([400, 400, 400]), { maxRecords: 1, maxBytes: 1_000_000 })).toBe(1);
    expect(nextSendSize(queue([2_000, 10]), { maxRecords: 500, maxBytes: 1_000 })).toBe(1);
    expect(nextSendSize(queue([]), { maxRecords: 500, maxBytes: 1_000 })).toBe(0);
  });

  it('lets a record of a document at ingest’s default body limit (1 MiB) alone fit Kafka’s default batch', () => {
    // The bytes a broker counts: a body of 1,047,000 bytes, its registry prefix and the headers ingest writes.
    const headers = Object.fromEntries(
      ['documentId', 'partnerId', 'receivedAt', 'contentSha256', 'interfaceId', 'schemaId', 'requestId'].map(
        (name) => [name, 'x'.repeat(64)],
      ),
    );
    const bytes = recordBatchBytes({ ...record(''), value: Buffer.alloc(1_047_000 + 5), headers });
    expect(fitsAlone(bytes, kafkaDefaultMaxMessageBytes)).toBe(true);
    expect(fitsAlone(bytes + 2_000, kafkaDefaultMaxMessageBytes)).toBe(false);
  });
});
