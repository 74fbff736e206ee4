import { documentTypes, writerSchemaOf } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';
import { logTopics } from '@tradelog/schemas/kit/log/provisioning';
import { ensureTopics, partitionCounts } from '@tradelog/schemas/kit/log/topics';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareLog } from '../../ingest/src/startup.ts';
import { quietLogger, testServices, uniqueName } from '../harness/index.ts';

/**
 * With CREATE_TOPICS=false and REGISTER_SCHEMAS=false a service creates and registers nothing:
 * it waits (a retriable error) until the provision step has done both, then finds the topics
 * and the very schema ids the step registered (deploy/README.md "Least privilege").
 */
describe('provisioning left to the provision step', () => {
  const services = testServices();
  const types = documentTypes.filter((type) => type.id === 'purchase' || type.id === 'expressTrace');
  const suffix = uniqueName('prov');
  const topicOf = (type: (typeof types)[number]) => `${type.topic}.${suffix}`;
  const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
  const readOnly = { createTopics: false, registerSchemas: false, topicPartitions: 4 };

  // The topics are the test's own: leave the shared broker's metadata as it was.
  afterAll(async () => {
    const admin = createKafka({
      brokers: services.kafkaBrokers,
      clientId: suffix,
      logger: quietLogger,
    }).admin();
    await admin.connect();
    await admin.deleteTopics({ topics: types.map(topicOf) }).catch(() => undefined);
    await admin.disconnect();
  });

  it('refuses to start before the step, and finds what the step made after it', async () => {
    const prepare = () =>
      prepareLog({
        brokers: services.kafkaBrokers,
        codec,
        types,
        topicOf,
        provisioning: readOnly,
        logger: quietLogger,
      });
    await expect(prepare()).rejects.toMatchObject({ code: 'TOPICS_NOT_PROVISIONED', retriable: true });

    // What deploy/provision.ts does, for these topics.
    const topics = logTopics({ types, topicOf, partitions: readOnly.topicPartitions });
    await ensureTopics({ brokers: services.kafkaBrokers, topics, logger: quietLogger });
    await expect(prepare()).rejects.toMatchObject({ code: 'SCHEMA_NOT_PROVISIONED', retriable: true });
    const registered = new Map<string, number>();
    for (const type of types)
      registered.set(type.id, await codec.registerSchema(`${topicOf(type)}-value`, writerSchemaOf(type)));

    const prepared = await prepare();
    for (const type of types)
      expect(prepared[type.id]).toEqual({ topic: topicOf(type), schemaId: registered.get(type.id) });
    const counts = await partitionCounts({
      brokers: services.kafkaBrokers,
      topics: types.map(topicOf),
      logger: quietLogger,
    });
    expect([...counts.values()]).toEqual([4, 4]);
  });
});
