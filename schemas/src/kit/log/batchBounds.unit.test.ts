import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  compressedBatchBytes,
  fitsAlone,
  kafkaDefaultMaxMessageBytes,
  nextSendSize,
  recordBatchBytes,
} from './batchBounds.ts';

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

  it('sends a record that fits only compressed alone, and stops the send before one', () => {
    const bounds = { maxRecords: 500, maxBytes: 1_000 };
    expect(nextSendSize([{ bytes: 900, compressed: true }, { bytes: 10 }], bounds)).toBe(1);
    expect(nextSendSize([{ bytes: 10 }, { bytes: 10 }, { bytes: 900, compressed: true }], bounds)).toBe(2);
  });

  it('counts a record compressed as gzip shrinks its value, and random bytes as no smaller', () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({
      containerNo: `MSKU${1_000_000 + i}`,
      status: 'GATE_IN',
    }));
    const json = record(JSON.stringify(items));
    expect(json.value.length).toBeGreaterThan(kafkaDefaultMaxMessageBytes);
    expect(fitsAlone(compressedBatchBytes(json), kafkaDefaultMaxMessageBytes)).toBe(true);
    const noise = { ...record(''), value: randomBytes(100_000) };
    expect(compressedBatchBytes(noise)).toBeGreaterThan(recordBatchBytes(noise));
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
