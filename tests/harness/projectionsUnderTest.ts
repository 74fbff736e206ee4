import type { ProjectionName } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { createRegistryCodec, type RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createLogProducer, type LogProducer } from '@tradelog/schemas/kit/log/producer';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import { projections } from '../../processors/src/projections.ts';
import type { TopicOf } from '../../processors/src/runtime/projection.ts';
import { superviseLiveProjection } from '../../processors/src/runtime/supervisor.ts';

/**
 * The projections running as processors' main runs them, for cross-service tests: each live
 * version supervised on the given document topics, optionally publishing change events to a
 * changes topic of the test's own.
 */
export interface ProjectionsUnderTest {
  codec: RegistryCodec;
  stop(): Promise<void>;
}

export async function startProjectionsUnderTest(options: {
  brokers: string[];
  /** TLS and SASL for every connection (a secured broker's test); plaintext when absent. */
  security?: KafkaSecurity;
  schemaRegistryUrl: string;
  pool: pg.Pool;
  namespace: string;
  /** Where the test keeps each document type's records. */
  topicOf: TopicOf;
  logger: Logger;
  clientId: string;
  only?: ProjectionName[];
  changesTopic?: string;
}): Promise<ProjectionsUnderTest> {
  const codec = createRegistryCodec({ url: options.schemaRegistryUrl });
  let changes: LogProducer | undefined;
  if (options.changesTopic) {
    await ensureTopics({
      brokers: options.brokers,
      security: options.security,
      topics: [{ topic: options.changesTopic, partitions: 2 }],
      logger: options.logger,
    });
    changes = createLogProducer({
      brokers: options.brokers,
      security: options.security,
      clientId: `${options.clientId}-changes`,
      logger: options.logger,
    });
    await changes.connect();
  }
  const names = options.only ?? (Object.keys(projections) as ProjectionName[]);
  const supervisors = names.map((name) =>
    superviseLiveProjection({
      brokers: options.brokers,
      security: options.security,
      pool: options.pool,
      codec,
      projection: projections[name],
      topicOf: options.topicOf,
      namespace: options.namespace,
      logger: options.logger,
      ...(changes && options.changesTopic
        ? { changes: { producer: changes, topic: options.changesTopic } }
        : {}),
    }),
  );
  for (const supervisor of supervisors) await supervisor.start();
  return {
    codec,
    async stop() {
      for (const supervisor of supervisors) await supervisor.stop();
      await changes?.disconnect();
    },
  };
}
