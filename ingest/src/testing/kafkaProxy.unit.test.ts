import { describe, expect, it } from 'vitest';
import { rewriteMetadataResponse } from './kafkaProxy.ts';

/** Builds a Metadata response frame the way a broker does (non-flexible versions). */
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
  const string = (value: string | null) => {
    const bytes = value === null ? Buffer.alloc(0) : Buffer.from(value);
    const length = Buffer.alloc(2);
    length.writeInt16BE(value === null ? -1 : bytes.length);
    parts.push(length, bytes);
  };
  int32(42); // correlation id
  if (version >= 3) int32(0); // throttle
  int32(brokers.length);
  for (const broker of brokers) {
    int32(broker.nodeId);
    string(broker.host);
    int32(broker.port);
    if (version >= 1) string(broker.rack);
  }
  string('cluster-id');
  int32(1); // controller id
  parts.push(Buffer.from([0, 0, 0, 0])); // topics: none
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
}

describe('rewriteMetadataResponse', () => {
  it.each([0, 1, 6, 8])('points every broker at the proxy (v%i), keeping everything else', (version) => {
    const original = metadataFrame(version, [
      { nodeId: 1, host: 'kafka-1.internal', port: 9092, rack: 'a' },
      { nodeId: 2, host: '10.0.0.2', port: 19092, rack: null },
    ]);
    const expected = metadataFrame(version, [
      { nodeId: 1, host: '127.0.0.1', port: 40001, rack: 'a' },
      { nodeId: 2, host: '127.0.0.1', port: 40001, rack: null },
    ]);
    expect(rewriteMetadataResponse(original, version, '127.0.0.1', 40001).equals(expected)).toBe(true);
  });

  it('refuses flexible versions rather than corrupting them', () => {
    expect(() => rewriteMetadataResponse(metadataFrame(8, []), 9, '127.0.0.1', 1)).toThrow(/flexible/);
  });
});
