import { Kafka, type KafkaConfig, logLevel } from 'kafkajs';
import type { Logger } from '../runtime/log.ts';
import { type KafkaSecurity, kafkajsSecurity } from './kafkaSecurity.ts';

/**
 * The one place that constructs kafkajs clients. kafkajs is in maintenance mode; keeping it
 * behind this module (and producer.ts / topics.ts) means another client can replace it if
 * measurements ever say so (ARCHITECTURE "Real components").
 */
export interface KafkaOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  clientId: string;
  logger: Logger;
  /** Per-request timeout; a broker that does not answer within it counts as unavailable. */
  requestTimeoutMs?: number;
  retry?: KafkaConfig['retry'];
}

const levelNames: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export function createKafka(options: KafkaOptions): Kafka {
  const log = options.logger.scope({ component: 'kafkajs' });
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    ...kafkajsSecurity(options.security),
    connectionTimeout: 3000,
    requestTimeout: options.requestTimeoutMs ?? 10_000,
    retry: options.retry ?? { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }) => {
        const { message, timestamp: _timestamp, logger: _logger, ...context } = entry;
        // kafkajs logs every error answer of the broker ("Response Metadata(…)", "Response
        // ListOffsets(…)") and then retries it or throws it; what it throws reaches our code,
        // which logs it with its own context. At error level these were hundreds of lines while
        // a fresh broker elects its leaders. Likewise its consumer's "Crash: …" (a group
        // coordinator still loading on a fresh broker, say): our consumer reports the crash it
        // is handed, and whether it rebuilds itself (./consumer.ts).
        const reported =
          level === logLevel.ERROR && (message.startsWith('Response ') || message.startsWith('Crash: '));
        log[reported ? 'debug' : (levelNames[level] ?? 'info')](message, context);
      },
  });
}
