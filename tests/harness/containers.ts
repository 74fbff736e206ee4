import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { GenericContainer, Network, Wait } from 'testcontainers';
import { freePort } from './freePort.ts';
import type { ProvidedServices } from './services.ts';

/**
 * The same three services as the local stack, in containers, for machines with a Docker
 * engine. Images match deploy/compose.yaml.
 */
export async function startContainers(): Promise<ProvidedServices> {
  const network = await new Network().start();
  const postgres = await new PostgreSqlContainer('postgres:17-alpine')
    .withNetwork(network)
    .withNetworkAliases('postgres')
    .withDatabase('tradelog_test')
    .start();
  // The broker must advertise the port the host reaches it on, so choose it before start.
  const hostPort = await freePort();
  const kafka = await new GenericContainer('apache/kafka:4.1.1')
    .withNetwork(network)
    .withExposedPorts({ container: 9092, host: hostPort })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_LISTENERS: 'PLAINTEXT://0.0.0.0:9092,CONTROLLER://localhost:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${hostPort}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .start();
  const registry = await new GenericContainer('apicurio/apicurio-registry:3.3.3')
    .withNetwork(network)
    .withExposedPorts(8080)
    .withEnvironment({
      APICURIO_STORAGE_KIND: 'sql',
      APICURIO_STORAGE_SQL_KIND: 'postgresql',
      APICURIO_DATASOURCE_URL: 'jdbc:postgresql://postgres:5432/tradelog_test',
      APICURIO_DATASOURCE_USERNAME: postgres.getUsername(),
      APICURIO_DATASOURCE_PASSWORD: postgres.getPassword(),
    })
    .withWaitStrategy(Wait.forHttp('/apis/ccompat/v7/subjects', 8080))
    .start();
  return {
    source: 'testcontainers',
    kafkaBrokers: `localhost:${hostPort}`,
    schemaRegistryUrl: `http://${registry.getHost()}:${registry.getMappedPort(8080)}/apis/ccompat/v7`,
    databaseUrl: postgres.getConnectionUri(),
    stop: async () => {
      await registry.stop();
      await kafka.stop();
      await postgres.stop();
      await network.stop();
    },
  };
}
