import { randomBytes } from 'node:crypto';
import { createLogger, type Logger } from '@tradelog/schemas';
import { createKafka, type KafkaOptions } from '@tradelog/schemas/kit/log/kafka';
import { type LogSnapshot, readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import type { Admin, IHeaders, KafkaMessage } from 'kafkajs';
import pg from 'pg';

/**
 * Helpers shared by the int and e2e suites (house style §6, §7): names unique per test, and
 * waiting on conditions rather than fixed sleeps.
 */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
}

export function testServices() {
  const need = (key: string) => {
    const value = process.env[key];
    if (!value)
      throw new Error(
        `${key} is not set; run tests through vitest so tests/harness/globalSetup.ts provides it`,
      );
    return value;
  };
  return {
    kafkaBrokers: need('KAFKA_BROKERS').split(','),
    schemaRegistryUrl: need('SCHEMA_REGISTRY_URL'),
    databaseUrl: need('DATABASE_URL'),
  };
}

export const quietLogger: Logger = createLogger({ service: 'test' }, { level: 'error' });

/** A quiet logger that keeps every warning (message and context), to assert what a component said. */
export function capturingLogger(): {
  logger: Logger;
  warnings: Record<string, unknown>[];
  infos: Record<string, unknown>[];
} {
  const warnings: Record<string, unknown>[] = [];
  const infos: Record<string, unknown>[] = [];
  const wrap = (logger: Logger): Logger => ({
    ...logger,
    warn: (message: string, context?: Record<string, unknown>) => {
      warnings.push({ message, ...context });
    },
    info: (message: string, context?: Record<string, unknown>) => {
      infos.push({ message, ...context });
    },
    scope: (context: Record<string, unknown>) => wrap(logger.scope(context)),
  });
  return { logger: wrap(quietLogger), warnings, infos };
}

/** The log's ids and ends over the test broker, as query-api's main reads them (freshness, pipeline). */
export const testLogSnapshot =
  (services: { kafkaBrokers: string[] }) =>
  (names: readonly string[]): Promise<LogSnapshot> =>
    readLogSnapshot({ brokers: services.kafkaBrokers, topics: names });

/** The operators' topic-offset reader over the test broker, as query-api's main builds it. */
export const testTopicOffsets =
  (services: { kafkaBrokers: string[] }) =>
  (names: string[]): ReturnType<typeof topicOffsets> =>
    topicOffsets({ brokers: services.kafkaBrokers, topics: names, logger: quietLogger });

/**
 * A Kafka admin on the test's brokers for one use (topics made, altered or dropped, records
 * deleted), disconnected after it whatever happens.
 */
export async function withKafkaAdmin<T>(
  options: Pick<KafkaOptions, 'brokers' | 'clientId' | 'security'> & { logger?: Logger },
  use: (admin: Admin) => Promise<T>,
): Promise<T> {
  const admin = createKafka({ ...options, logger: options.logger ?? quietLogger }).admin();
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Runs one named step of a long set-up, saying on stderr every `noticeMs` while it is still
 * running: a hook that times out then names the step it was waiting on (vitest prints a
 * failed hook's stderr).
 */
export async function step<T>(name: string, work: () => Promise<T>, noticeMs = 15_000): Promise<T> {
  const started = Date.now();
  const notice = setInterval(
    () => process.stderr.write(`still in "${name}" after ${Math.round((Date.now() - started) / 1000)} s\n`),
    noticeMs,
  );
  try {
    return await work();
  } finally {
    clearInterval(notice);
  }
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
  throw new Error(
    `timed out waiting for ${options.what ?? 'condition'}${lastError ? `: ${String(lastError)}` : ''}`,
  );
}

/** A Postgres schema of its own for one test file; dropped by the returned cleanup. */
export async function createTestSchema(databaseUrl: string, prefix = 'test') {
  const schema = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path="${schema}"`);
  return {
    schema,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

/**
 * A database of its own on the test server, for a suite that runs services as they run in
 * production (migrations into `public`, as `npm start` applies them); dropped by the returned
 * cleanup, sessions still connected to it ended.
 */
export async function createTestDatabase(databaseUrl: string, prefix = 'test') {
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface ReadRecord {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer | null;
  headers: IHeaders;
}

/** Reads a topic from the beginning until `count` records arrived (own throwaway group). */
export async function readRecords(
  brokers: string[],
  topic: string,
  count: number,
  timeoutMs = 30_000,
): Promise<ReadRecord[]> {
  const kafka = createKafka({ brokers, clientId: 'tradelog-test-reader', logger: quietLogger });
  const consumer = kafka.consumer({ groupId: uniqueName('reader') });
  const records: ReadRecord[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({
        topic: t,
        partition,
        message,
      }: {
        topic: string;
        partition: number;
        message: KafkaMessage;
      }) => {
        records.push({
          topic: t,
          partition,
          offset: message.offset,
          key: message.key?.toString() ?? null,
          value: message.value,
          headers: message.headers ?? {},
        });
      },
    });
    await waitFor(() => records.length >= count, { timeoutMs, what: `${count} records on ${topic}` });
    return records;
  } finally {
    await consumer.disconnect();
  }
}
