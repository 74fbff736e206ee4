import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { findLiveVersion } from '@tradelog/projections';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfacePath } from '../../ingest/src/intake/interfaces.ts';
import { waitFor } from '../harness/index.ts';
import { type KafkaProxy, startKafkaProxy } from '../harness/kafkaProxy.ts';
import { type ProductAsStarted, startProductAsNpmStart } from '../harness/productAsStarted.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { startTcpProxy, type TcpProxy } from '../harness/tcpProxy.ts';
import { type LoadOutcome, loadEnterprise, startPacedLoad } from './pacedLoad.ts';
import { type PrivateStack, startPrivateStack } from './privateStack.ts';

/**
 * The fault suite (tests/faults/README.md; README "Riding out faults"): the whole product as
 * `npm start` runs it, on a Kafka, registry and Postgres of its own, each reached through a
 * cuttable proxy; under a paced load through ingest, each fault in turn, then: every
 * acknowledged document in the document index exactly once, every projection's lag 0, every
 * change pushed, no process exited but the one killed on purpose.
 *
 * FAULTS_LONG=1: outages of 30 s (FAULTS_OUTAGE_MS) instead of a restart's own length and 5 s
 * partitions. FAULTS_RATE: documents per second (40). FAULTS_CLUSTER=1: a Kafka of three brokers,
 * the services given all three directly (no proxy, so no partition from Kafka), one of them
 * killed in the broker fault: nothing lost, and ingest refuses only while the dead broker's
 * partitions move to another leader.
 */
const long = process.env.FAULTS_LONG === '1';
const cluster = process.env.FAULTS_CLUSTER === '1';
const clusterOutageMs = Number(process.env.FAULTS_OUTAGE_MS ?? (long ? 30_000 : 15_000));
const outageMs = Number(process.env.FAULTS_OUTAGE_MS ?? (long ? 30_000 : 5_000));
const rate = Number(process.env.FAULTS_RATE ?? 40);

interface Receiver {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/changes`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Fault {
  name: string;
  /** Takes the dependency away; resolves once it is gone. */
  inject(): Promise<void>;
  /** Brings it back; resolves once it answers again (the moment recovery is measured from). */
  restore(): Promise<void>;
  /** Processes killed on purpose (their restart by npm start is expected). */
  kills?: number;
  /** How long the load runs with the dependency gone before `restore` begins (0). */
  downMs?: number;
}

interface Figures {
  fault: string;
  accepted: number;
  refused: number;
  failed: number;
  lost: number;
  duplicated: number;
  exited: number;
  unpushed: number;
  'accepting again (s)': number;
  'lags 0 (s)': number;
  /** From the fault's injection to the last refusal (0 without refusals). */
  'refusing for (s)': number;
  /** Accepted after the injection and before the restore began (a cluster's broker fault: the others carry on). */
  'accepted while down': number;
}

describe('the product rides out faults of its dependencies and of itself', () => {
  let stack: PrivateStack;
  const proxies: { kafka?: KafkaProxy; postgres?: TcpProxy; registry?: TcpProxy } = {};
  let product: ProductAsStarted;
  let receiver: Receiver;
  let pool: pg.Pool;
  const figures: Figures[] = [];
  let expectedExits = 0;

  beforeAll(async () => {
    const startedAt = Date.now();
    stack = await startPrivateStack({ kafkaBrokers: cluster ? 3 : 1 });
    const stackAt = Date.now();
    // A cluster's clients follow the leaders the metadata names: one proxy cannot stand for it.
    if (!cluster) proxies.kafka = await startKafkaProxy({ host: '127.0.0.1', port: stack.ports.kafka });
    proxies.postgres = await startTcpProxy({ host: '127.0.0.1', port: stack.ports.postgres });
    proxies.registry = await startTcpProxy({ host: '127.0.0.1', port: stack.ports.registry });
    // The product as npm start runs it, without the portal (tests/faults/README.md).
    product = await startProductAsNpmStart({
      dependencies: {
        kafkaBrokers: proxies.kafka?.address ?? stack.kafkaBrokers.join(','),
        schemaRegistryUrl: `http://${proxies.registry.address}/apis/ccompat/v7`,
        databaseUrl: `postgres://postgres@${proxies.postgres.address}/tradelog`,
      },
      services: ['ingest', 'query-api', 'processors'],
      env: {
        PUSH_CALLBACK_ALLOWLIST: '127.0.0.1/32',
        LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
        NODE_OPTIONS: `--disable-warning=TimeoutNegativeWarning ${process.env.NODE_OPTIONS ?? ''}`,
      },
      echo: process.env.FAULTS_VERBOSE === '1',
    });
    // Where the suite's own start goes (tests/faults/README.md "Duration").
    console.info(
      `private stack up in ${round(stackAt - startedAt)} s, npm start ready ${round(Date.now() - stackAt)} s later`,
    );
    // The suite's own reads go to Postgres directly: a partition is the product's, not ours.
    pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
    pool.on('error', () => {});
    receiver = await startReceiver();
    const subscribed = await fetch(`${product.urls['query-api']}/subscriptions/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${product.keys.lender}` },
      body: JSON.stringify({
        enterprise: loadEnterprise,
        projections: ['order-status'],
        callbackUrl: receiver.url,
      }),
    });
    expect(subscribed.status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    if (figures.length > 0) console.table(figures);
    await product?.stop();
    await receiver?.close();
    await pool?.end();
    for (const proxy of Object.values(proxies)) await proxy?.close();
    await stack?.stop();
  }, 120_000);

  const documentTopics = documentTypes.map((type) => type.topic);

  /** Runs the load through one fault and checks that nothing was lost, doubled or left unpushed. */
  async function rideOut(fault: Fault): Promise<void> {
    const load = startPacedLoad({
      ingestUrl: product.urls.ingest!,
      partnerKey: product.keys.partner,
      perSecond: rate,
      // Short: order numbers have a maximum length (the purchase schema).
      prefix: `F${figures.length}${Date.now().toString(36)}`,
    });
    let injectedAt = 0;
    let restoringAt = 0;
    let restoredAt = 0;
    let outcome: LoadOutcome;
    try {
      await waitFor(
        () => {
          if (load.outcome.failed.length > 0)
            throw new Error(`ingest answered ${String(load.outcome.failed[0]!.status)}`);
          return load.outcome.accepted.length >= rate;
        },
        { what: 'the load flowing', timeoutMs: 30_000 },
      );
      injectedAt = Date.now();
      await fault.inject();
      await sleep(fault.downMs ?? 0);
      restoringAt = Date.now();
      await fault.restore();
      restoredAt = Date.now();
      expectedExits += fault.kills ?? 0;
      // A second of acceptances after the dependency is back, then the load stops.
      await waitFor(() => load.outcome.accepted.filter((a) => a.at > restoredAt).length >= rate, {
        what: 'ingest accepting again',
        timeoutMs: 60_000,
      });
    } finally {
      outcome = await load.stop();
    }
    // Just after a broker returns, leaders move back to it (preferred leaders) and kafkajs' offset
    // read can fail once on a stale leader: asked again, as the product's own readers do.
    const ends = await waitFor(() => endOffsetsOf(stack.kafkaBrokers, documentTopics), {
      what: 'the end offsets of the document topics',
      timeoutMs: 30_000,
      intervalMs: 500,
    });
    await waitForProjectionsToApply(pool, ends, {
      timeoutMs: 120_000,
      // Each projection is held to the topics it reads.
      topicOf: (type) => documentTypes.find((t) => t.id === type)!.topic,
    });
    const lagsZeroAt = Date.now();
    const index = await documentIndexCounts(outcome);
    const unpushed = await waitFor(
      () => {
        const missing = outcome.accepted.filter(
          (a) => !receiver.bodies.some((body) => body.includes(`"${a.orderNo}"`)),
        );
        return missing.length === 0 ? missing : undefined;
      },
      { what: 'every change pushed', timeoutMs: 60_000 },
    ).catch(() =>
      outcome.accepted.filter((a) => !receiver.bodies.some((body) => body.includes(`"${a.orderNo}"`))),
    );
    const refusedAfter = outcome.refused.filter((r) => r.at >= restoredAt - 10_000);
    const lastRefusal = Math.max(0, ...refusedAfter.map((r) => r.at));
    const firstAccepted = outcome.accepted.find((a) => a.at > Math.max(restoredAt, lastRefusal));
    figures.push({
      fault: fault.name,
      accepted: outcome.accepted.length,
      refused: outcome.refused.length,
      failed: outcome.failed.length,
      lost: index.lost,
      duplicated: index.duplicated,
      exited: product.exits().length - expectedExits + (product.running() ? 0 : 1),
      unpushed: unpushed.length,
      'accepting again (s)':
        outcome.refused.length === 0 ? 0 : round(Math.max(0, (firstAccepted?.at ?? Date.now()) - restoredAt)),
      'lags 0 (s)': round(lagsZeroAt - restoredAt),
      'refusing for (s)': round(Math.max(0, ...outcome.refused.map((r) => r.at - injectedAt))),
      'accepted while down': outcome.accepted.filter((a) => a.at > injectedAt && a.at < restoringAt).length,
    });
    const row = figures.at(-1)!;
    // With a broker of three gone the other two carry on: refusals end (the dead broker's
    // partitions have new leaders) well before it is started again.
    if (fault.downMs)
      expect({ refusingFor: row['refusing for (s)'], acceptedWhileDown: row['accepted while down'] }).toEqual(
        {
          refusingFor: expect.toSatisfy((s: number) => s * 1000 < fault.downMs! - 2_000),
          acceptedWhileDown: expect.toSatisfy((n: number) => n > 0),
        },
      );
    expect({ ...row, failed: outcome.failed.slice(0, 3) }).toMatchObject({
      lost: 0,
      duplicated: 0,
      exited: 0,
      unpushed: 0,
      failed: [],
    });
  }

  async function documentIndexCounts(outcome: LoadOutcome) {
    const live = await findLiveVersion(pool, 'document-index');
    const ids = outcome.accepted.map((a) => a.documentId);
    const { rows } = await pool.query<{ document_id: string; n: number }>(
      `SELECT document_id, count(*)::int AS n FROM "${live!.schemaName}".documents
       WHERE document_id = ANY($1) GROUP BY document_id`,
      [ids],
    );
    return {
      lost: ids.length - rows.length,
      duplicated: rows.filter((row) => row.n > 1).length,
    };
  }

  const partition = (name: string, proxy: () => TcpProxy | KafkaProxy): Fault => ({
    name: `partition from ${name} (${outageMs / 1000} s)`,
    inject: async () => proxy().cut(),
    restore: async () => {
      await sleep(outageMs);
      proxy().open();
    },
  });

  const restartTimeout = 180_000 + outageMs * 2;

  it.runIf(cluster)('keeps every document topic in three copies, two of them in sync', async () => {
    const admin = new Kafka({ brokers: stack.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: documentTopics });
      expect(new Set(topics.flatMap((t) => t.partitions.map((p) => p.replicas.length)))).toEqual(
        new Set([3]),
      );
      const configs = await admin.describeConfigs({
        resources: documentTopics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
        includeSynonyms: false,
      });
      const minInsync = configs.resources.map(
        (r) => r.configEntries.find((e) => e.configName === 'min.insync.replicas')?.configValue,
      );
      expect(new Set(minInsync)).toEqual(new Set(['2']));
    } finally {
      await admin.disconnect();
    }
  });

  it('broker killed with -9 and started again', { timeout: restartTimeout }, async () => {
    await rideOut({
      name: cluster ? 'one broker of three kill -9, restart' : 'broker kill -9, restart',
      // The first broker: also the first address every service was given to start from.
      inject: () => stack.killKafka(0),
      // A cluster runs on two brokers for a while: ingest accepting again meanwhile is the point.
      downMs: cluster ? clusterOutageMs : 0,
      restore: async () => {
        if (long && !cluster) await sleep(outageMs);
        await stack.startKafka(0);
      },
    });
  });

  it('Postgres restarted', { timeout: restartTimeout }, async () => {
    await rideOut({
      name: 'Postgres restart',
      inject: () => stack.stopPostgres(),
      restore: async () => {
        if (long) await sleep(outageMs);
        await stack.startPostgres();
      },
    });
    // The registry keeps its schemas in this Postgres: its first read after the restart is
    // answered, not given a connection the restart closed (deploy/README.md "The schema
    // registry"). The services cache the schemas they use, so the load above does not show it.
    const read = await fetch(`http://127.0.0.1:${stack.ports.registry}/apis/ccompat/v7/subjects`, {
      signal: AbortSignal.timeout(5_000),
    });
    expect(read.status).toBe(200);
  });

  it('processors killed with -9', { timeout: restartTimeout }, async () => {
    await rideOut({
      name: 'processors kill -9',
      inject: async () => product.kill('processors', 'SIGKILL'),
      restore: async () => {},
      kills: 1,
    });
  });

  it.skipIf(cluster)('partition from Kafka', { timeout: restartTimeout }, async () => {
    await rideOut(partition('Kafka', () => proxies.kafka!));
  });

  it('partition from Postgres', { timeout: restartTimeout }, async () => {
    await rideOut(partition('Postgres', () => proxies.postgres!));
  });

  it('registry restarted', { timeout: restartTimeout }, async () => {
    await rideOut({
      name: 'registry restart',
      inject: () => stack.stopRegistry(),
      restore: async () => {
        if (long) await sleep(outageMs);
        await stack.startRegistry();
      },
    });
  });

  it('partition from the registry', { timeout: restartTimeout }, async () => {
    await rideOut(partition('registry', () => proxies.registry!));
  });

  it('ingest restarted while the registry is away answers 503 until it is back, then accepts', {
    timeout: restartTimeout,
  }, async () => {
    // Before a document is taken its schema must be registered (ingest/README.md "Starting while
    // a dependency is away"): the restarted ingest waits for the registry with its port open.
    const ingest = product.urls.ingest!;
    const purchase = async (entOrderNo: string) => {
      const type = documentTypes.find((t) => t.id === 'purchase')!;
      const response = await fetch(`${ingest}${interfacePath(type.path, 'tradelog')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${product.keys.partner}` },
        body: JSON.stringify({ ...examples.purchase, entOrderNo, customerCode: loadEnterprise }),
      });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.json(),
      };
    };
    const prefix = `S${Date.now().toString(36)}`;
    proxies.registry!.cut();
    try {
      product.kill('ingest', 'SIGKILL');
      expectedExits += 1;
      // npm start restarts it; alive (a liveness probe leaves it be), not ready, naming the registry.
      await waitFor(
        async () => {
          const health = await fetch(`${ingest}/health`).catch(() => undefined);
          if (!health?.ok) return false;
          const ready = await fetch(`${ingest}/ready`, { headers: { 'accept-language': 'en' } });
          const answer = (await ready.json()) as { code?: string; message?: string };
          return (
            ready.status === 503 &&
            answer.code === 'INGEST_STARTING' &&
            /REGISTRY_UNAVAILABLE/.test(answer.message ?? '')
          );
        },
        {
          what: 'the restarted ingest live and waiting for the registry',
          timeoutMs: 60_000,
          intervalMs: 200,
        },
      );
      expect(await purchase(`${prefix}-1`)).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { flag: 'failure', code: 'INGEST_STARTING', message: expect.stringMatching(/正在启动/) },
      });
    } finally {
      proxies.registry!.open();
    }
    await waitFor(async () => (await fetch(`${ingest}/ready`)).status === 200, {
      what: 'ingest ready once the registry is back',
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    const accepted = await purchase(`${prefix}-2`);
    expect(accepted, JSON.stringify(accepted.body)).toMatchObject({ status: 200, body: { flag: 'success' } });
    expect(product.exits().length).toBe(expectedExits);
  });
});

const round = (ms: number) => Math.round(ms / 100) / 10;
