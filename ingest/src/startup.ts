import type { Logger } from '@tradelog/schemas';
import { type DocumentType, writerSchemaOf } from '@tradelog/schemas/documents/catalogue';
import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { logTopics, type Provisioning } from '@tradelog/schemas/kit/log/provisioning';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';

/**
 * Start-up work on the log, done before the first request is served: every document topic
 * exists (kept forever) and every document schema is registered under `<topic>-value`
 * (Confluent's topic-name strategy), so each record carries the id of the schema it was
 * validated with. `topicOf` lets tests give each file its own topics. With provisioning switched
 * off (schemas/src/kit/log/provisioning.ts) it only checks the topics and looks the ids up.
 */
export async function prepareLog(options: {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  codec: Pick<RegistryCodec, 'registerSchema' | 'findSchemaId'>;
  /** Everything on, catalogue partitions, when absent. */
  provisioning?: Provisioning;
  types: readonly DocumentType[];
  topicOf?: (type: DocumentType) => string;
  logger: Logger;
}): Promise<Record<string, { topic: string; schemaId: number }>> {
  const started = Date.now();
  const topicOf = options.topicOf ?? ((type: DocumentType) => type.topic);
  await ensureTopics({
    brokers: options.brokers,
    security: options.security,
    logger: options.logger,
    topics: logTopics({
      types: options.types,
      topicOf,
      partitions: options.provisioning?.topicPartitions,
    }),
    create: options.provisioning?.createTopics ?? true,
  });
  const schemaIdOf =
    (options.provisioning?.registerSchemas ?? true)
      ? options.codec.registerSchema
      : options.codec.findSchemaId;
  const prepared: Record<string, { topic: string; schemaId: number }> = {};
  for (const type of options.types) {
    const topic = topicOf(type);
    prepared[type.id] = {
      topic,
      schemaId: await schemaIdOf(`${topic}-value`, writerSchemaOf(type)),
    };
  }
  options.logger.info('log prepared', { topics: options.types.length, durationMs: Date.now() - started });
  return prepared;
}
