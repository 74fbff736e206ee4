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
 * response frames get their broker list rewritten. Only the non-flexible Metadata versions
 * (0–8, which kafkajs uses) are rewritten; a flexible one fails the connection loudly.
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

/** Rewrites every broker's host and port in a Metadata response (v0–v8), returning a new frame. */
export function rewriteMetadataResponse(frame: Buffer, version: number, host: string, port: number): Buffer {
  if (version > 8) throw new Error(`Metadata v${version} (flexible) is not supported by the test proxy`);
  let offset = 4 + 4; // size, correlation id
  if (version >= 3) offset += 4; // throttle_time_ms
  const head = frame.subarray(4, offset);
  const count = frame.readInt32BE(offset);
  offset += 4;
  const brokers: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const nodeId = frame.readInt32BE(offset);
    offset += 4;
    const hostLength = frame.readInt16BE(offset);
    offset += 2 + hostLength + 4; // host, port
    let rack: Buffer = Buffer.alloc(0);
    if (version >= 1) {
      const rackLength = frame.readInt16BE(offset);
      const end = offset + 2 + Math.max(rackLength, 0);
      rack = frame.subarray(offset, end);
      offset = end;
    }
    const hostBytes = Buffer.from(host, 'utf8');
    const entry = Buffer.alloc(4 + 2 + hostBytes.length + 4);
    entry.writeInt32BE(nodeId, 0);
    entry.writeInt16BE(hostBytes.length, 4);
    hostBytes.copy(entry, 6);
    entry.writeInt32BE(port, 6 + hostBytes.length);
    brokers.push(entry, rack);
  }
  const countBytes = Buffer.alloc(4);
  countBytes.writeInt32BE(count, 0);
  const body = Buffer.concat([head, countBytes, ...brokers, frame.subarray(offset)]);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length, 0);
  return Buffer.concat([size, body]);
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
