import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findLiveVersion } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { type KafkaSecurity, parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { ensureTopics, topicOffsets } from '@tradelog/schemas/kit/log/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueryApiConfig } from '../../query-api/src/config.ts';
import { decodedValue, recordSourcesOf } from '../../query-api/src/operations/records.ts';
import { type SecuredKafka, startSecuredKafka } from '../faults/privateStack.ts';
import { quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
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

  it("lets the record browser read and decode over the services' TLS, SASL and registry credentials", async () => {
    const services = testServices();
    const topic = uniqueName('tradelog.test.secured.records');
    const security = securityOf('scram-sha-512', 'ingest', kafka.users.ingest!);
    await ensureTopics({
      brokers: kafka.brokers,
      security,
      topics: [{ topic, partitions: 1 }],
      logger: quietLogger,
    });
    const registry = createRegistryCodec({ url: services.schemaRegistryUrl });
    const schemaId = await registry.registerSchema(`${topic}-value`, {
      type: 'object',
      properties: { orderNo: { type: 'string' } },
    });
    const producer = createLogProducer({
      brokers: kafka.brokers,
      security,
      clientId: 'secured-records',
      logger: quietLogger,
    });
    await producer.connect();
    try {
      await waitFor(() => producer.isReady(), {
        what: 'the producer to connect over SASL_SSL',
        timeoutMs: 20_000,
      });
      await producer.append({
        topic,
        key: 'k',
        value: registry.encodeRaw(schemaId, Buffer.from('{"orderNo":"PO-1"}')),
        headers: {},
      });
    } finally {
      await producer.disconnect();
    }

    // The shared registry asks for no credentials: a proxy in front of it asks for basic ones.
    const credentials = `Basic ${Buffer.from(`browser:${kafka.users.provision}`).toString('base64')}`;
    const guarded = createServer(async (req, res) => {
      if (req.headers.authorization !== credentials) {
        res.writeHead(401).end();
        return;
      }
      const answer = await fetch(`${services.schemaRegistryUrl.replace(/\/$/, '')}${req.url}`);
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    const registryUrl = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
    const readers: { close(): Promise<void> }[] = [];
    try {
      // query-api's config, from the variables every service reads, as its main builds the browser.
      const configOf = (extra: Record<string, string>) =>
        parseQueryApiConfig({
          DATABASE_URL: 'postgres://db/tradelog',
          KAFKA_BROKERS: kafka.brokers.join(','),
          KAFKA_TLS_CA_FILE: kafka.caFile,
          KAFKA_SASL_MECHANISM: 'scram-sha-512',
          KAFKA_SASL_USERNAME: 'ingest',
          KAFKA_SASL_PASSWORD: kafka.users.ingest!,
          SCHEMA_REGISTRY_URL: registryUrl,
          ...extra,
        });
      const sourcesOf = (config: ReturnType<typeof parseQueryApiConfig>) => {
        const sources = recordSourcesOf(config);
        readers.push(sources.reader!);
        return sources;
      };
      const secured = sourcesOf(
        configOf({ SCHEMA_REGISTRY_USERNAME: 'browser', SCHEMA_REGISTRY_PASSWORD: kafka.users.provision! }),
      );
      const page = await secured.reader!.read(topic, 0, 0n, 10);
      expect(page.records.map((r) => r.offset)).toEqual(['0']);
      expect(await decodedValue(secured.codec, page.records[0]!.value)).toMatchObject({
        schemaId,
        value: { orderNo: 'PO-1' },
        error: null,
      });

      // Without the registry's credentials the value cannot be decoded; the registry refused.
      const anonymous = sourcesOf(configOf({}));
      await expect(decodedValue(anonymous.codec, page.records[0]!.value)).rejects.toMatchObject({
        status: 503,
      });
      // A browser without the services' SASL settings is refused by the broker.
      const plaintext = sourcesOf(
        parseQueryApiConfig({
          DATABASE_URL: 'postgres://db/tradelog',
          KAFKA_BROKERS: kafka.brokers.join(','),
        }),
      );
      await expect(plaintext.reader!.read(topic, 0, 0n, 10)).rejects.toMatchObject({
        code: 'KAFKA_UNAVAILABLE',
      });
    } finally {
      for (const reader of readers) await reader.close();
      guarded.close();
    }
  });
});
