import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentTypes } from '../../documents/catalogue.ts';
import { encodeWireFormat, readWireFormat } from './codec.ts';
import {
  bodySha256,
  canonicalJson,
  canonicalJsonEqual,
  canonicalSha256,
  decodeDocumentHeaders,
  encodeDocumentHeaders,
  newDocumentId,
} from './headers.ts';
import { partitionFor } from './keyPartition.ts';
import { assignOffsets } from './pendingAppends.ts';
import { logTopics } from './provisioning.ts';
import { topicReplication } from './topics.ts';

describe('wire format', () => {
  it('frames the exact submitted bytes behind magic byte and schema id', () => {
    const json = Buffer.from('{"b":1, "a":2}');
    const framed = encodeWireFormat(258, json);
    expect([...framed.subarray(0, 5)]).toEqual([0, 0, 0, 1, 2]);
    expect(readWireFormat(framed)).toEqual({ schemaId: 258, json });
  });

  it('refuses values that are not in the wire format', () => {
    expect(() => readWireFormat(Buffer.from('{"a":1}'))).toThrow(/not in the schema-registry wire format/);
  });
});

describe('document headers', () => {
  it('round-trip through Kafka header encoding', () => {
    const headers = {
      documentId: newDocumentId(() => 1_700_000_000_000),
      partnerId: 'p-1',
      receivedAt: '2026-11-22T02:00:00.000Z',
      contentSha256: bodySha256(Buffer.from('{"a":1}')),
      interfaceId: 'pod',
      schemaId: 7,
      requestId: 'r-1',
    };
    const onTheWire = Object.fromEntries(
      Object.entries(encodeDocumentHeaders(headers)).map(([k, v]) => [k, Buffer.from(v)]),
    );
    expect(decodeDocumentHeaders(onTheWire)).toEqual(headers);
  });

  it('hashes documents independently of key order', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
    expect(canonicalSha256({ a: 1, b: 2 })).toBe(canonicalSha256({ b: 2, a: 1 }));
    expect(canonicalSha256({ a: 1 })).not.toBe(canonicalSha256({ a: '1' }));
  });

  it('hashes the record content as the bytes submitted, checkable by any sha256 tool', () => {
    const body = Buffer.from('{ "b": 2, "a": 1 }');
    expect(bodySha256(body)).toBe(createHash('sha256').update(body).digest('hex'));
    expect(bodySha256(body)).not.toBe(bodySha256(Buffer.from('{"a":1,"b":2}')));
  });

  it('writes canonical JSON as JSON.stringify writes the same value with its keys sorted', () => {
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
            )
          : value;
    const documents: unknown[] = [
      { z: 'quote " and \\ backslash', a: ['\u2028', { y: 1.5e-7, x: -0, w: true }], m: {} },
      { 日期: '2026-11-25', 金额: 12.5, items: [[], [null], [{ b: 1, a: 2 }]], skipped: undefined },
      [1, 'two', { three: 3 }],
      // Already in order at every level, and more field names than are remembered quoted.
      { a: 1, b: { c: [{ d: 1, e: 2 }] } },
      Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${5000 - i}`, i])),
      'just a string',
      42,
      null,
    ];
    for (const document of documents) expect(canonicalJson(document)).toBe(JSON.stringify(sorted(document)));
    // Integer-like keys come first in Object.keys order (and in any object rebuilt from sorted
    // entries), yet sort as strings: "10" before "9".
    expect(canonicalJson({ '9': 'nine', '10': 'ten', a: { c: 1, b: 2 } })).toBe(
      '{"10":"ten","9":"nine","a":{"b":2,"c":1}}',
    );
  });

  it('compares JSON values as their canonical JSON would', () => {
    const pairs: [unknown, unknown][] = [
      [
        { b: [1, { d: 1, c: 2 }], a: null },
        { a: null, b: [1, { c: 2, d: 1 }] },
      ],
      [{ a: 1 }, { a: '1' }],
      [{ a: 1, b: undefined }, { a: 1 }],
      [{ a: 1 }, { a: 1, b: 2 }],
      [
        { a: 1, b: 2 },
        { a: 1, c: 2 },
      ],
      [
        [1, 2],
        [2, 1],
      ],
      [[1], { 0: 1 }],
      [{ a: [] }, { a: {} }],
      [null, {}],
      ['x', 'x'],
      [{ a: { b: [{ c: 'x' }] } }, { a: { b: [{ c: 'y' }] } }],
    ];
    for (const [a, b] of pairs) {
      expect(canonicalJsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
      expect(canonicalJsonEqual(b, a)).toBe(canonicalJson(a) === canonicalJson(b));
    }
  });

  it('makes time-ordered UUIDv7 document ids', () => {
    const earlier = newDocumentId(() => 1_700_000_000_000);
    const later = newDocumentId(() => 1_700_000_000_001);
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('018bcfe5-6800');
  });
});

describe('producer placement', () => {
  it('places a key on the partition the Java client would choose', () => {
    // Stable for a key, and keys spread over every partition (kafkajs' Java-compatible murmur2).
    expect(partitionFor('t', 'PO20260001', 6)).toBe(partitionFor('t', 'PO20260001', 6));
    const spread = new Set(Array.from({ length: 60 }, (_, i) => partitionFor('t', `ORDER-${i}`, 6)));
    expect(spread.size).toBe(6);
  });

  it('assigns consecutive offsets per partition from the base offset', () => {
    const appended = assignOffsets(
      [
        { topic: 'a', partition: 0 },
        { topic: 'a', partition: 1 },
        { topic: 'a', partition: 0 },
        { topic: 'b', partition: 0 },
      ],
      [
        { topic: 'a', partition: 0, offset: 10n },
        { topic: 'a', partition: 1, offset: 3n },
        { topic: 'b', partition: 0, offset: 0n },
      ],
    );
    expect(appended.map((a) => a.offset)).toEqual(['10', '3', '11', '0']);
  });
});

describe('topic replication and partitions', () => {
  it('keeps three copies, two in sync, from three brokers on; as many as there are below', () => {
    expect(topicReplication(1)).toEqual({ replicationFactor: 1, minInsyncReplicas: 1 });
    expect(topicReplication(2)).toEqual({ replicationFactor: 2, minInsyncReplicas: 1 });
    expect(topicReplication(3)).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
    expect(topicReplication(7)).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
    expect(() => topicReplication(0)).toThrow(/at least one broker/);
  });

  it("creates the catalogue's partitions unless an operator chose one count for every topic", () => {
    const types = documentTypes.filter((t) => t.id === 'purchase' || t.id === 'expressTrace');
    expect(logTopics({ types, changesTopic: 'changes', partitions: undefined })).toEqual([
      { topic: types[0]!.topic, partitions: types[0]!.partitions },
      { topic: types[1]!.topic, partitions: 6 },
      { topic: 'changes', partitions: 6 },
    ]);
    expect(logTopics({ types, partitions: 12 }).map((spec) => spec.partitions)).toEqual([12, 12]);
  });
});
