import type { DocumentType } from '../../documents/catalogue.ts';
import * as env from '../runtime/env.ts';
import type { Logger } from '../runtime/log.ts';
import type { KafkaSecurity } from './kafkaSecurity.ts';
import { ensureTopics, type TopicSpec } from './topics.ts';

/**
 * Who creates topics and registers schemas (root README "Beyond one machine"). By default each
 * service does what it needs at start-up, which needs Kafka's create-topic right and the
 * registry's write right. In production they can be switched off (CREATE_TOPICS=false,
 * REGISTER_SCHEMAS=false): the one-shot provision step (`npm run provision`, deploy/provision.ts)
 * does both with credentials of its own, and the services only check that the topics exist and
 * look the schema ids up, waiting at start-up until they do.
 */
export interface Provisioning {
  createTopics: boolean;
  registerSchemas: boolean;
  /** KAFKA_TOPIC_PARTITIONS: one count for every topic created; unset, the catalogue's. */
  topicPartitions: number | undefined;
}

export function parseProvisioning(source: env.Env): Readonly<Provisioning> {
  return Object.freeze({
    createTopics: env.flag(source, 'CREATE_TOPICS', true),
    registerSchemas: env.flag(source, 'REGISTER_SCHEMAS', true),
    topicPartitions:
      env.optionalText(source, 'KAFKA_TOPIC_PARTITIONS') === undefined
        ? undefined
        : env.integer(source, 'KAFKA_TOPIC_PARTITIONS', 0, { min: 1, max: 1000 }),
  });
}

/**
 * Every topic of the log, as it is created: one per document and feed type (the catalogue's
 * partitions: 3 per document, 6 per tracking feed) and the changes topic (6), or one count for
 * all. Only new topics get it: a record's partition is its key's hash modulo the count, so an
 * existing topic keeps the count it has.
 */
export function logTopics(options: {
  types: readonly DocumentType[];
  changesTopic?: string;
  partitions: number | undefined;
  topicOf?: (type: DocumentType) => string;
}): TopicSpec[] {
  const topicOf = options.topicOf ?? ((type: DocumentType) => type.topic);
  const specs = [
    ...options.types.map((type) => ({ topic: topicOf(type), partitions: type.partitions })),
    ...(options.changesTopic ? [{ topic: options.changesTopic, partitions: 6 }] : []),
  ];
  return specs.map((spec) =>
    options.partitions === undefined ? spec : { ...spec, partitions: options.partitions },
  );
}

/**
 * Makes every topic of a service exist, as its start-up does (`ensureTopics` with the service's
 * `logTopics` and its right to create them), whenever the running service finds one missing: a
 * log an operator replaced under it (`stack.sh reset`, a failover to another cluster) lacks them,
 * a producer's records for such a topic are refused and kafkajs cannot subscribe a consumer to it.
 * Called by the producer for a record whose topic is missing (`createMissingTopic`) and by each
 * consumer before it subscribes (`topicsReady`); the processors then report their projections
 * `log-replaced` until rebuilt from the new log (processors/README.md "When the log was
 * replaced"). Without the right to create topics (CREATE_TOPICS=false) it fails with
 * TOPICS_NOT_PROVISIONED until the provision step creates them. One check at a time for all of a
 * service's callers.
 */
export function ownTopicsEnsurer(options: {
  provisioning: Pick<Provisioning, 'createTopics'>;
  topics: readonly TopicSpec[];
  brokers: string[];
  security?: KafkaSecurity;
  logger: Logger;
}): () => Promise<void> {
  let checking: Promise<void> | undefined;
  return () => {
    checking ??= ensureTopics({
      brokers: options.brokers,
      security: options.security,
      topics: [...options.topics],
      create: options.provisioning.createTopics,
      logger: options.logger,
    })
      .then((created) => {
        if (created.length > 0)
          options.logger.warn('topics the log lacked were created again, as start-up creates them', {
            topics: created,
          });
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
}
