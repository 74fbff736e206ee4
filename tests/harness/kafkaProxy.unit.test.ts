import { describe, expect, it } from 'vitest';
import { rewriteMetadataResponse } from './kafkaProxy.ts';

/** Builds a Metadata response frame the way a broker does (classic and flexible versions). */
function metadataFrame(
  version: number,
  brokers: { nodeId: number; host: string; port: number; rack: string | null }[],
) {
  const parts: Buffer[] = [];
  const int32 = (value: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32BE(value);
    parts.push(buffer);
  };
  const flexible = version >= 9;
  const varint = (value: number) => {
    const bytes: number[] = [];
    while (value >= 0x80) {
      bytes.push((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    parts.push(Buffer.from([...bytes, value]));
  };
  const string = (value: string | null) => {
    const bytes = value === null ? Buffer.alloc(0) : Buffer.from(value);
    if (flexible) varint(value === null ? 0 : bytes.length + 1);
    else {
      const length = Buffer.alloc(2);
      length.writeInt16BE(value === null ? -1 : bytes.length);
      parts.push(length);
    }
    parts.push(bytes);
  };
  // One tagged field (tag 0, two bytes), so that skipping them is exercised.
  const taggedFields = () => parts.push(Buffer.from([1, 0, 2, 0xab, 0xcd]));
  int32(42); // correlation id
  if (flexible) taggedFields(); // response header v1
  if (version >= 3) int32(0); // throttle
  if (flexible) varint(brokers.length + 1);
  else int32(brokers.length);
  for (const broker of brokers) {
    int32(broker.nodeId);
    string(broker.host);
    int32(broker.port);
    if (version >= 1) string(broker.rack);
    if (flexible) taggedFields();
  }
  string('cluster-id');
  int32(1); // controller id
  parts.push(flexible ? Buffer.from([1, 0]) : Buffer.from([0, 0, 0, 0])); // topics: none (then tags)
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
}

describe('rewriteMetadataResponse', () => {
  it.each([0, 1, 6, 8, 9, 12, 13])(
    'points every broker at the proxy (v%i), keeping everything else',
    (version) => {
      const original = metadataFrame(version, [
        { nodeId: 1, host: 'kafka-1.internal', port: 9092, rack: 'a' },
        { nodeId: 2, host: '10.0.0.2', port: 19092, rack: null },
      ]);
      const expected = metadataFrame(version, [
        { nodeId: 1, host: '127.0.0.1', port: 40001, rack: 'a' },
        { nodeId: 2, host: '127.0.0.1', port: 40001, rack: null },
      ]);
      expect(rewriteMetadataResponse(original, version, '127.0.0.1', 40001).equals(expected)).toBe(true);
    },
  );

  it('points 200 brokers at the proxy (a count past one varint byte)', () => {
    const many = (host: string, port: number) =>
      Array.from({ length: 200 }, (_, nodeId) => ({ nodeId, host, port, rack: null }));
    const original = metadataFrame(12, many('broker.internal', 9092));
    const expected = metadataFrame(12, many('127.0.0.1', 40001));
    expect(rewriteMetadataResponse(original, 12, '127.0.0.1', 40001).equals(expected)).toBe(true);
  });

  it('refuses versions it does not know rather than corrupting them', () => {
    expect(() => rewriteMetadataResponse(metadataFrame(13, []), 14, '127.0.0.1', 1)).toThrow(/v14/);
  });
});
