import type { Logger } from '@tradelog/schemas';
import type { DocumentType } from '@tradelog/schemas/documents/catalogue';
import type { RegistryCodec } from '@tradelog/schemas/log/codec';
import { ensureTopics } from '@tradelog/schemas/log/topics';

/**
 * Start-up work on the log, done before the first request is served: every document topic
 * exists (kept forever) and every document schema is registered under `<topic>-value`
 * (Confluent's topic-name strategy), so each record carries the id of the schema it was
 * validated with. `topicOf` lets tests give each file its own topics.
 */
export async function prepareLog(options: {
  brokers: string[];
  codec: Pick<RegistryCodec, 'registerSchema'>;
  types: readonly DocumentType[];
  topicOf?: (type: DocumentType) => string;
  logger: Logger;
}): Promise<Record<string, { topic: string; schemaId: number }>> {
  const started = Date.now();
  const topicOf = options.topicOf ?? ((type: DocumentType) => type.topic);
  await ensureTopics({
    brokers: options.brokers,
    logger: options.logger,
    topics: options.types.map((type) => ({ topic: topicOf(type), partitions: type.partitions })),
  });
  const prepared: Record<string, { topic: string; schemaId: number }> = {};
  for (const type of options.types) {
    const topic = topicOf(type);
    prepared[type.id] = {
      topic,
      schemaId: await options.codec.registerSchema(`${topic}-value`, type.schema),
    };
  }
  options.logger.info('log prepared', { topics: options.types.length, durationMs: Date.now() - started });
  return prepared;
}
