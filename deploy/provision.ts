/**
 * One-shot provision step (`npm run provision`; the Kubernetes and Compose `provision` job):
 * creates every topic of the log and registers every document schema, with credentials of its
 * own (PROVISION_KAFKA_SASL_*, PROVISION_SCHEMA_REGISTRY_*, each falling back to the services'
 * keys), so that services run with CREATE_TOPICS=false and REGISTER_SCHEMAS=false need neither
 * Kafka's create right nor the registry's write right (root README "Beyond one machine").
 * Given the services' Kafka principals (INGEST_KAFKA_PRINCIPAL, PROCESSORS_KAFKA_PRINCIPAL,
 * QUERY_API_KAFKA_PRINCIPAL: all three or none), it also grants each exactly what it uses
 * (schemas/src/kit/log/acls.ts; deploy/README.md "Kafka: a principal per service").
 * Idempotent: what exists is left as it is.
 */
import { ConfigError, createLogger, env } from '@tradelog/schemas';
import { documentTypes, writerSchemaOf } from '@tradelog/schemas/documents/catalogue';
import { applyAcls, serviceAcls } from '@tradelog/schemas/kit/log/acls';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';
import { parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { logTopics, parseProvisioning } from '@tradelog/schemas/kit/log/provisioning';
import { parseRegistryAuth } from '@tradelog/schemas/kit/log/registryAuth';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import { localStackDefaults } from '@tradelog/schemas/kit/runtime/localStack';

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
    principals: {
      ingest: env.optionalText(source, 'INGEST_KAFKA_PRINCIPAL'),
      processors: env.optionalText(source, 'PROCESSORS_KAFKA_PRINCIPAL'),
      queryApi: env.optionalText(source, 'QUERY_API_KAFKA_PRINCIPAL'),
    },
  };
  const principalKeys = {
    ingest: 'INGEST_KAFKA_PRINCIPAL',
    processors: 'PROCESSORS_KAFKA_PRINCIPAL',
    queryApi: 'QUERY_API_KAFKA_PRINCIPAL',
  } as const;
  const named = Object.values(config.principals).filter((p) => p !== undefined).length;
  if (named > 0 && named < 3) {
    const missing = (Object.keys(principalKeys) as (keyof typeof principalKeys)[]).find(
      (service) => config.principals[service] === undefined,
    )!;
    throw new ConfigError(
      principalKeys[missing],
      'is required when any service Kafka principal is set (all three or none)',
    );
  }
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
  if (named === 3) {
    const admin = createKafka({
      brokers: config.brokers,
      security: config.security,
      clientId: 'tradelog-provision',
      logger,
    }).admin();
    await admin.connect();
    try {
      await applyAcls(
        admin,
        serviceAcls({
          principals: config.principals as { ingest: string; processors: string; queryApi: string },
          appendTopics: documentTypes.map((type) => type.topic),
          changesTopic: config.changesTopic,
        }),
      );
    } finally {
      await admin.disconnect();
    }
    logger.info('service ACLs granted', { principals: config.principals });
  }
  const codec = createRegistryCodec({ url: config.registryUrl, auth: config.registryAuth });
  for (const type of documentTypes) await codec.registerSchema(`${type.topic}-value`, writerSchemaOf(type));
  logger.info('log provisioned', { topicsCreated: created.length, schemas: documentTypes.length });
} catch (error) {
  logger.error('provisioning failed', { error: error as Error });
  process.exitCode = 1;
}
