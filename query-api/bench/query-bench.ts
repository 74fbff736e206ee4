import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  createVersionTables,
  insertNextVersion,
  type ProjectionName,
  projectionDeclaration,
  saveCheckpoints,
  slotParts,
} from '@tradelog/projections';
import { insertKeyChains, type NodeRow, upsertNodes } from '@tradelog/projections/link-node/tables';
import { migrate } from '@tradelog/projections/migrate';
import { type OrderRow, upsertOrders } from '@tradelog/projections/order-status/tables';
import { createLogger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { createServiceMetrics } from '@tradelog/schemas/kit/runtime/http';
import express from 'express';
import pg from 'pg';
import { createTestApiKey } from '../../tests/harness/apiKeys.ts';
import { createTestSchema } from '../../tests/harness/index.ts';
import { clockTicksPerSecond, processCpu } from '../../tests/harness/processCpu.ts';
import { createApp } from '../src/app.ts';
import { parseQueryApiConfig } from '../src/config.ts';
import { noSmsSender } from '../src/content/smsSenders.ts';
import { queryApiCallLimit } from '../src/http/callLimit.ts';
import { lenderQueryPaths } from '../src/lenders/routes.ts';
import { requireKey } from '../src/reads/auth.ts';
import { createPreparingPool } from '../src/reads/preparedClient.ts';
import { attachReadCache, createReadCache } from '../src/reads/readCache.ts';

/**
 * Lender queries per second at BENCH_CONCURRENCY (32) concurrent keep-alive callers, next to two
 * ceilings measured in the same run with the same requests and concurrency, each in a process of
 * its own:
 * - `express-noop`: a bare Express app (JSON body parsed, small JSON answer) — the target's ceiling;
 * - `stack-noop`: query-api's own app (createApp: request id, request log, HTTP metrics, bounded
 *   body) with the lender key check (cached) and the call limit of the lender queries, answering
 *   the same small JSON — everything a lender query pays before its own work (validation,
 *   version check, read, answer), so the difference to it is what the queries cost.
 * query-api runs as `npm start` runs it (query-api/src/main.ts, its own process, its default pools
 * and caches) over a seeded schema; the load comes from this process. Needs the local stack:
 * `source <(bash deploy/local/stack.sh env)`, then `npm run bench:query` (`-- --json` for one JSON
 * line that CI can keep). BENCH_SECONDS (5) per measurement after BENCH_WARMUP_SECONDS (1),
 * BENCH_CHAINS (2000), BENCH_ORDERS (20 per page).
 */
if (process.argv[2] === 'noop') {
  const app = express();
  app.disable('x-powered-by');
  app.post('/{*path}', express.json({ limit: '1mb' }), (req, res) => {
    res.json(noopAnswer(req.body));
  });
  listenForParent(app);
} else if (process.argv[2] === 'stack-noop') {
  listenForParent(await stackNoop());
} else {
  await bench();
}

function noopAnswer(body: unknown) {
  return { flag: 'success', code: '200', message: 'ok', fields: Object.keys(body as object).length };
}

function listenForParent(app: express.Express) {
  const server = app.listen(0, '127.0.0.1', () =>
    process.send?.({ port: (server.address() as { port: number }).port }),
  );
  process.on('disconnect', () => process.exit(0));
  // An exit of its own, so that a --cpu-prof of the no-ops is written.
  process.on('SIGTERM', () => process.exit(0));
}

/** query-api's app and lender middleware as main.ts wires them, with a no-op at the query paths. */
async function stackNoop(): Promise<express.Express> {
  const config = parseQueryApiConfig(process.env);
  const logger = createLogger({ service: 'query-api' }, { level: config.logLevel });
  const pool = createPreparingPool({ connectionString: config.databaseUrl, max: config.poolMax });
  const portalPool = new pg.Pool({ connectionString: config.databaseUrl, max: config.portalPoolMax });
  attachReadCache(
    pool,
    await createReadCache({
      pool,
      connectionString: config.databaseUrl,
      logger,
      keyTtlMs: config.keyCacheTtlMs,
    }),
  );
  const callLimit = queryApiCallLimit(config.callLimits, { keyed: pool, public: portalPool });
  const router = express.Router();
  router.use(lenderQueryPaths, requireKey(pool, ['lender', 'operator']), callLimit('default-key'));
  router.post(lenderQueryPaths, (req, res) => {
    res.json(noopAnswer(req.body));
  });
  return createApp({
    logger,
    metrics: createServiceMetrics('query-api', { processMetrics: true }),
    bodyBounds: config.bodyBounds,
    content: {
      pool: portalPool,
      clock: { now: () => Date.now() },
      logger,
      product: config.product,
      sendSms: noSmsSender,
      callLimit,
    },
    routers: [router],
  });
}

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  cpuUsPerRequest?: { server: number; postgres: number } | null;
  /** Of the answers in the measurement, the share (%) that read Postgres rather than reuse a result (query-api only). */
  readPercent?: number;
}

/** query-api's answers so far by source (`query_lender_answers_total`, README "Read caches"); undefined where not served. */
async function answersOf(port: number): Promise<{ reused: number; read: number } | undefined> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`)
    .then((response) => (response.ok ? response.text() : ''))
    .catch(() => '');
  const sum = (source: string) =>
    [
      ...text.matchAll(
        new RegExp(`^query_lender_answers_total\\{[^}]*source="${source}"[^}]*\\} (\\d+)`, 'gm'),
      ),
    ]
      .map((match) => Number(match[1]))
      .reduce((a, b) => a + b, 0);
  return text.includes('query_lender_answers_total')
    ? { reused: sum('reused'), read: sum('read') }
    : undefined;
}

/** CPU time (user + system) a process has used, in ms; undefined when /proc does not tell. */
function cpuMsOf(pid: number): number | undefined {
  const cpu = processCpu(pid);
  return cpu === undefined ? undefined : (cpu.ticks * 1000) / clockTicksPerSecond;
}

async function bench() {
  const json = process.argv.includes('--json');
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
  const chains = Number(process.env.BENCH_CHAINS ?? 2000);
  const ordersPerPage = Number(process.env.BENCH_ORDERS ?? 20);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set; source <(bash deploy/local/stack.sh env)');
  const logger = createLogger({ service: 'query-bench' }, { level: 'error' });
  const step = (what: string) => process.env.BENCH_VERBOSE && console.error(`query-bench: ${what}`);

  // A schema of its own with a live link-node and order-status version.
  const db = await createTestSchema(databaseUrl, 'qbench');
  await migrate(db.databaseUrl, { schema: db.schema, logger });
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
  const enterprise = '91310000QBENCH0001';
  const lender = await createTestApiKey(pool, 'lender', { ownerId: 'qbench', enterprises: [enterprise] });
  step('seeding');
  const linkNode = await insertNextVersion(pool, db.schema, 'link-node', 'live', new Date());
  await createVersionTables(pool, 'link-node', linkNode.schemaName);
  for (let from = 0; from < chains; from += 500) {
    const nodes: NodeRow[] = [];
    for (let c = from; c < Math.min(chains, from + 500); c++) {
      const po = `PO-${c}`;
      for (const [type, block] of [
        ['purchase', 'purchaseInfo'],
        ['inbound', 'intoStorageInfo'],
        ['declaration', 'intoDeclareInfo'],
      ] as const) {
        nodes.push({
          nodeId: `${type}/${po}`,
          enterprise,
          type,
          businessKey: `${type === 'purchase' ? '' : `${type}-`}${po}`,
          block,
          chainId: `chain-${c}`,
          keys: [{ cls: 'purchaseOrderNo', value: po }],
          fields: { entOrderNo: po, purchaseAmount: 1000 + c, currency: 'CNY', remark: 'x'.repeat(80) },
          provenance: { receivedAt: '2026-11-22T00:00:00.000Z', topic: 'bench', offset: String(c) },
          versions: 1,
        });
      }
    }
    await upsertNodes(pool, linkNode.schemaName, nodes);
    await insertKeyChains(pool, linkNode.schemaName, nodes);
  }
  const orderStatus = await insertNextVersion(pool, db.schema, 'order-status', 'live', new Date());
  await createVersionTables(pool, 'order-status', orderStatus.schemaName);
  const orders: OrderRow[] = [];
  for (let month = 1; month <= 12; month++) {
    for (let i = 0; i < ordersPerPage; i++) {
      const orderNo = `PO-${month}-${i}`;
      const orderTime = `2024-${String(month).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`;
      orders.push({
        orderKey: `purchase/${enterprise}/${orderNo}`,
        kind: 'purchase',
        enterprise,
        orderNo,
        status: '10',
        effectiveTime: orderTime,
        orderTime,
        contentSha256: orderNo,
        fields: {
          entOrderNo: orderNo,
          purchaseAmount: 100 + i,
          currency: 'CNY',
          goodsList: [{ name: 'g', qty: 1 }],
        },
        // The reads measured use only when it was received.
        provenance: { receivedAt: '2026-11-22T00:00:00.000Z' } as OrderRow['provenance'],
        history: [
          {
            status: '10',
            outcome: 'applied',
            effectiveTime: orderTime,
            contentSha256: orderNo,
            documentId: orderNo,
            position: `0:${month}:${i}`,
            receivedAt: '2026-11-22T00:00:00.000Z',
          },
        ],
      });
    }
  }
  await upsertOrders(pool, orderStatus.schemaName, orders);
  for (const version of [linkNode, orderStatus]) await checkpointAtLogEnds(pool, version);

  const children: ChildProcess[] = [];
  try {
    const port = Number(process.env.BENCH_QUERY_PORT ?? 21082);
    // Named connections, so that the Postgres backends serving the run can be found (CPU use).
    const applicationName = `${db.schema}-service`;
    const serviceUrl = new URL(db.databaseUrl);
    serviceUrl.searchParams.set('application_name', applicationName);
    const serviceEnv = {
      ...process.env,
      DATABASE_URL: serviceUrl.toString(),
      QUERY_API_PORT: String(port),
      QUERY_API_HOST: '127.0.0.1',
      PROJECTION_NAMESPACE: db.schema,
      LOG_LEVEL: 'error',
      // The default per-account limit (1200 a minute) would refuse a benchmark: raised, still counted.
      LIMIT_DEFAULT_KEY_POINTS: '1000000000',
    };
    // The ceilings: each no-op in a process of its own.
    const spawnNoop = async (mode: 'noop' | 'stack-noop') => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), mode], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        env: serviceEnv,
      });
      children.push(child);
      return new Promise<{ port: number; pid: number }>((resolve) =>
        child.once('message', (message) =>
          resolve({ port: (message as { port: number }).port, pid: child.pid! }),
        ),
      );
    };
    const noop = await spawnNoop('noop');
    const stack = await spawnNoop('stack-noop');
    // query-api as `npm start` runs it.
    const queryApi = spawn(process.execPath, [fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...serviceEnv,
        ...(process.env.BENCH_CPU_PROF
          ? {
              NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
            }
          : {}),
      },
    });
    children.push(queryApi);
    await waitForHealth(port);

    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${lender.key}` };
    const linkNodeBody = () =>
      JSON.stringify({
        customerCode: enterprise,
        documentsType: '30',
        documentsNo: `PO-${Math.floor(Math.random() * chains)}`,
      });
    const purchaseBody = () => {
      const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
      return JSON.stringify({
        enterpriseId: enterprise,
        beginDate: `2024-${month}-01`,
        endDate: `2024-${month}-28`,
      });
    };
    const backends = async () =>
      (
        await pool.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName])
      ).rows.map((row) => row.pid as number);
    const measure = async (
      name: string,
      target: { port: number; pid: number },
      path: string,
      body: () => string,
    ): Promise<Figure> => {
      step(name);
      const run = (ms: number) => load({ agent, port: target.port, path, headers, body, concurrency, ms });
      await run(warmupSeconds * 1_000); // warm-up: connections, caches, JIT
      const pids = [target.pid, ...(await backends())];
      const answersBefore = await answersOf(target.port);
      const cpuBefore = pids.map(cpuMsOf);
      const figure = await run(seconds * 1_000);
      const cpuAfter = pids.map(cpuMsOf);
      const answersAfter = await answersOf(target.port);
      const requests = figure.requestsPerSecond * seconds;
      const usPerRequest = (from: number, to?: number) => {
        let ms = 0;
        for (let i = from; i < (to ?? pids.length); i++) {
          const [before, after] = [cpuBefore[i], cpuAfter[i]];
          if (before !== undefined && after !== undefined) ms += after - before;
        }
        return requests > 0 ? Math.round((1000 * ms) / requests) : 0;
      };
      return {
        name,
        ...figure,
        // CPU time (user + system, from /proc) per answered request: the serving process, and the
        // Postgres backends of its pools that lived through the measurement; null off Linux.
        cpuUsPerRequest:
          cpuBefore[0] === undefined ? null : { server: usPerRequest(0, 1), postgres: usPerRequest(1) },
        ...readPercentOf(answersBefore, answersAfter),
      };
    };
    // How many answers read rather than reused a result: the link-node figure moves with it.
    const readPercentOf = (
      before: { reused: number; read: number } | undefined,
      after: { reused: number; read: number } | undefined,
    ) => {
      if (!before || !after) return {};
      const read = after.read - before.read;
      const all = read + after.reused - before.reused;
      return all > 0 ? { readPercent: Math.round((1000 * read) / all) / 10 } : {};
    };
    // Each no-op is measured before and after the queries; the better run is its ceiling.
    const noopBefore = await measure('express-noop', noop, '/open/info/link/node', linkNodeBody);
    const stackBefore = await measure('stack-noop', stack, '/open/info/link/node', linkNodeBody);
    const service = { port, pid: queryApi.pid! };
    const linkNodeFigure = await measure('link-node', service, '/open/info/link/node', linkNodeBody);
    const purchaseFigure = await measure(
      'purchase-orders',
      service,
      '/open/info/enterprise/purchase-orders',
      purchaseBody,
    );
    const stackAfter = await measure('stack-noop', stack, '/open/info/link/node', linkNodeBody);
    const noopAfter = await measure('express-noop', noop, '/open/info/link/node', linkNodeBody);
    const better = (a: Figure, b: Figure) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);
    const ceiling = better(noopBefore, noopAfter);
    const stackCeiling = better(stackBefore, stackAfter);
    const percentOf = (figure: Figure, of: Figure) =>
      Math.round((1000 * figure.requestsPerSecond) / of.requestsPerSecond) / 10;
    const figures = [linkNodeFigure, purchaseFigure].map((figure) => ({
      ...figure,
      percentOfNoop: percentOf(figure, ceiling),
      percentOfStack: percentOf(figure, stackCeiling),
    }));
    agent.destroy();
    if (json) {
      console.log(
        JSON.stringify({
          bench: 'query',
          concurrency,
          seconds,
          ceiling: { ...ceiling, runs: [noopBefore.requestsPerSecond, noopAfter.requestsPerSecond] },
          stackCeiling: {
            ...stackCeiling,
            percentOfNoop: percentOf(stackCeiling, ceiling),
            runs: [stackBefore.requestsPerSecond, stackAfter.requestsPerSecond],
          },
          figures,
          targets: { percentOfNoop: 40, p99Ms: 20 },
        }),
      );
    } else {
      const line = (f: Figure) =>
        `${f.name}: ${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms${f.errors ? `, ${f.errors} errors` : ''}${f.cpuUsPerRequest ? ` (CPU per request: ${f.cpuUsPerRequest.server} µs server, ${f.cpuUsPerRequest.postgres} µs Postgres)` : ''}${f.readPercent !== undefined ? `, ${f.readPercent} % of answers read Postgres` : ''}`;
      console.log(
        `query-bench (${concurrency} concurrent callers, ${seconds} s each) | ceiling ${line(ceiling)} (runs ${noopBefore.requestsPerSecond}, ${noopAfter.requestsPerSecond})`,
      );
      console.log(
        `  ${line(stackCeiling)} = ${percentOf(stackCeiling, ceiling)} % of the no-op (runs ${stackBefore.requestsPerSecond}, ${stackAfter.requestsPerSecond})`,
      );
      for (const f of figures) {
        console.log(
          `  ${line(f)} = ${f.percentOfNoop} % of the no-op, ${f.percentOfStack} % of the stack no-op (target ≥ 40 % of the no-op, p99 ≤ 20 ms)`,
        );
      }
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
      `${db.schema}\\_%`,
    ]);
    for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
    await pool.end();
    await db.drop();
  }
}

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${port}/health`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`query-api did not become healthy on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `concurrency` callers, each sending its next request when the last answer ended, for `ms`. */
async function load(options: {
  agent: http.Agent;
  port: number;
  path: string;
  headers: Record<string, string>;
  body: () => string;
  concurrency: number;
  ms: number;
}): Promise<Omit<Figure, 'name'>> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.ms;
  const one = () =>
    new Promise<void>((resolve) => {
      const body = options.body();
      const sent = performance.now();
      const request = http.request(
        {
          agent: options.agent,
          host: '127.0.0.1',
          port: options.port,
          method: 'POST',
          path: options.path,
          headers: { ...options.headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - sent);
            else errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(10 * (latencies[Math.floor(q * (latencies.length - 1))] ?? 0)) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
  };
}

/**
 * A seeded version is one that applied every record its topics hold: its checkpoints at the log's
 * ends, taken on this log. Without them, on a log whose start moved (records deleted), a version
 * owing those records counts as of another log and every read answers 503 (query-api/README.md
 * "Freshness"). Without Kafka (no KAFKA_BROKERS) freshness is not read, and nothing is seeded.
 */
async function checkpointAtLogEnds(
  pool: pg.Pool,
  version: { projection: ProjectionName; consumerGroup: string },
): Promise<void> {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) return;
  const reads = new Set(projectionDeclaration(version.projection).reads);
  const topics = documentTypes.filter((type) => reads.has(type.id)).map((type) => type.topic);
  const snapshot = await readLogSnapshot({ brokers: brokers.split(','), topics });
  const checkpoints = [...snapshot.ends].map(([slot, end]) => ({
    ...slotParts(slot),
    nextOffset: String(end),
    recordsApplied: 0,
  }));
  await saveCheckpoints(pool, version.consumerGroup, checkpoints, new Date(), snapshot);
}
