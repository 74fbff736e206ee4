import { randomUUID } from 'node:crypto';
import type { Logger } from '@tradelog/schemas';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';

export interface ReadBack {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer | null;
  headers: Record<string, Buffer | string | (Buffer | string)[] | undefined>;
}

/**
 * Reads several topics from the beginning with one throwaway consumer group until `count`
 * records arrived (one group join instead of one per topic keeps the suite fast).
 */
export async function readTopics(options: {
  brokers: string[];
  topics: string[];
  count: number;
  logger: Logger;
  /** Stop once this holds rather than at `count` records. */
  until?: (records: readonly ReadBack[]) => boolean;
  timeoutMs?: number;
}): Promise<ReadBack[]> {
  const kafka = createKafka({
    brokers: options.brokers,
    clientId: 'ingest-test-reader',
    logger: options.logger,
  });
  const consumer = kafka.consumer({ groupId: `ingest-test-${randomUUID()}` });
  const records: ReadBack[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: options.topics, fromBeginning: true });
    let done: () => void = () => {};
    const enough = new Promise<void>((resolve) => {
      done = resolve;
    });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        records.push({
          topic,
          partition,
          offset: message.offset,
          key: message.key?.toString() ?? null,
          value: message.value,
          headers: message.headers ?? {},
        });
        if (options.until ? options.until(records) : records.length >= options.count) done();
      },
    });
    const timeoutMs = options.timeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      enough,
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`only ${records.length} of ${options.count} records within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    return records;
  } finally {
    await consumer.disconnect();
  }
}
