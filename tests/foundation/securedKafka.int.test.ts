import { findLiveVersion } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { type KafkaSecurity, parseKafkaSecurity } from '@tradelog/schemas/log/kafkaSecurity';
import { createLogProducer } from '@tradelog/schemas/log/producer';
import { ensureTopics, topicOffsets } from '@tradelog/schemas/log/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecuredKafka, startSecuredKafka } from '../faults/privateStack.ts';
import { quietLogger, uniqueName, waitFor } from '../harness/index.ts';
import { startPipelineUnderTest } from '../harness/pipelineUnderTest.ts';
import { waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

/**
 * Kafka over TLS with SASL, configured the way an operator configures the services (root README
 * "Beyond one machine": KAFKA_TLS_CA_FILE, KAFKA_SASL_*), against a real broker's SASL_SSL
 * listener with a certificate made for this run: every mechanism appends and reads back, wrong
 * credentials and a plaintext client are refused, and a document goes through ingest and the
 * processors into Postgres on SCRAM-SHA-512 only.
 */
describe('Kafka over SASL_SSL', () => {
  let kafka: SecuredKafka;

  beforeAll(async () => {
    kafka = await startSecuredKafka();
  }, 180_000);
  afterAll(async () => {
    await kafka?.stop();
  }, 60_000);

  const securityOf = (mechanism: string, username: string, password: string): KafkaSecurity =>
    parseKafkaSecurity({
      KAFKA_TLS_CA_FILE: kafka.caFile,
      KAFKA_SASL_MECHANISM: mechanism,
      KAFKA_SASL_USERNAME: username,
      KAFKA_SASL_PASSWORD: password,
    });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])(
    'creates a topic, appends and reads offsets with %s',
    async (mechanism) => {
      const security = securityOf(mechanism, 'ingest', kafka.users.ingest!);
      const topic = uniqueName(`tradelog.test.secured.${mechanism}`);
      await ensureTopics({
        brokers: kafka.brokers,
        security,
        topics: [{ topic, partitions: 1 }],
        logger: quietLogger,
      });
      const producer = createLogProducer({
        brokers: kafka.brokers,
        security,
        clientId: 'secured-test',
        logger: quietLogger,
      });
      await producer.connect();
      try {
        await waitFor(() => producer.isReady(), {
          what: 'the producer to connect over SASL_SSL',
          timeoutMs: 20_000,
        });
        const appended = await producer.append({ topic, key: 'k', value: Buffer.from('{}'), headers: {} });
        expect(appended.offset).toBe('0');
      } finally {
        await producer.disconnect();
      }
      const offsets = await topicOffsets({
        brokers: kafka.brokers,
        security,
        topics: [topic],
        logger: quietLogger,
      });
      expect(offsets.get(topic)).toEqual([{ partition: 0, start: '0', end: '1' }]);
    },
  );

  it('refuses a wrong password and a client without TLS and SASL', async () => {
    const topics = [{ topic: uniqueName('tradelog.test.secured.refused'), partitions: 1 }];
    const wrong = securityOf('scram-sha-512', 'ingest', 'not-the-password');
    await expect(
      ensureTopics({ brokers: kafka.brokers, security: wrong, topics, logger: quietLogger }),
    ).rejects.toThrow(/SASL|[Aa]uthentication/);
    await expect(
      topicOffsets({ brokers: kafka.brokers, topics: topics.map((t) => t.topic), logger: quietLogger }),
    ).rejects.toMatchObject({ code: 'KAFKA_UNAVAILABLE' });
  });

  it('carries a document through ingest and the processors into Postgres on SCRAM-SHA-512', async () => {
    const security = securityOf('scram-sha-512', 'ingest', kafka.users.ingest!);
    const pipeline = await startPipelineUnderTest({
      prefix: 'secured',
      kafka: { brokers: kafka.brokers, security },
      projections: ['document-index'],
      keys: { partner: { kind: 'partner', enterprises: ['*'] } },
    });
    try {
      const path = pipeline.ingest.interfaces.find((intf) => intf.id === 'purchase')!.path;
      const response = await fetch(`${pipeline.ingest.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.partner}` },
        body: JSON.stringify(examples.purchase),
      });
      const body = (await response.json()) as { documentId?: string };
      expect(response.status, JSON.stringify(body)).toBe(200);
      const topic = pipeline.topicOf('purchase');
      // The harness reads offsets as the services do: over the same secured listener.
      const ends = await topicOffsets({
        brokers: kafka.brokers,
        security,
        topics: [topic],
        logger: quietLogger,
      });
      await waitForProjectionsToApply(pipeline.pool, ends, {
        projections: ['document-index'],
        topicOf: pipeline.topicOf,
      });
      const live = await findLiveVersion(pipeline.pool, 'document-index');
      const { rows } = await pipeline.pool.query(
        `SELECT count(*)::int AS n FROM "${live!.schemaName}".documents WHERE document_id = $1`,
        [body.documentId],
      );
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await pipeline.close();
    }
  });
});
