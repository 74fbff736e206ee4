import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createRecordReader, type RecordReader } from '@tradelog/schemas/kit/log/records';
import type { OpenApiDocument } from '@tradelog/schemas/openapi/document';
import { operationKeys } from '@tradelog/schemas/openapi/document';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostmanCollection } from '../../deploy/demo/collection.ts';
import { releaseAlert } from '../../deploy/demo/dataset.ts';
import { collectionFileName, portfolioAlertsOf } from '../../deploy/demo/load.ts';
import { demoPlans } from '../../deploy/demo/plans.ts';
import { describeRun, runCollection } from '../../deploy/demo/runner.ts';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { pushSettings } from '../../processors/src/push/settings.ts';
import { createApp } from '../../query-api/src/app.ts';
import { queryApiRouters } from '../../query-api/src/routers.ts';
import { createTestPushWaits, type TestPushWaits } from '../../query-api/src/subscriptions/testPushWaits.ts';
import {
  createTestSchema,
  quietLogger,
  testLogSnapshot,
  testServices,
  testTopicOffsets,
  uniqueName,
} from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';

/**
 * `npm run demo` against real services (issue "first hour", Must show): ingest, the projections,
 * the push service and query-api run on the real Kafka, registry and Postgres (own topics,
 * schema and consumer groups); the demo CLI itself runs as a child process, loads the data set
 * through the interfaces, writes the Postman collection and runs it. Then the collection is run
 * again here: it holds one request per operation of both OpenAPI documents, and every request
 * answers with the status its example says and a body that matches its response schema.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

describe('npm run demo and its Postman collection', () => {
  const services = testServices();
  const changesTopic = uniqueName('demo-changes');
  const bossSchema = uniqueName('demoboss');
  const outDir = join(tmpdir(), uniqueName('tradelog-demo'));
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let projections: ProjectionsUnderTest;
  let push: PushService;
  let records: RecordReader;
  let testPushWaits: TestPushWaits | undefined;
  let queryApi: Server;
  let receiver: Server;
  let queryApiUrl = '';
  let callbackUrl = '';
  const pushes: string[] = [];
  /** The `type` of each change push's body. */
  const pushedTypes: string[] = [];

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'demo');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('demo'),
      logger: quietLogger,
    });
    const topics = documentTypes.map((type) => ingest.topicOf(type));
    projections = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf: (type) => ingest.topicOf(documentTypes.find((candidate) => candidate.id === type)!),
      logger: quietLogger,
      clientId: 'demo-processors',
      changesTopic,
    });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        pushes.push(req.url ?? '');
        try {
          pushedTypes.push(String(JSON.parse(Buffer.concat(chunks).toString('utf8')).type));
        } catch {
          pushedTypes.push('');
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tradelog`;
    const allowlist = parseAllowlist(['127.0.0.1/32']);
    push = createPushService({
      brokers: services.kafkaBrokers,
      pool,
      databaseUrl: db.databaseUrl,
      changesTopic,
      settings: pushSettings({
        consumerGroup: uniqueName('demo-push'),
        bossSchema,
        allowlist,
        requestPollMs: 200,
      }),
      logger: quietLogger,
    });
    await push.start();
    records = createRecordReader({ brokers: services.kafkaBrokers, clientId: uniqueName('demo-records') });
    testPushWaits = await createTestPushWaits({ connectionString: db.databaseUrl, logger: quietLogger });
    const app = createApp({
      logger: quietLogger,
      content: {
        pool,
        clock: { now: () => Date.now() },
        logger: quietLogger,
        product: 'tradelog',
        sendSms: async () => undefined,
      },
      routers: queryApiRouters({
        pool,
        namespace: db.schema,
        documentTopics: topics,
        changesTopic,
        topicOffsets: testTopicOffsets(services),
        logSnapshot: testLogSnapshot(services),
        callbackAllowlist: allowlist,
        // The operator's record browser, as query-api's main wires it from KAFKA_BROKERS and SCHEMA_REGISTRY_URL.
        records: { reader: records, codec: createRegistryCodec({ url: services.schemaRegistryUrl }) },
        // A test push waits for its attempt on Postgres' word, as query-api's main wires it.
        testPushWaits,
      }),
      ready: async () => (await pool.query('select 1')).rowCount === 1,
    });
    queryApi = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => queryApi.once('listening', resolve));
    queryApiUrl = `http://127.0.0.1:${(queryApi.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await push?.stop();
    await records?.close();
    await testPushWaits?.close();
    await projections?.stop();
    await ingest?.close();
    await new Promise((resolve) => queryApi?.close(resolve));
    await new Promise((resolve) => receiver?.close(resolve));
    await pool?.query(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
    await pool?.end();
    await db?.drop();
    await rm(outDir, { recursive: true, force: true });
  });

  it('loads the demo through the real interfaces, writes a collection covering every route, and every request answers as its example says', async () => {
    const { stdout } = await run(process.execPath, [join(root, 'deploy/demo/main.ts'), '--run'], {
      cwd: root,
      env: {
        ...process.env,
        INGEST_URL: ingest.url,
        QUERY_API_URL: queryApiUrl,
        DATABASE_URL: db.databaseUrl,
        DEMO_OUT_DIR: outDir,
        DEMO_CALLBACK_URL: callbackUrl,
        DEMO_TIMEOUT_MS: '90000',
        LOG_LEVEL: 'warn',
      },
      timeout: 170_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`npm run demo failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(stdout).toMatch(/Demo data loaded: \d+ documents/);
    expect(stdout).toMatch(/(\d+) of \1 requests answered as their examples say/);

    // The demo's change subscription was pushed to while the documents went in.
    expect(pushes.length).toBeGreaterThan(0);

    const collection = JSON.parse(
      await readFile(join(outDir, collectionFileName), 'utf8'),
    ) as PostmanCollection;
    expect(collection.info.schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    const variables = Object.fromEntries(collection.variable.map((entry) => [entry.key, entry.value]));
    expect(variables.lenderKey).toMatch(/\S{20,}/);
    expect(variables.deliveryId).toMatch(/^[0-9a-f-]{36}$/);

    // The release alert and the low-coverage financing (dataset.ts `releaseAlert`): listed in the
    // portfolio for the demo lender, and pushed to its alerts subscription.
    const financing = `${releaseAlert.enterprise.code}/${releaseAlert.financingOrderNo}`;
    const portfolio = await fetch(`${queryApiUrl}/open/portfolio`, {
      headers: { authorization: `Bearer ${variables.lenderKey}` },
    });
    expect(portfolio.status).toBe(200);
    expect(portfolioAlertsOf((await portfolio.json()) as Record<string, unknown>)).toEqual({
      released: [financing],
      low: [financing],
    });
    expect(pushedTypes.filter((type) => type === 'collateral.released')).toHaveLength(1);
    expect(pushedTypes).toContain('coverage.low');

    // One request per operation of both services' OpenAPI documents, as they serve them.
    const documents = {
      ingest: (await (await fetch(`${ingest.url}/openapi.json`)).json()) as OpenApiDocument,
      queryApi: (await (await fetch(`${queryApiUrl}/openapi.json`)).json()) as OpenApiDocument,
    };
    const requested = collection.item.flatMap((folder) =>
      folder.item.map(
        (item) => `${item['x-tradelog'].service} ${item['x-tradelog'].method} ${item['x-tradelog'].path}`,
      ),
    );
    const operations = (['ingest', 'queryApi'] as const).flatMap((service) =>
      operationKeys(documents[service]).map((key) => `${service} ${key}`),
    );
    expect([...requested].sort()).toEqual([...operations].sort());

    // Run again here: status as the example says, body as the response schema says.
    const results = await runCollection(collection, { documents });
    const failed = results.filter((result) => result.problems.length > 0);
    expect(failed, describeRun(failed)).toEqual([]);
    // Every answer but a success is one the demo plan explains (deploy/demo/plans.ts `why`): a
    // request the demo data cannot make succeed says so, and no other request may fail quietly.
    const plans = demoPlans({ hasDelivery: true, hasDeadLetter: variables.deadLetterId !== undefined });
    const refusals = results.filter((result) => result.status < 200 || result.status >= 300);
    expect(refusals.filter((result) => plans[result.operationId]?.why === undefined)).toEqual([]);
    // At most the plans that may refuse: two codes in the resend interval, registration, a
    // hand-over, a message without a session, the live version's drop, push on the same log, and
    // a rebuild or a dead letter the demo state may not allow.
    expect(refusals.length).toBeLessThanOrEqual(9);
  });
});
