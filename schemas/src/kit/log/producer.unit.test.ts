import { randomBytes } from 'node:crypto';
import { MultipleErrors, NetworkError, ProtocolError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../runtime/log.ts';
import { partitionFor } from './keyPartition.ts';
import type { AppendRecord } from './pendingAppends.ts';
import { createLogProducer } from './producer.ts';
import type { LogClient } from './producerConnection.ts';

const topic = 'tradelog.test.v1';
const partitions = 3;

interface Sent {
  key: string;
  partition: number;
  /** The send's compression, when it had one. */
  compression?: string;
}

/**
 * A Kafka client that answers each send with the next step of a script: offsets per partition
 * for the partitions its leaders acknowledged, or an error carrying them as the client does.
 */
function scriptedClient(
  steps: ((sent: Sent[]) => Promise<{ topic: string; partition: number; offset: bigint }[]>)[],
) {
  const sends: Sent[][] = [];
  const state = { metadataFails: false, metadataCalls: 0, connects: 0 };
  const client = {
    initIdempotentProducer: async () => {
      state.connects++;
      return { producerId: 1n, producerEpoch: 0 };
    },
    metadata: async () => {
      state.metadataCalls++;
      if (state.metadataFails) throw new NetworkError('Cannot connect to any broker.');
      return { topics: new Map([[topic, { partitionsCount: partitions }]]) };
    },
    send: async ({
      messages,
      compression,
    }: {
      messages: { key: string; partition: number }[];
      compression?: string;
    }) => {
      const sent = messages.map(({ key, partition }) => ({
        key,
        partition,
        ...(compression === undefined ? {} : { compression }),
      }));
      sends.push(sent);
      const step = steps[Math.min(sends.length, steps.length) - 1]!;
      return { offsets: await step(sent) };
    },
    close: async () => undefined,
  };
  return { client: client as unknown as LogClient, sends, state };
}

/** Every partition of the send acknowledged, at offset 100 + partition. */
const acknowledgeAll = async (sent: Sent[]) =>
  [...new Set(sent.map((s) => s.partition))].map((partition) => ({
    topic,
    partition,
    offset: BigInt(100 + partition),
  }));

/** The leader of `lost` is gone: its records fail, the other leaders acknowledge. */
const leaderLost = (lost: number) => async (sent: Sent[]) => {
  const produced = (await acknowledgeAll(sent)).filter((o) => o.partition !== lost);
  throw Object.assign(
    new MultipleErrors('Producing messages failed.', [
      new MultipleErrors('produce failed 3 times.', [new NetworkError('Connection closed')]),
    ]),
    { produced: { offsets: produced } },
  );
};

const keyOn = (partition: number) => {
  for (let i = 0; ; i++) if (partitionFor(topic, `K-${i}`, partitions) === partition) return `K-${i}`;
};
const record = (key: string): AppendRecord => ({ topic, key, value: Buffer.from(key), headers: {} });

async function connected(client: LogClient, ackTimeoutMs = 5_000, maxBatchBytes?: number) {
  const producer = createLogProducer({
    brokers: ['kafka:9092'],
    clientId: 'test',
    logger: createLogger({ service: 'test' }, { write: () => undefined }),
    lingerMs: 1,
    ackTimeoutMs,
    ...(maxBatchBytes === undefined ? {} : { maxBatchBytes }),
    newClient: () => client,
  });
  await producer.connect();
  for (let i = 0; !producer.isReady(); i++) {
    if (i > 200) throw new Error('producer never ready');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return producer;
}

describe('log producer after a failed send', () => {
  it('answers the records other leaders acknowledged and sends only the rest again', async () => {
    const { client, sends } = scriptedClient([leaderLost(1), acknowledgeAll]);
    const producer = await connected(client);
    const [kept, moved] = await Promise.all([
      producer.append(record(keyOn(0))),
      producer.append(record(keyOn(1))),
    ]);
    expect(kept).toMatchObject({ partition: 0, offset: '100' });
    expect(moved).toMatchObject({ partition: 1, offset: '101' });
    expect(sends.map((sent) => sent.map((s) => s.partition))).toEqual([[0, 1], [1]]);
    expect(producer.isReady()).toBe(true);
  });

  it('refreshes metadata before the resend', async () => {
    const { client, state } = scriptedClient([leaderLost(2), acknowledgeAll]);
    const producer = await connected(client);
    await producer.append(record(keyOn(2)));
    // One read to place the record, one refresh after the failure.
    expect(state.metadataCalls).toBe(2);
  });

  it('answers 503 at the deadline when no leader acknowledged by then, and stays ready', async () => {
    const { client, sends } = scriptedClient([leaderLost(1)]);
    const producer = await connected(client, 300);
    const started = performance.now();
    await expect(producer.append(record(keyOn(1)))).rejects.toMatchObject({
      code: 'KAFKA_UNAVAILABLE',
      status: 503,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(sends.length).toBeGreaterThan(1);
    expect(producer.isReady()).toBe(true);
  });

  it('refuses at once what a resend cannot mend, and keeps the producer', async () => {
    const { client, sends } = scriptedClient([
      async () => {
        throw new ProtocolError('MESSAGE_TOO_LARGE');
      },
    ]);
    const producer = await connected(client);
    await expect(producer.append(record(keyOn(0)))).rejects.toMatchObject({ code: 'KAFKA_UNAVAILABLE' });
    expect(sends).toHaveLength(1);
    expect(producer.isReady()).toBe(true);
  });

  it('refuses at once and reconnects when no broker answers the refresh', async () => {
    const { client, state } = scriptedClient([
      async () => {
        state.metadataFails = true;
        throw new NetworkError('Connection closed');
      },
    ]);
    const producer = await connected(client);
    const started = performance.now();
    await expect(producer.append(record(keyOn(0)))).rejects.toMatchObject({ code: 'KAFKA_UNAVAILABLE' });
    expect(performance.now() - started).toBeLessThan(1_000);
    // The producer was replaced: a new client connected.
    expect(state.connects).toBe(2);
  });
});

describe('log producer: what one send carries', () => {
  const sized = (key: string, bytes: number): AppendRecord => ({
    topic,
    key,
    value: Buffer.alloc(bytes, 'x'),
    headers: { documentId: key },
  });

  it('given large records queued together, then they go in several sends, each within the brokers’ batch limit', async () => {
    const { client, sends } = scriptedClient([acknowledgeAll]);
    // Each record takes about 450 bytes of a batch: two fit in 1,000, three do not.
    const producer = await connected(client, 5_000, 1_000);
    const keys = [0, 1, 2, 3, 4].map((i) => `K-${i}`);
    const appended = await Promise.all(keys.map((key) => producer.append(sized(key, 400))));
    expect(appended).toHaveLength(5);
    expect(sends.map((sent) => sent.length)).toEqual([2, 2, 1]);
    expect(sends.flat().map((s) => s.key)).toEqual(keys);
  });

  it('given a record larger than a batch may be even compressed, then it is refused with 413 before anything is sent, and the producer goes on', async () => {
    const { client, sends } = scriptedClient([acknowledgeAll]);
    const producer = await connected(client, 5_000, 1_000);
    // Random bytes do not compress.
    const big = { ...sized('K-big', 0), value: randomBytes(1_000) };
    await expect(producer.append(big)).rejects.toMatchObject({
      code: 'DOCUMENT_TOO_LARGE_FOR_LOG',
      status: 413,
      retriable: false,
    });
    expect(sends).toHaveLength(0);
    await expect(producer.append(sized('K-small', 100))).resolves.toMatchObject({ topic });
  });

  it('given a record larger than a batch that fits compressed, then it goes alone in a gzip send, between the others in order', async () => {
    const { client, sends } = scriptedClient([acknowledgeAll]);
    // 20 kB of JSON-like text compress to well under 5 kB; 20 kB do not fit 5,000 bytes as they are.
    const producer = await connected(client, 5_000, 5_000);
    const json = (key: string) => ({
      ...sized(key, 0),
      value: Buffer.from(
        JSON.stringify(Array.from({ length: 600 }, (_, i) => ({ container: `C${i}`, event: 'GATE_IN' }))),
      ),
    });
    expect(json('K-1').value.length).toBeGreaterThan(20_000);
    const appended = await Promise.all([
      producer.append(sized('K-0', 100)),
      producer.append(json('K-1')),
      producer.append(sized('K-2', 100)),
      producer.append(sized('K-3', 100)),
    ]);
    expect(appended).toHaveLength(4);
    expect(sends.map((sent) => sent.map((s) => [s.key, s.compression ?? 'none']))).toEqual([
      [['K-0', 'none']],
      [['K-1', 'gzip']],
      [
        ['K-2', 'none'],
        ['K-3', 'none'],
      ],
    ]);
  });
});
