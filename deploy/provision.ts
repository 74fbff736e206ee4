/**
 * One-shot provision step (`npm run provision`; the Kubernetes and Compose `provision` job):
 * creates every topic of the log and registers every document schema, with credentials of its
 * own (PROVISION_KAFKA_SASL_*, PROVISION_SCHEMA_REGISTRY_*, each falling back to the services'
 * keys), so that services run with CREATE_TOPICS=false and REGISTER_SCHEMAS=false need neither
 * Kafka's create right nor the registry's write right (root README "Beyond one machine").
 * Idempotent: what exists is left as it is.
 */
import { createLogger, env } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/log/codec';
import { parseKafkaSecurity } from '@tradelog/schemas/log/kafkaSecurity';
import { logTopics, parseProvisioning } from '@tradelog/schemas/log/provisioning';
import { parseRegistryAuth } from '@tradelog/schemas/log/registryAuth';
import { ensureTopics } from '@tradelog/schemas/log/topics';
import { localStackDefaults } from '@tradelog/schemas/runtime/localStack';

const logger = createLogger({ service: 'provision' });
try {
  const source = process.env;
  const config = {
    brokers: env.hostPorts(source, 'KAFKA_BROKERS', localStackDefaults.kafkaBrokers),
    security: parseKafkaSecurity(source, { prefix: 'PROVISION_' }),
    registryUrl: env.url(source, 'SCHEMA_REGISTRY_URL', localStackDefaults.schemaRegistryUrl),
    registryAuth: parseRegistryAuth(source, 'PROVISION_'),
    changesTopic: env.text(source, 'CHANGES_TOPIC', 'tradelog.changes.v1'),
    partitions: parseProvisioning(source).topicPartitions,
  };
  const created = await ensureTopics({
    brokers: config.brokers,
    security: config.security,
    clientId: 'tradelog-provision',
    topics: logTopics({
      types: documentTypes,
      changesTopic: config.changesTopic,
      partitions: config.partitions,
    }),
    logger,
  });
  const codec = createRegistryCodec({ url: config.registryUrl, auth: config.registryAuth });
  for (const type of documentTypes) await codec.registerSchema(`${type.topic}-value`, type.schema);
  logger.info('log provisioned', { topicsCreated: created.length, schemas: documentTypes.length });
} catch (error) {
  logger.error('provisioning failed', { error: error as Error });
  process.exitCode = 1;
}
