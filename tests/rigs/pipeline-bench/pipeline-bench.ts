import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { projectionCatalogue } from '@tradelog/projections';
import { createLogger, env } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { createTopicOffsetReader, type TopicOffsetReader } from '@tradelog/schemas/kit/log/topics';
import pg from 'pg';
import { startBenchRun } from '../ingest-bench/benchRun.ts';
import { type CpuPerRequest, cpuBetween, cpuSnapshot, describeCpu } from '../ingest-bench/cpuParties.ts';
import { buildSubmissions, type Submission } from '../ingest-bench/documentMix.ts';
import { type MixEntry, parseMix, submissionsFromMix } from '../ingest-bench/mixFile.ts';

/**
 * The whole pipeline under a paced load (processors/README.md "Measured"): documents offered to
 * ingest at a fixed rate for a fixed time (a realistic mix over many enterprises), while every
 * projection applies them. Ingest and the processors run in processes of their own, as
 * `npm start` runs them, on the run's own topics and tables. Prints the accepted rate, ingest
 * latency, each projection's largest lag during the load, how long after the last send each
 * projection's lag was back to 0, and what each accepted document cost each party in CPU, from the
 * first send to the last projection's catch-up (with the rate the machine's cores allow at that
 * cost: the same run's ceiling, whatever the machine's speed that day).
 *
 *   npm run bench:pipeline                      2,000 docs/s for 60 s (BENCH_RATE, BENCH_SECONDS) from 32 partner
 *                                               keys, call limits as deployed (BENCH_PARTNER_KEYS)
 *   npm run bench:pipeline -- --search          from BENCH_RATE up, the highest rate sustained for BENCH_SECONDS with
 *                                               every lag back to 0 within BENCH_CATCH_UP_SECONDS (5)
 *   npm run bench:pipeline -- --backlog         the processors alone: the load is accepted first, then the processors
 *                                               start and apply it; prints their CPU per document (with Kafka's and
 *                                               Postgres') from start to every lag 0, whatever the pacing did
 *   npm run bench:pipeline -- --mix <file>     another mix: a JSON Lines file of submissions (tests/rigs/ingest-bench/mixFile.ts)
 *                                               sent in passes instead of the built-in 14-document mix
 *   add --json for one JSON line per run (for CI to keep)
 */
const source = process.env;
const config = {
  kafkaBrokers: env.hostPorts(source, 'KAFKA_BROKERS', '127.0.0.1:9092'),
  schemaRegistryUrl: env.url(source, 'SCHEMA_REGISTRY_URL', 'http://127.0.0.1:8081/apis/ccompat/v7'),
  databaseUrl: env.url(source, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tradelog', [
    'postgres:',
    'postgresql:',
  ]),
  rate: env.integer(source, 'BENCH_RATE', 2000, { min: 1 }),
  seconds: env.integer(source, 'BENCH_SECONDS', 60, { min: 1 }),
  catchUpSeconds: env.integer(source, 'BENCH_CATCH_UP_SECONDS', 5, { min: 0 }),
  enterprises: env.integer(source, 'BENCH_ENTERPRISES', 50, { min: 1 }),
  maxInFlight: env.integer(source, 'BENCH_MAX_IN_FLIGHT', 256, { min: 1 }),
  /**
   * Partner keys the load comes from, each on connections of its own, as partners send (the
   * target's held-out load: many keys, call limits as deployed). With one key its call limit is
   * lifted, or it would refuse nearly all of the load.
   */
  partnerKeys: env.integer(source, 'BENCH_PARTNER_KEYS', 32, { min: 1 }),
  /** Processor instances in one consumer group (scale-out, processors/README.md). */
  instances: env.integer(source, 'BENCH_INSTANCES', 1, { min: 1, max: 6 }),
};
/**
 * What the whole pipeline should sustain on the 2-core development machine (processors/README.md
 * "Measured"), and the CPU an accepted document may cost the pipeline's parties together (ingest,
 * processors, Kafka, Postgres and the load generator; not the machine's other tenants), so that
 * two cores allow 2,600/s: every trial's figures are printed against these, whatever BENCH_RATE
 * and BENCH_SECONDS say.
 */
const target = { rate: 2000, seconds: 60, catchUpSeconds: 5, cpuMsPerDocument: 0.75 } as const;
/** Deadlocks and serialization failures the processor instances logged (they retry them; there should be none). */
let contention = 0;
const flags = new Set(process.argv.slice(2));
const json = flags.has('--json');
const mixPath = flags.has('--mix') ? process.argv[process.argv.indexOf('--mix') + 1] : undefined;
if (flags.has('--mix') && (mixPath === undefined || mixPath.startsWith('--')))
  throw new Error('--mix needs a file: npm run bench:pipeline -- --mix <file.jsonl>');
/** The file's submissions with `--mix <file>`: read before anything starts, refused with its line. */
const mix: MixEntry[] | undefined = mixPath ? parseMix(readFileSync(mixPath, 'utf8'), mixPath) : undefined;
const logger = createLogger({ service: 'pipeline-bench' }, { level: 'error' });
const say = (line: string) => {
  if (!json) process.stdout.write(`${line}\n`);
};

interface LoadResult {
  offered: number;
  ok: number;
  failed: number;
  /** Sends made again after a kept-alive socket reset (see `send`). */
  retried: number;
  failures: Record<string, number>;
  seconds: number;
  latenciesMs: number[];
}

/** Sends `rate` submissions a second for `seconds`, at most `maxInFlight` at once; a send that cannot start on time is late, not dropped. */
async function pacedLoad(
  baseUrl: string,
  submissions: Submission[],
  apiKeys: readonly string[],
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const callers = apiKeys.map((apiKey) => ({
    apiKey,
    agent: new http.Agent({ keepAlive: true, maxSockets: Math.ceil(config.maxInFlight / apiKeys.length) }),
  }));
  const result: LoadResult = {
    offered: 0,
    ok: 0,
    failed: 0,
    retried: 0,
    failures: {},
    seconds,
    latenciesMs: [],
  };
  const fail = (code: string) => {
    result.failed++;
    result.failures[code] = (result.failures[code] ?? 0) + 1;
  };
  let inFlight = 0;
  let next = 0;
  const post = (submission: Submission, index: number) =>
    new Promise<void>((resolve) => {
      inFlight++;
      send(submission, callers[index % callers.length]!, performance.now(), resolve);
    });
  /**
   * One send. A kept-alive socket the server closed as this request went out (its keep-alive
   * timeout) resets before the request is read: sent again once on a new socket, as Node's
   * documentation advises clients (`request.reusedSocket`), and counted as retried.
   */
  const send = (
    submission: Submission,
    caller: (typeof callers)[number],
    started: number,
    resolve: () => void,
    again = false,
  ) => {
    const request = http.request(
      {
        agent: caller.agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: submission.path,
        headers: {
          'content-type': 'application/json',
          'content-length': submission.body.length,
          authorization: `Bearer ${caller.apiKey}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          inFlight--;
          if (response.statusCode === 200) {
            result.ok++;
            result.latenciesMs.push(performance.now() - started);
          } else fail(String(response.statusCode));
          resolve();
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!again && request.reusedSocket && error.code === 'ECONNRESET') {
        result.retried++;
        send(submission, caller, started, resolve, true);
        return;
      }
      inFlight--;
      fail(error.code ?? 'ERROR');
      resolve();
    });
    request.end(submission.body);
  };
  const total = rate * seconds;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  while (result.offered < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (result.offered < due && inFlight < config.maxInFlight) {
      pending.push(post(submissions[next % submissions.length]!, next++));
      result.offered++;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  result.seconds = (performance.now() - started) / 1000;
  for (const caller of callers) caller.agent.destroy();
  return result;
}

/**
 * Each projection's lag: records in the topics it reads that its live version has not applied.
 * The trial keeps one admin connection for its samples (`offsets`): one per sample, four a
 * second, cost the broker more than the load's fetches and was counted as Kafka's CPU.
 */
async function lagOf(
  pool: pg.Pool,
  offsets: TopicOffsetReader,
  runId: string,
): Promise<Record<string, number>> {
  const topicOf = (type: string) => `${documentTypes.find((t) => t.id === type)!.topic}.${runId}`;
  const ends = await offsets.read(documentTypes.map((type) => topicOf(type.id)));
  const { rows } = await pool.query(
    `SELECT v.projection, c.topic, c.partition, c.next_offset FROM projection_versions v
     LEFT JOIN projection_checkpoints c ON c.consumer_group = v.consumer_group WHERE v.state = 'live'`,
  );
  const lag: Record<string, number> = {};
  for (const declaration of projectionCatalogue) {
    const stored = new Map(
      rows
        .filter((row) => row.projection === declaration.name && row.topic)
        .map((row) => [`${row.topic}/${row.partition}`, BigInt(row.next_offset)]),
    );
    let behind = 0n;
    for (const type of declaration.reads)
      for (const p of ends.get(topicOf(type)) ?? [])
        behind += BigInt(p.end) - (stored.get(`${topicOf(type)}/${p.partition}`) ?? 0n);
    lag[declaration.name] = Number(behind);
  }
  return lag;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function startChild(
  args: string[],
  ready: (line: string) => string | undefined,
  env: NodeJS.ProcessEnv = process.env,
) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    if (/"code":"PG_40(P01|001)"/.test(line)) contention++;
  });
  const value = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code} before it was ready`)));
    lines.on('line', (line) => {
      const found = ready(line);
      if (found !== undefined) resolve(found);
    });
  });
  return { child, value };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface TrialResult {
  rate: number;
  seconds: number;
  acceptedPerSecond: number;
  ok: number;
  failed: number;
  retried: number;
  failures: Record<string, number>;
  ingestP50Ms: number;
  ingestP99Ms: number;
  maxLag: Record<string, number>;
  /** Seconds from the last answer to the moment the projection's lag was 0 (null: not within the limit). */
  catchUpSeconds: Record<string, number | null>;
  sustained: boolean;
  /** Each party's CPU per accepted document, from the first send to the end of the catch-up (cpuParties.ts). */
  cpu: CpuPerRequest<MeasuredService> | undefined;
}

type MeasuredService = 'ingest' | 'processors';

/**
 * A trial's documents: the `--mix` file's, or the built-in mix with business keys unique to the
 * trial (`kind`: R a paced trial, B a backlog), as a day of partners' traffic is.
 */
const trialSubmissions = (runId: string, rate: number, kind: 'R' | 'B') =>
  mix
    ? submissionsFromMix(mix, rate * config.seconds)
    : buildSubmissions(rate * config.seconds, {
        enterprises: config.enterprises,
        prefix: `${runId.toUpperCase()}${kind}${rate}T`,
      });

async function trial(
  ingestUrl: string,
  measured: Record<MeasuredService, (number | undefined)[]>,
  pool: pg.Pool,
  runId: string,
  apiKeys: readonly string[],
  rate: number,
): Promise<TrialResult> {
  // Every send a new document: the projections insert rows rather than fold versions of a few.
  const submissions = trialSubmissions(runId, rate, 'R');
  const maxLag: Record<string, number> = {};
  const offsets = createTopicOffsetReader({ brokers: config.kafkaBrokers, logger });
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const lag = await lagOf(pool, offsets, runId).catch(() => undefined);
      for (const [name, value] of Object.entries(lag ?? {}))
        maxLag[name] = Math.max(maxLag[name] ?? 0, value);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const cpuBefore = await cpuSnapshot(measured);
  const started = performance.now();
  const load = await pacedLoad(ingestUrl, submissions, apiKeys, rate, config.seconds);
  const lastAnswer = performance.now();
  sampling = false;
  await sampler;
  const catchUpSeconds: Record<string, number | null> = Object.fromEntries(
    projectionCatalogue.map((p) => [p.name, null]),
  );
  const limitMs = Math.max(config.catchUpSeconds * 1000, 60_000);
  while (performance.now() - lastAnswer < limitMs) {
    const lag = await lagOf(pool, offsets, runId);
    for (const [name, value] of Object.entries(lag)) {
      maxLag[name] = Math.max(maxLag[name] ?? 0, value);
      if (value === 0 && catchUpSeconds[name] === null)
        catchUpSeconds[name] = (performance.now() - lastAnswer) / 1000;
    }
    if (Object.values(catchUpSeconds).every((value) => value !== null)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cpuAfter = await cpuSnapshot(measured);
  await offsets.close();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : cpuBetween(cpuBefore, cpuAfter, load.ok, (performance.now() - started) / 1000);
  const sorted = [...load.latenciesMs].sort((a, b) => a - b);
  const acceptedPerSecond = load.ok / load.seconds;
  const result: TrialResult = {
    rate,
    seconds: config.seconds,
    acceptedPerSecond: Math.round(acceptedPerSecond),
    ok: load.ok,
    failed: load.failed,
    retried: load.retried,
    failures: load.failures,
    ingestP50Ms: Number(percentile(sorted, 50).toFixed(1)),
    ingestP99Ms: Number(percentile(sorted, 99).toFixed(1)),
    maxLag,
    catchUpSeconds,
    cpu,
    sustained:
      load.failed === 0 &&
      acceptedPerSecond >= rate * 0.98 &&
      Object.values(catchUpSeconds).every((value) => value !== null && value <= config.catchUpSeconds),
  };
  say(
    `rate ${rate}/s for ${config.seconds} s: accepted ${result.acceptedPerSecond}/s (${load.ok} ok, ${load.failed} failed${load.failed ? ` ${JSON.stringify(load.failures)}` : ''}${load.retried ? `, ${load.retried} sent again after a kept-alive socket reset` : ''}), ingest p50 ${result.ingestP50Ms} ms p99 ${result.ingestP99Ms} ms`,
  );
  for (const declaration of projectionCatalogue) {
    const back = catchUpSeconds[declaration.name] ?? null;
    say(
      `  ${declaration.name.padEnd(16)} max lag ${String(maxLag[declaration.name] ?? 0).padStart(7)}   lag 0 after last send: ${back === null ? 'not within the limit' : `${back.toFixed(1)} s`} (ceiling ${config.catchUpSeconds} s)`,
    );
  }
  if (cpu !== undefined)
    say(`  ${describeCpu(cpu, 'doc')}, machine ${(100 * cpu.machineBusy).toFixed(0)}% busy`);
  say(
    `  ${result.sustained ? 'SUSTAINED' : 'NOT SUSTAINED'}; ${config.instances} processor instance(s), deadlocks or serialization failures logged: ${contention}`,
  );
  const slowest = Object.values(catchUpSeconds).reduce<number | null>(
    (worst, value) => (worst === null || value === null ? null : Math.max(worst, value)),
    0,
  );
  const [load1, load5] = loadavg();
  const pipelineCpu =
    cpu === undefined
      ? undefined
      : Object.entries(cpu.msPerRequest).reduce(
          (sum, [party, ms]) => (party === 'other' ? sum : sum + ms),
          0,
        );
  const cpuMet = pipelineCpu !== undefined && pipelineCpu <= target.cpuMsPerDocument;
  say(
    `  TARGET accepted ${result.acceptedPerSecond}/s = ${((100 * result.acceptedPerSecond) / target.rate).toFixed(0)}% of ${target.rate}/s (offered ${rate}/s for ${config.seconds} s; target ${target.seconds} s); slowest lag back to 0 ${slowest === null ? 'not within the limit' : `${slowest.toFixed(1)} s`} against ${target.catchUpSeconds} s; ${result.acceptedPerSecond >= target.rate * 0.98 && config.seconds >= target.seconds && slowest !== null && slowest <= target.catchUpSeconds ? 'MET' : 'NOT MET'}; CPU per document ${pipelineCpu === undefined ? 'not measured' : `${pipelineCpu.toFixed(3)} ms`} against ${target.cpuMsPerDocument} ms, ${cpuMet ? 'MET' : 'NOT MET'} (machine load average ${load1!.toFixed(1)} / ${load5!.toFixed(1)} over 1 / 5 min on ${cpus().length} cores)`,
  );
  if (json)
    process.stdout.write(
      `${JSON.stringify({ bench: 'pipeline', instances: config.instances, contention, ...result })}\n`,
    );
  return result;
}

/**
 * The processors alone (`--backlog`): the load is accepted while no projection runs, then the
 * processors start and apply it as fast as they can. Their CPU per document, and Kafka's and
 * Postgres' while they apply, do not depend on how the paced load's batches happened to fall,
 * so two versions of the code compare on a busy machine (processors/README.md "Less work per
 * document").
 */
async function backlogTrial(
  ingest: Awaited<ReturnType<typeof startChild>>,
  startProcessors: () => Promise<void>,
  processors: readonly Awaited<ReturnType<typeof startChild>>[],
  pool: pg.Pool,
  runId: string,
  apiKeys: readonly string[],
) {
  const submissions = trialSubmissions(runId, config.rate, 'B');
  const intakeBefore = await cpuSnapshot({ ingest: [ingest.child.pid] });
  const load = await pacedLoad(ingest.value, submissions, apiKeys, config.rate, config.seconds);
  const intakeAfter = await cpuSnapshot({ ingest: [ingest.child.pid] });
  say(
    `backlog: ${load.ok} documents accepted at ${Math.round(load.ok / load.seconds)}/s (${load.failed} failed) with no projection running`,
  );
  if (intakeBefore && intakeAfter)
    say(`  intake ${describeCpu(cpuBetween(intakeBefore, intakeAfter, load.ok, load.seconds), 'doc')}`);
  await startProcessors();
  const measured = { processors: processors.map((instance) => instance.child.pid) };
  const offsets = createTopicOffsetReader({ brokers: config.kafkaBrokers, logger });
  const before = await cpuSnapshot(measured);
  const started = performance.now();
  let caughtUp = false;
  while (!caughtUp && performance.now() - started < 15 * 60_000) {
    // Each look reads every topic's ends: four a second keep the look's own cost small.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const lag = await lagOf(pool, offsets, runId).catch(() => undefined);
    caughtUp = lag !== undefined && Object.values(lag).every((value) => value === 0);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuSnapshot(measured);
  await offsets.close();
  say(
    `  processors: every projection at lag 0 ${caughtUp ? `after ${seconds.toFixed(1)} s (${Math.round(load.ok / seconds)} docs/s)` : 'not within 15 min'}`,
  );
  if (before && after) {
    const cpu = cpuBetween(before, after, load.ok, seconds);
    say(`  processing ${describeCpu(cpu, 'doc')}, machine ${(100 * cpu.machineBusy).toFixed(0)}% busy`);
    if (json)
      process.stdout.write(
        `${JSON.stringify({ bench: 'pipeline-backlog', documents: load.ok, seconds, caughtUp, cpu })}\n`,
      );
  }
}

async function main() {
  say(
    `pipeline benchmark: ${mix ? `${mix.length} submissions of ${mixPath} in passes` : `${config.enterprises} enterprises, 14-document mix`}, ${config.partnerKeys} partner key(s) (${config.partnerKeys === 1 ? 'its call limit lifted' : 'call limits as deployed'}), ingest and processors in their own processes, at most ${config.maxInFlight} requests in flight`,
  );
  const run = await startBenchRun({
    databaseUrl: config.databaseUrl,
    kafkaBrokers: config.kafkaBrokers,
    schemaRegistryUrl: config.schemaRegistryUrl,
    logger,
    partnerKeys: config.partnerKeys,
  });
  const { runId } = run;
  const pool = new pg.Pool({ connectionString: run.databaseUrl, max: 2 });
  let ingest: Awaited<ReturnType<typeof startChild>> | undefined;
  const processors: Awaited<ReturnType<typeof startChild>>[] = [];
  // From here on the run's topics and tables are removed however it ends (a child that fails to
  // start included).
  try {
    ingest = await startChild(
      ['tests/rigs/ingest-bench/bench-server.ts', 'ingest', runId, run.databaseUrl],
      (line) => (line.startsWith('LISTENING ') ? line.slice('LISTENING '.length) : undefined),
      // Ingest as deployed. When the whole load comes from one partner key, its call limit would
      // refuse nearly all of it: lifted then (as bench:ingest, unless INGEST_KEY_LIMIT_POINTS says otherwise).
      config.partnerKeys === 1
        ? { INGEST_KEY_LIMIT_POINTS: String(1_000_000_000), ...process.env }
        : process.env,
    );
    const startProcessors = async () => {
      for (let instance = 0; instance < config.instances; instance++)
        processors.push(
          await startChild(
            ['tests/rigs/pipeline-bench/pipeline-processors.ts', runId, run.databaseUrl],
            (line) => (line === 'READY' ? line : undefined),
          ),
        );
    };
    if (flags.has('--backlog')) {
      await backlogTrial(ingest, startProcessors, processors, pool, runId, run.partnerKeys);
      return;
    }
    await startProcessors();
    const measured = {
      ingest: [ingest.child.pid],
      processors: processors.map((instance) => instance.child.pid),
    };
    if (!flags.has('--search')) {
      await trial(ingest.value, measured, pool, runId, run.partnerKeys, config.rate);
      return;
    }
    // Double the rate until a trial fails, then halve the gap until it is within 10 %.
    let passed = 0;
    let failedAt = 0;
    let rate = config.rate;
    while (failedAt === 0 || failedAt - passed > Math.max(50, passed * 0.1)) {
      const result = await trial(ingest.value, measured, pool, runId, run.partnerKeys, rate);
      if (result.sustained) passed = rate;
      else failedAt = rate;
      rate = failedAt === 0 ? rate * 2 : Math.round((passed + failedAt) / 2 / 50) * 50;
      if (rate <= passed || (failedAt > 0 && rate >= failedAt)) break;
    }
    say(`SEARCH highest sustained rate: ${passed} docs/s (first failing: ${failedAt || 'none'} docs/s)`);
    if (json)
      process.stdout.write(`${JSON.stringify({ bench: 'pipeline-search', sustained: passed, failedAt })}\n`);
  } finally {
    for (const instance of processors) await stopChild(instance.child);
    if (ingest) await stopChild(ingest.child);
    await pool.end();
    // The run's topics, subjects and tables are throwaway: remove them.
    await run.cleanUp();
  }
}

await main();
