import { isProjectionName, type ProjectionName, projectionNames } from '@tradelog/projections';
import { ConfigError, env } from '@tradelog/schemas';
import { parseKafkaMaxMessageBytes } from '@tradelog/schemas/kit/log/batchBounds';
import { defaultMembership, type GroupMembership } from '@tradelog/schemas/kit/log/consumer';
import { type KafkaSecurity, parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { type Provisioning, parseProvisioning } from '@tradelog/schemas/kit/log/provisioning';
import { parseRegistryAuth, type RegistryAuth } from '@tradelog/schemas/kit/log/registryAuth';
import { type PushSettings, parsePushSettings } from './push/settings.ts';

/**
 * The processors' one config module (house style §8): the environment is read here, once.
 */
export interface ProcessorsConfig extends env.LogSettings {
  kafkaBrokers: string[];
  /** KAFKA_TLS*, KAFKA_SASL_* (schemas/src/kit/log/kafkaSecurity.ts). */
  kafkaSecurity: KafkaSecurity;
  /** KAFKA_MAX_MESSAGE_BYTES: the change events' producer cuts its sends to it (batchBounds.ts). */
  kafkaMaxMessageBytes: number;
  /** SCHEMA_REGISTRY_USERNAME and _PASSWORD, or SCHEMA_REGISTRY_TOKEN. */
  registryAuth: RegistryAuth | undefined;
  schemaRegistryUrl: string;
  databaseUrl: string;
  /** Which projections this process runs (PROJECTIONS, comma separated; all by default). */
  projections: ProjectionName[];
  /** Prefix of the version schemas, `<namespace>_<projection>_v<n>`, and of the consumer groups. */
  namespace: string;
  changesTopic: string;
  /**
   * Postgres connections of the main pool (PROCESSORS_POOL_MAX): by default 6 plus 2 per
   * projection run here (deploy/README.md "Connection budget").
   */
  poolMax: number;
  /** Whether this process creates topics, and with how many partitions (CREATE_TOPICS, KAFKA_TOPIC_PARTITIONS). */
  provisioning: Provisioning;
  /** How often the process looks for rebuilds an operator requested through the query API. */
  rebuildPollMs: number;
  /** The push processor and delivery worker (PUSH_* keys, src/push/settings.ts). */
  push: PushSettings;
  /** Where /health and /metrics are served (src/opsServer.ts); port 0 turns it off. */
  opsHost: string;
  opsPort: number;
  /** Every consumer group member's liveness (KAFKA_SESSION_TIMEOUT_MS, KAFKA_HEARTBEAT_INTERVAL_MS). */
  membership: GroupMembership;
}

export function parseProcessorsConfig(source: env.Env): Readonly<ProcessorsConfig> {
  const listed = env
    .text(source, 'PROJECTIONS', projectionNames.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of listed) {
    if (!isProjectionName(name))
      throw new ConfigError(
        'PROJECTIONS',
        `unknown projection "${name}"; known: ${projectionNames.join(', ')}`,
      );
  }
  const namespace = env.projectionNamespace(source);
  // The broker refuses sessions shorter than its group.min.session.timeout.ms (6 s by default).
  const sessionTimeoutMs = env.integer(
    source,
    'KAFKA_SESSION_TIMEOUT_MS',
    defaultMembership.sessionTimeoutMs,
    { min: 6_000 },
  );
  const heartbeatIntervalMs = env.integer(
    source,
    'KAFKA_HEARTBEAT_INTERVAL_MS',
    defaultMembership.heartbeatIntervalMs,
    { min: 100 },
  );
  if (heartbeatIntervalMs >= sessionTimeoutMs)
    throw new ConfigError(
      'KAFKA_HEARTBEAT_INTERVAL_MS',
      `must be below KAFKA_SESSION_TIMEOUT_MS (${sessionTimeoutMs}), got ${heartbeatIntervalMs}`,
    );
  return Object.freeze({
    kafkaBrokers: env.hostPorts(source, 'KAFKA_BROKERS', '127.0.0.1:9092'),
    kafkaSecurity: parseKafkaSecurity(source),
    kafkaMaxMessageBytes: parseKafkaMaxMessageBytes(source),
    registryAuth: parseRegistryAuth(source),
    schemaRegistryUrl: env.url(source, 'SCHEMA_REGISTRY_URL', 'http://127.0.0.1:8081/apis/ccompat/v7'),
    databaseUrl: env.url(source, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    projections: listed as ProjectionName[],
    namespace,
    changesTopic: env.text(source, 'CHANGES_TOPIC', 'tradelog.changes.v1'),
    provisioning: parseProvisioning(source),
    poolMax: env.integer(source, 'PROCESSORS_POOL_MAX', 6 + listed.length * 2, { min: 2 }),
    rebuildPollMs: env.integer(source, 'REBUILD_POLL_MS', 2000, { min: 100 }),
    opsHost: env.text(source, 'PROCESSORS_HOST', '0.0.0.0'),
    opsPort: env.port(source, 'PROCESSORS_PORT', 8083),
    ...env.logSettings(source),
    push: parsePushSettings(source),
    membership: Object.freeze({ sessionTimeoutMs, heartbeatIntervalMs }),
  });
}
