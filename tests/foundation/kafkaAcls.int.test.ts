import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { applyAcls, serviceAcls } from '@tradelog/schemas/kit/log/acls';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';
import { type KafkaSecurity, parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { createRecordReader } from '@tradelog/schemas/kit/log/records';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareLog } from '../../ingest/src/startup.ts';
import { type SecuredKafka, startSecuredKafka } from '../faults/privateStack.ts';
import { quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';

/**
 * A Kafka principal per service (deploy/README.md "Kafka: a principal per service"), on a private
 * broker that authorizes by ACL over SASL_SSL, with the bindings the provision step applies: only
 * ingest's principal appends to a document topic; the processors' reads it and appends change
 * events, and is refused a document; query-api's reads and is refused any append.
 */
describe('Kafka ACLs per service', () => {
  let kafka: SecuredKafka;
  const run = uniqueName('acl');
  const documentTopic = `tradelog.test.${run}.purchase`;
  const changesTopic = `tradelog.test.${run}.changes`;
  const securityOf = (user: string): KafkaSecurity =>
    parseKafkaSecurity({
      KAFKA_TLS_CA_FILE: kafka.caFile,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: user,
      KAFKA_SASL_PASSWORD: kafka.users[user]!,
    });

  beforeAll(async () => {
    kafka = await startSecuredKafka({ extraUsers: ['processors', 'query-api'], superUsers: ['provision'] });
    const provision = securityOf('provision');
    await ensureTopics({
      brokers: kafka.brokers,
      security: provision,
      topics: [
        { topic: documentTopic, partitions: 1 },
        { topic: changesTopic, partitions: 1 },
      ],
      logger: quietLogger,
    });
    const admin = createKafka({
      brokers: kafka.brokers,
      security: provision,
      clientId: run,
      logger: quietLogger,
    }).admin();
    await admin.connect();
    try {
      // New topics answer LEADER_NOT_AVAILABLE until elected; a refusal must be the ACL's alone.
      await waitFor(
        async () => {
          const { topics } = await admin.fetchTopicMetadata({ topics: [documentTopic, changesTopic] });
          return topics.every((t) => t.partitions.every((p) => p.leader >= 0));
        },
        { what: 'the topics to have leaders' },
      );
      await applyAcls(
        admin,
        serviceAcls({
          principals: { ingest: 'ingest', processors: 'processors', queryApi: 'query-api' },
          appendTopics: [documentTopic],
          changesTopic,
        }),
      );
    } finally {
      await admin.disconnect();
    }
  }, 180_000);
  afterAll(async () => {
    await kafka?.stop();
  }, 60_000);

  /** Appends with the services' producer; the offset the broker acknowledged. */
  const append = async (user: string, topic: string) => {
    const producer = createLogProducer({
      brokers: kafka.brokers,
      security: securityOf(user),
      clientId: `${run}-${user}`,
      logger: quietLogger,
      ackTimeoutMs: 5_000,
    });
    await producer.connect();
    try {
      await waitFor(() => producer.isReady(), { what: `${user}'s producer to connect`, timeoutMs: 20_000 });
      return (await producer.append({ topic, key: 'k', value: Buffer.from('{}'), headers: {} })).offset;
    } finally {
      await producer.disconnect();
    }
  };
  /** The broker's answer to an append by `user`, through a client that reports it as it is. */
  const refusal = async (user: string, topic: string) => {
    const producer = createKafka({
      brokers: kafka.brokers,
      security: securityOf(user),
      clientId: `${run}-${user}-probe`,
      logger: quietLogger,
      retry: { retries: 0 },
    }).producer();
    await producer.connect();
    try {
      await producer.send({ topic, messages: [{ key: 'k', value: '{}' }] });
      return 'accepted';
    } catch (error) {
      const { type, cause, name, message } = error as {
        type?: string;
        cause?: { type?: string };
        name: string;
        message: string;
      };
      return type ?? cause?.type ?? `${name}: ${message}`;
    } finally {
      await producer.disconnect();
    }
  };

  it("appends documents as ingest's principal only", async () => {
    expect(await append('ingest', documentTopic)).toBe('0');
    expect(await refusal('processors', documentTopic)).toBe('TOPIC_AUTHORIZATION_FAILED');
    expect(await refusal('query-api', documentTopic)).toBe('TOPIC_AUTHORIZATION_FAILED');
    // Nor may ingest write change events, or create a topic.
    expect(await refusal('ingest', changesTopic)).toBe('TOPIC_AUTHORIZATION_FAILED');
    await expect(
      ensureTopics({
        brokers: kafka.brokers,
        security: securityOf('ingest'),
        topics: [{ topic: `tradelog.test.${run}.other`, partitions: 1 }],
        logger: quietLogger,
      }),
    ).rejects.toThrow();
  });

  it('lets ingest start as it does with CREATE_TOPICS=false: its topics are found with its rights alone', async () => {
    const purchase = documentTypes.filter((type) => type.id === 'purchase');
    const codec = createRegistryCodec({ url: testServices().schemaRegistryUrl });
    const schemaId = await codec.registerSchema(`${documentTopic}-value`, purchase[0]!.schema);
    const prepared = await prepareLog({
      brokers: kafka.brokers,
      security: securityOf('ingest'),
      codec,
      types: purchase,
      topicOf: () => documentTopic,
      provisioning: { createTopics: false, registerSchemas: false, topicPartitions: undefined },
      logger: quietLogger,
    });
    expect(prepared.purchase).toEqual({ topic: documentTopic, schemaId });
  });

  it("lets the processors' principal read the log in its group and append change events", async () => {
    expect(await append('processors', changesTopic)).toBe('0');
    const consumer = createKafka({
      brokers: kafka.brokers,
      security: securityOf('processors'),
      clientId: `${run}-processors`,
      logger: quietLogger,
    }).consumer({ groupId: `tradelog.test.${run}.document-index.v1` });
    const seen: string[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topic: documentTopic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          seen.push(message.offset);
        },
      });
      await waitFor(() => seen.length > 0, {
        what: 'the processors to read the document',
        timeoutMs: 30_000,
      });
    } finally {
      await consumer.disconnect();
    }
    expect(seen[0]).toBe('0');
  });

  it("lets query-api's principal browse records", async () => {
    const reader = createRecordReader({
      brokers: kafka.brokers,
      security: securityOf('query-api'),
      clientId: run,
    });
    try {
      const page = await reader.read(documentTopic, 0, 0n, 10);
      expect(page.records.map((r) => r.offset)).toEqual(['0']);
    } finally {
      await reader.close();
    }
  });
});
