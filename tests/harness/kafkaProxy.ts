import { startCuttableProxy } from './tcpProxy.ts';

/**
 * A cuttable proxy in front of a real Kafka broker, for outage tests. A plain TCP proxy is
 * not enough: a Kafka client only bootstraps through the address it is given and then
 * connects to the addresses the broker advertises in Metadata responses. This proxy rewrites
 * those addresses to itself, so every connection the client opens goes through it and cutting
 * it makes the broker unreachable for this client only (others sharing the broker are not
 * affected).
 *
 * It understands just enough of the protocol for that: request frames are read to remember
 * which correlation ids are Metadata requests (api key 3) and their version; the matching
 * response frames get their broker list rewritten, in the classic versions (0–8, which kafkajs
 * uses) and the flexible ones (9–13, which the log producer's client uses); a newer one fails
 * the connection loudly.
 */
export interface KafkaProxy {
  address: string;
  open(): void;
  cut(): void;
  close(): Promise<void>;
}

const METADATA = 3;

/** Splits a byte stream into Kafka frames (int32 size prefix). */
function framer(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const size = pending.readInt32BE(0);
      if (pending.length < 4 + size) break;
      onFrame(pending.subarray(0, 4 + size));
      pending = pending.subarray(4 + size);
    }
  };
}

/** Rewrites every broker's host and port in a Metadata response (v0–v13), returning a new frame. */
export function rewriteMetadataResponse(frame: Buffer, version: number, host: string, port: number): Buffer {
  if (version > 13) throw new Error(`Metadata v${version} is not known to the test proxy`);
  // v9 on are "flexible": compact (varint-length) arrays and strings, and tagged fields after the
  // response header and after each broker.
  const flexible = version >= 9;
  const reader = { frame, offset: 4 + 4 }; // size, correlation id
  if (flexible) skipTaggedFields(reader);
  if (version >= 3) reader.offset += 4; // throttle_time_ms
  const head = frame.subarray(4, reader.offset);
  const count = flexible ? readUnsignedVarint(reader) - 1 : readInt32(reader);
  const hostBytes = Buffer.from(host, 'utf8');
  const brokers: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const nodeId = readInt32(reader);
    skipString(reader, flexible); // host
    reader.offset += 4; // port
    const restStart = reader.offset;
    if (version >= 1) skipString(reader, flexible); // rack
    if (flexible) skipTaggedFields(reader);
    const entry = Buffer.concat([
      int32(nodeId),
      flexible ? unsignedVarint(hostBytes.length + 1) : int16(hostBytes.length),
      hostBytes,
      int32(port),
      frame.subarray(restStart, reader.offset), // rack and tagged fields as they were
    ]);
    brokers.push(entry);
  }
  const countBytes = flexible ? unsignedVarint(count + 1) : int32(count);
  const body = Buffer.concat([head, countBytes, ...brokers, frame.subarray(reader.offset)]);
  return Buffer.concat([int32(body.length), body]);
}

interface Reader {
  frame: Buffer;
  offset: number;
}

function readInt32(reader: Reader): number {
  const value = reader.frame.readInt32BE(reader.offset);
  reader.offset += 4;
  return value;
}

function readUnsignedVarint(reader: Reader): number {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = reader.frame[reader.offset++]!;
    value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return value >>> 0;
  }
}

/** A (nullable) string: int16 length (-1: null), or in flexible versions varint length + 1 (0: null). */
function skipString(reader: Reader, flexible: boolean): void {
  const length = flexible ? readUnsignedVarint(reader) - 1 : reader.frame.readInt16BE(reader.offset);
  if (!flexible) reader.offset += 2;
  reader.offset += Math.max(length, 0);
}

function skipTaggedFields(reader: Reader): void {
  const fields = readUnsignedVarint(reader);
  for (let i = 0; i < fields; i++) {
    readUnsignedVarint(reader); // tag
    const size = readUnsignedVarint(reader);
    reader.offset += size;
  }
}

const int16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeInt16BE(value, 0);
  return bytes;
};

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value, 0);
  return bytes;
};

function unsignedVarint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** A `host:port` bootstrap address as the proxy takes its upstream. */
export function brokerAddress(value: string): { host: string; port: number } {
  const [host, port] = value.split(':');
  return { host: host!, port: Number(port) };
}

export function startKafkaProxy(
  broker: { host: string; port: number },
  options: { open?: boolean } = {},
): Promise<KafkaProxy> {
  return startCuttableProxy(broker, options, (client, upstream, { drop, port }) => {
    const metadataVersions = new Map<number, number>();
    client.on(
      'data',
      framer((frame) => {
        // Request header: size, api key, api version, correlation id.
        if (frame.readInt16BE(4) === METADATA)
          metadataVersions.set(frame.readInt32BE(8), frame.readInt16BE(6));
        upstream.write(frame);
      }),
    );
    upstream.on(
      'data',
      framer((frame) => {
        const correlationId = frame.readInt32BE(4);
        const version = metadataVersions.get(correlationId);
        if (version === undefined) {
          client.write(frame);
          return;
        }
        metadataVersions.delete(correlationId);
        try {
          client.write(rewriteMetadataResponse(frame, version, '127.0.0.1', port));
        } catch {
          drop();
        }
      }),
    );
  });
}
