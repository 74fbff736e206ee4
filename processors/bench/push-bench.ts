import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { pushPayload } from '@tradelog/projections/push/payloads';
import { signPush } from '@tradelog/projections/push/signature';
import { insertSubscription, newSubscriptionSecret } from '@tradelog/projections/push/subscriptions';
import { createLogger } from '@tradelog/schemas';
import { createLogProducer } from '@tradelog/schemas/kit/log/producer';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { createTestSchema, uniqueName } from '../../tests/harness/index.ts';
import { createPushService, startPushQueue } from '../src/push/service.ts';
import { pushSettings } from '../src/push/settings.ts';

/**
 * Push deliveries per second to a local receiver, next to the raw HTTP ceiling of the same
 * receiver measured in the same run. The receiver runs in a child process
 * (its own event loop) and answers 200 {"ok":true}. The ceiling is a bounded loop of concurrent
 * keep-alive POSTs with a delivery's body and headers. Needs the local stack:
 * `source <(bash deploy/local/stack.sh env)`, then
 * `node processors/bench/push-bench.ts` (BENCH_EVENTS=3000, BENCH_SUBSCRIPTIONS=20; `--json` for one
 * JSON line that CI can keep).
 */
if (process.argv[2] === 'receiver') {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
  // The receiver lives only as long as the bench that started it.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message) => {
    if (message === 'count') process.send?.({ count });
    if (message === 'stop') server.close(() => process.exit(0));
  });
} else {
  await bench();
}

async function bench() {
  const events = Number(process.env.BENCH_EVENTS ?? 3000);
  const subscriptionCount = Number(process.env.BENCH_SUBSCRIPTIONS ?? 20);
  const databaseUrl = process.env.DATABASE_URL;
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  if (!databaseUrl) throw new Error('DATABASE_URL is not set; source <(bash deploy/local/stack.sh env)');
  const logger = createLogger({ service: 'push-bench' }, { level: 'error' });

  const receiver = fork(fileURLToPath(import.meta.url), ['receiver'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const reply = <T>() =>
    new Promise<T>((resolve) => receiver.once('message', (message) => resolve(message as T)));
  const { port } = await reply<{ port: number }>();
  const step = (what: string) => process.env.BENCH_VERBOSE && console.error(`push-bench: ${what}`);
  step(`receiver on ${port}`);
  const counted = async () => {
    const answer = reply<{ count: number }>();
    receiver.send('count');
    return (await answer).count;
  };

  const db = await createTestSchema(databaseUrl, 'pushbench');
  await migrate(db.databaseUrl, { schema: db.schema, logger });
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 12 });
  const topic = uniqueName('bench_changes');
  const bossSchema = uniqueName('bench_boss');
  await ensureTopics({ brokers, topics: [{ topic, partitions: 6 }], logger });
  const settings = pushSettings({
    consumerGroup: uniqueName('bench_push'),
    bossSchema,
    allowlist: parseAllowlist(['127.0.0.1/32']),
    workerConcurrency: Number(process.env.BENCH_WORKERS ?? 4),
    workerBatch: Number(process.env.BENCH_BATCH ?? 100),
    subscriptionConcurrency: Number(process.env.BENCH_SUBSCRIPTION_CONCURRENCY ?? 50),
  });
  const service = createPushService({
    brokers,
    pool,
    databaseUrl: db.databaseUrl,
    changesTopic: topic,
    settings,
    logger,
  });

  const keyId = randomUUID();
  const enterprises = Array.from({ length: subscriptionCount }, (_, i) => `BENCH${i}`);
  await createApiKey(pool, {
    id: keyId,
    kind: 'lender',
    ownerId: 'bench',
    ownerName: 'bench',
    enterprises,
    keyPrefix: 'tlk_bench',
    keyHash: randomUUID(),
    createdAt: new Date(),
  });
  for (const enterprise of enterprises) {
    await insertSubscription(pool, {
      id: randomUUID(),
      family: 'changes',
      ownerKind: 'lender',
      ownerId: 'bench',
      keyId,
      callbackUrl: `http://127.0.0.1:${port}/hook?token=bench`,
      criteria: { enterprise, projections: ['order-status'] },
      matchKey: enterprise,
      projections: ['order-status'],
      secret: newSubscriptionSecret(),
      createdAt: new Date(),
    });
  }
  const changes = Array.from({ length: events }, (_, i) => ({
    eventId: randomUUID(),
    projection: 'order-status' as const,
    kind: 'order.status-changed' as const,
    enterprise: enterprises[i % enterprises.length]!,
    subject: `purchase/PO${i}`,
    occurredAt: new Date().toISOString(),
    source: { documentId: randomUUID(), topic: 'bench', partition: 0, offset: String(i) },
    data: { kind: 'purchase', orderNo: `PO${i}`, from: '10', to: '20' },
  }));
  // Published before the service starts, so the run measures matching + delivering, not Kafka appends.
  const producer = createLogProducer({ brokers, clientId: 'push-bench', logger });
  await producer.connect();
  while (!producer.isReady()) await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(
    changes.map((change) =>
      producer.append({
        topic,
        key: change.enterprise,
        value: Buffer.from(JSON.stringify(change)),
        headers: { 'tradelog-event-id': change.eventId },
      }),
    ),
  );
  await producer.disconnect();

  step('published');
  // pg-boss' schema and queue are installed before the clock starts, as the migrations are: a
  // deployed service finds both in place, and installing them is no part of pushing.
  const installer = new PgBoss({ connectionString: db.databaseUrl, schema: bossSchema, max: 1 });
  await startPushQueue(installer, settings);
  await installer.stop({ graceful: true });
  const before = await counted();
  const started = performance.now();
  await service.start();
  step('service started');
  // Progress from the service's own outcome counter (counted once the record statement moved the
  // delivery): watching it costs the database nothing, unlike a count over push_deliveries while
  // the run goes on. Postgres confirms the figure once the clock stopped.
  const delivered = async () =>
    (await service.metrics.outcomes.get()).values
      .filter((value) => value.labels.outcome === 'delivered')
      .reduce((sum, value) => sum + value.value, 0);
  // The delivering phase, from the first delivery seen to the last: a rate to set beside the raw
  // ceiling's (itself a steady loop). The start before it — pg-boss and the consumer's group
  // join, a fixed cost per service start — is in the end-to-end figure printed beside it.
  let first: { at: number; delivered: number } | undefined;
  for (let last = 0; ; ) {
    const n = await delivered();
    if (n > 0 && !first) first = { at: performance.now(), delivered: n };
    if (n >= events) break;
    if (performance.now() - last > 100) {
      last = performance.now();
      step(`delivered ${n} at ${((last - started) / 1000).toFixed(1)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const finished = performance.now();
  const pushSeconds = (finished - started) / 1000;
  const startSeconds = ((first?.at ?? finished) - started) / 1000;
  const deliveringPerSecond =
    first && finished > first.at ? (events - first.delivered) / ((finished - first.at) / 1000) : undefined;
  const { rows } = await pool.query(
    "SELECT count(*) FILTER (WHERE state = 'delivered')::int AS n, count(*)::int AS matched FROM push_deliveries",
  );
  if (rows[0].n !== events || rows[0].matched !== events) {
    throw new Error(`expected ${events} delivered deliveries, found ${rows[0].n} of ${rows[0].matched}`);
  }
  const received = (await counted()) - before;
  await service.stop();

  // The raw ceiling: the same receiver, same body and header sizes, a bounded concurrent loop.
  const concurrency = Number(process.env.BENCH_RAW_CONCURRENCY ?? 64);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  // The body a delivery of the first change carries (the `changes` family's payload) and the
  // headers every push has, so the ceiling moves the same bytes as the pushes did.
  const sample = changes[0]!;
  const body = JSON.stringify(
    pushPayload(sample, {
      subscriptionId: randomUUID(),
      family: 'changes',
      criteria: { enterprise: sample.enterprise, projections: ['order-status'] },
      sequence: 1,
      now: new Date(),
    }),
  );
  const secret = newSubscriptionSecret();
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/raw?token=bench',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            ...signPush(secret, randomUUID(), Date.now() / 1000, body),
            'retry-count': '0',
            'tradelog-sequence': '1',
            'tradelog-subject': encodeURIComponent(sample.subject),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error('status'))));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const rawRequests = Math.max(events * 3, 10_000);
  let issued = 0;
  const rawStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < rawRequests) {
        issued++;
        await post();
      }
    }),
  );
  const rawPerSecond = rawRequests / ((performance.now() - rawStarted) / 1000);
  agent.destroy();

  receiver.send('stop');
  await pool.query(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
  await pool.end();
  await db.drop();
  const pushPerSecond = events / pushSeconds;
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify({
        bench: 'push',
        events,
        subscriptions: subscriptionCount,
        seconds: Math.round(pushSeconds * 100) / 100,
        deliveriesPerSecond: Math.round(pushPerSecond),
        ceiling: { rawRequestsPerSecond: Math.round(rawPerSecond), requests: rawRequests, concurrency },
        percentOfRaw: Math.round((1000 * pushPerSecond) / rawPerSecond) / 10,
        startSeconds: Math.round(startSeconds * 100) / 100,
        ...(deliveringPerSecond
          ? {
              delivering: {
                deliveriesPerSecond: Math.round(deliveringPerSecond),
                percentOfRaw: Math.round((1000 * deliveringPerSecond) / rawPerSecond) / 10,
              },
            }
          : {}),
        target: { percentOfRaw: 30 },
      }),
    );
    process.exit(0);
  }
  console.log(
    `push-bench: ${events} deliveries (${received} received, ${subscriptionCount} subscriptions, ` +
      `${settings.workerConcurrency} workers x batch ${settings.workerBatch}, ${settings.subscriptionConcurrency} per subscription) ` +
      `in ${pushSeconds.toFixed(2)} s = ${pushPerSecond.toFixed(0)} deliveries/s | raw HTTP ceiling of the same receiver: ` +
      `${rawPerSecond.toFixed(0)} req/s (${rawRequests} POSTs, ${concurrency} concurrent keep-alive) | ` +
      `push = ${((100 * pushPerSecond) / rawPerSecond).toFixed(1)} % of raw end to end (${startSeconds.toFixed(2)} s of it ` +
      `before the first delivery)` +
      (deliveringPerSecond
        ? ` | delivering, first delivery to last: ${deliveringPerSecond.toFixed(0)} deliveries/s = ` +
          `${((100 * deliveringPerSecond) / rawPerSecond).toFixed(1)} % of raw (target 30 %)`
        : ''),
  );
  process.exit(0);
}
