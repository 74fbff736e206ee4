import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { parseIngestConfig } from '@tradelog/ingest/config';
import { createLogger, env } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import { startBenchRun } from './benchRun.ts';
import { type CpuPerRequest, cpuBetween, cpuSnapshot, describeCpu } from './cpuParties.ts';
import { buildSubmissions, type Submission } from './documentMix.ts';

/**
 * Ingest benchmark: documents/s accepted and latency percentiles at a fixed concurrency with a
 * realistic mix of the 14 documents, next to ceilings measured in the same run on the same
 * machine, each driven by the same load generator with the same bodies at the same concurrency:
 *   1. an Express app that parses the same JSON bodies and answers at once (what HTTP + JSON
 *      parsing alone allow);
 *   2. the minimal append service (bench-server.ts `append`): Express, the JSON parsed, the same
 *      log producer with acks=all appending each body to its topic — what any service that
 *      acknowledges a document only once Kafka holds it costs on this machine;
 *   3. Kafka's own producer performance tool (org.apache.kafka.tools.ProducerPerformance)
 *      writing records of the mix's mean value size with acks=all and idempotence.
 * The servers run in a child process, so the load generator does not share their event loop.
 * `BENCH_KEYED_PERCENT` (0 by default: most partners send no key) is the share of requests
 * that carry an `Idempotency-Key` of their own, each a new one (ingest README "Retrying safely").
 *
 *   npm run bench:ingest              (needs the local stack: `npm run stack up`)
 *   npm run bench:ingest -- --json    the same lines on stderr, one JSON result on stdout (for CI)
 */
const run = promisify(execFile);
const source = process.env;
const config = {
  kafkaBrokers: env.hostPorts(source, 'KAFKA_BROKERS', '127.0.0.1:9092'),
  schemaRegistryUrl: env.url(source, 'SCHEMA_REGISTRY_URL', 'http://127.0.0.1:8081/apis/ccompat/v7'),
  databaseUrl: env.url(source, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tradelog', [
    'postgres:',
    'postgresql:',
  ]),
  concurrency: env.integer(source, 'BENCH_CONCURRENCY', 32, { min: 1, max: 1024 }),
  warmupSeconds: env.integer(source, 'BENCH_WARMUP_SECONDS', 3, { min: 0 }),
  seconds: env.integer(source, 'BENCH_SECONDS', 15, { min: 1 }),
  perfRecords: env.integer(source, 'BENCH_KAFKA_RECORDS', 100_000, { min: 1000 }),
  keyedPercent: env.integer(source, 'BENCH_KEYED_PERCENT', 0, { min: 0, max: 100 }),
  rounds: env.integer(source, 'BENCH_ROUNDS', 1, { min: 1, max: 10 }),
  /** Where ingest's CPU profiles go (node --cpu-prof), one per ingest phase; none when unset. */
  cpuProfileDir: env.optionalText(source, 'BENCH_CPU_PROFILE_DIR'),
};
const logger = createLogger({ service: 'ingest-bench' }, { level: 'warn' });
const jsonOutput = process.argv.includes('--json');
const say = (line: string) => (jsonOutput ? process.stderr : process.stdout).write(`${line}\n`);

interface LoadResult {
  ok: number;
  failed: number;
  failures: Map<string, number>;
  seconds: number;
  latenciesMs: number[];
}

/** `concurrency` workers, each sending its next request as soon as the previous one answered. */
async function load(
  baseUrl: string,
  submissions: Submission[],
  apiKey: string,
  seconds: number,
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency });
  const result: LoadResult = { ok: 0, failed: 0, failures: new Map(), seconds, latenciesMs: [] };
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  // BENCH_KEYED_PERCENT of the requests carry a key, spread evenly over the run.
  let keyedCredit = 0;
  const post = (submission: Submission, idempotencyKey: string | undefined) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: submission.path,
          headers: {
            'content-type': 'application/json',
            'content-length': submission.body.length,
            authorization: `Bearer ${apiKey}`,
            ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(submission.body);
    });
  const worker = async () => {
    while (performance.now() < deadline) {
      const submission = submissions[next++ % submissions.length]!;
      keyedCredit += config.keyedPercent;
      const keyed = keyedCredit >= 100;
      if (keyed) keyedCredit -= 100;
      const started = performance.now();
      try {
        const response = await post(submission, keyed ? randomUUID() : undefined);
        if (response.status === 200) {
          result.ok++;
          result.latenciesMs.push(performance.now() - started);
        } else {
          result.failed++;
          const code = `${response.status} ${(JSON.parse(response.body) as { code?: string }).code ?? ''}`;
          result.failures.set(code, (result.failures.get(code) ?? 0) + 1);
        }
      } catch (error) {
        result.failed++;
        const code = (error as NodeJS.ErrnoException).code ?? 'ERROR';
        result.failures.set(code, (result.failures.get(code) ?? 0) + 1);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: config.concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summarise(name: string, result: LoadResult, cpu: CpuPerRequest | undefined) {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const stats = {
    perSecond: result.ok / result.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    ok: result.ok,
    failed: result.failed,
    /** The server process's CPU time per answered request. */
    cpuMsPerRequest: cpu?.msPerRequest.server,
    /** Share of the machine's CPU (all cores) busy during the phase. */
    machineBusy: cpu?.machineBusy,
    /** Every party's CPU per answered request (cpuParties.ts). */
    cpu,
  };
  say(
    `${name.padEnd(16)} ${stats.perSecond.toFixed(0).padStart(7)} /s   p50 ${stats.p50.toFixed(1)} ms   p95 ${stats.p95.toFixed(1)} ms   p99 ${stats.p99.toFixed(1)} ms   ${cpu === undefined ? '' : `cpu ${cpu.msPerRequest.server.toFixed(3)} ms/req   machine ${(100 * cpu.machineBusy).toFixed(0)}% busy   `}(${result.ok} ok, ${result.failed} failed${result.failed ? `: ${JSON.stringify([...result.failures])}` : ''})`,
  );
  if (cpu !== undefined) say(`${''.padEnd(16)} ${describeCpu(cpu, 'req')}`);
  return stats;
}

/**
 * The servers' environment: the caller's, so INGEST_* settings apply to the measured ingest as
 * they would to main.ts. One exception by default: the whole load comes from one key, which the
 * deployed per-key limit (6000 a minute) would refuse after the first second; the limit is still
 * counted in Postgres as deployed, only set high enough never to refuse.
 */
const serverEnv = { INGEST_KEY_LIMIT_POINTS: String(1_000_000_000), ...process.env };

async function startServer(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const profile =
    config.cpuProfileDir !== undefined && args[0] === 'ingest'
      ? ['--cpu-prof', `--cpu-prof-dir=${config.cpuProfileDir}`]
      : [];
  const child = spawn(process.execPath, [...profile, 'tests/rigs/ingest-bench/bench-server.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv,
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
    lines.on('line', (line) => {
      if (line.startsWith('LISTENING ')) resolve(line.slice('LISTENING '.length));
    });
  });
  return { url, child };
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measureHttp(name: string, args: string[], submissions: Submission[], apiKey: string) {
  const server = await startServer(args);
  try {
    if (config.warmupSeconds > 0) await load(server.url, submissions, apiKey, config.warmupSeconds);
    const before = await cpuSnapshot({ server: [server.child.pid] });
    const result = await load(server.url, submissions, apiKey, config.seconds);
    const after = await cpuSnapshot({ server: [server.child.pid] });
    const cpu =
      before === undefined || after === undefined
        ? undefined
        : cpuBetween(before, after, result.ok, result.seconds);
    return summarise(name, result, cpu);
  } finally {
    await stopServer(server.child);
  }
}

/**
 * kafkajs' createTopics (waiting for leaders) gives up with UNKNOWN_TOPIC_OR_PARTITION while a
 * busy KRaft broker is still spreading a new topic's metadata; a moment later the topic is
 * there (ensureTopics then finds it and creates nothing).
 */
async function createPerfTopic(topic: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureTopics({ brokers: config.kafkaBrokers, topics: [{ topic, partitions: 6 }], logger });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function measureKafkaPerf(topic: string, recordSize: number) {
  const classpath = (
    await run('bash', ['deploy/local/stack.sh', 'classpath'], { maxBuffer: 16 * 1024 * 1024 })
  ).stdout.trim();
  const { stdout } = await run(
    'java',
    [
      '-Xmx256m',
      '-cp',
      classpath,
      'org.apache.kafka.tools.ProducerPerformance',
      '--topic',
      topic,
      '--num-records',
      String(config.perfRecords),
      '--record-size',
      String(recordSize),
      '--throughput',
      '-1',
      '--producer-props',
      `bootstrap.servers=${config.kafkaBrokers.join(',')}`,
      'acks=all',
      'enable.idempotence=true',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  // Final line: "N records sent, R records/sec (M MB/sec), A ms avg latency, X ms max latency, p50 ms 50th, p95 ms 95th, p99 ms 99th, …"
  const last = stdout.trim().split('\n').at(-1) ?? '';
  const match =
    /([\d.]+) records\/sec .*?([\d.]+) ms avg latency.*?(\d+) ms 50th, (\d+) ms 95th, (\d+) ms 99th/.exec(
      last,
    );
  if (!match) throw new Error(`unexpected ProducerPerformance output: ${last}`);
  const stats = {
    perSecond: Number(match[1]),
    p50: Number(match[3]),
    p95: Number(match[4]),
    p99: Number(match[5]),
  };
  say(
    `${'kafka perf-test'.padEnd(16)} ${stats.perSecond.toFixed(0).padStart(7)} /s   p50 ${stats.p50} ms   p95 ${stats.p95} ms   p99 ${stats.p99} ms   (${config.perfRecords} records of ${recordSize} B, acks=all, idempotent)`,
  );
  return stats;
}

/**
 * What limits intake besides ingest's own process: the rate the cores would allow if that process
 * cost no more than the no-op's, with the run's other parties (load generator, broker, Postgres)
 * as measured, and that rate as a share of the no-op's own bound (its server and load
 * generator). `other` (the rest of a shared machine) is left out of both.
 */
const percent = (share: number) => `${(100 * share).toFixed(0)}%`;

/**
 * The CPU an answered request cost the parties of the pipeline (server, load generator, Kafka,
 * Postgres), leaving out the rest of a shared machine: a neighbour's load changes a phase's rate
 * a lot and this cost little, so ratios of costs compare two phases more steadily than rates.
 */
const pipelineCostMs = (cpu: CpuPerRequest) =>
  cpu.msPerRequest.server +
  cpu.msPerRequest.loadGenerator +
  cpu.msPerRequest.kafka +
  cpu.msPerRequest.postgres;

type Measured = Awaited<ReturnType<typeof measureHttp>>;

interface Round {
  noop: Measured;
  append: Measured;
  ingest: Measured;
  bound: ReturnType<typeof boundByOthers> | undefined;
  /** The append service's pipeline cost per document over ingest's (pipelineCostMs). */
  costShare: number | undefined;
}

function boundByOthers(noop: CpuPerRequest, ingest: CpuPerRequest) {
  const { loadGenerator, kafka, postgres } = ingest.msPerRequest;
  const othersMs = loadGenerator + kafka + postgres;
  const noopServerMs = noop.msPerRequest.server;
  const docsPerSecond = (ingest.cores * 1000) / (othersMs + noopServerMs);
  const noopBound = (noop.cores * 1000) / (noopServerMs + noop.msPerRequest.loadGenerator);
  return { noopServerMs, othersMs, docsPerSecond, noopBound, shareOfNoopBound: docsPerSecond / noopBound };
}

async function main() {
  const submissions = buildSubmissions(5000);
  const meanBody = Math.round(submissions.reduce((sum, s) => sum + s.body.length, 0) / submissions.length);
  const recordSize = meanBody + 5; // Confluent wire-format header
  // What bench-server.ts configures ingest with: main.ts's settings from the same variables.
  const ingestSettings = parseIngestConfig({ DATABASE_URL: config.databaseUrl, ...serverEnv });
  say(
    `ingest benchmark: concurrency ${config.concurrency}, ${config.seconds} s per phase after ${config.warmupSeconds} s warm-up, 14-document mix, mean body ${meanBody} B`,
  );
  say(
    `ingest as deployed: ${ingestSettings.kafkaProducers} producers, linger ${ingestSettings.kafkaLingerMs} ms, acks=all, idempotent; call limit leased from Postgres (${ingestSettings.keyLimit.points} per ${ingestSettings.keyLimit.windowSeconds} s); Idempotency-Key on ${config.keyedPercent}% of requests; ${config.rounds} round(s) of no-op, append, ingest`,
  );

  const run = await startBenchRun({
    databaseUrl: config.databaseUrl,
    kafkaBrokers: config.kafkaBrokers,
    schemaRegistryUrl: config.schemaRegistryUrl,
    logger,
  });
  const { runId } = run;
  const perfTopic = `tradelog.bench.perf.${runId}`;
  // The append service's own topics (bench-server.ts), beside ingest's, removed with them.
  const appendSuffix = `${runId}.append`;
  const appendTopics = documentTypes.map((type) => `${type.topic}.${appendSuffix}`);
  try {
    // Rounds alternate the phases, so that a neighbour's load on a shared machine falls on
    // both sides of a ratio rather than on one phase.
    const rounds: Round[] = [];
    for (let round = 1; round <= config.rounds; round++) {
      if (config.rounds > 1) say(`round ${round}`);
      const noop = await measureHttp('express no-op', ['noop'], submissions, run.partnerKey);
      const append = await measureHttp(
        'append service',
        ['append', appendSuffix],
        submissions,
        run.partnerKey,
      );
      const ingest = await measureHttp(
        'ingest',
        ['ingest', runId, run.databaseUrl],
        submissions,
        run.partnerKey,
      );
      const bound = noop.cpu && ingest.cpu ? boundByOthers(noop.cpu, ingest.cpu) : undefined;
      const costShare =
        append.cpu && ingest.cpu ? pipelineCostMs(append.cpu) / pipelineCostMs(ingest.cpu) : undefined;
      rounds.push({ noop, append, ingest, bound, costShare });
      say(
        `SHARE ingest ${ingest.perSecond.toFixed(0)} docs/s (p50 ${ingest.p50.toFixed(1)} / p95 ${ingest.p95.toFixed(1)} / p99 ${ingest.p99.toFixed(1)} ms, concurrency ${config.concurrency}) = ${percent(ingest.perSecond / append.perSecond)} of the append service (${append.perSecond.toFixed(0)} docs/s, target 60%) and ${percent(ingest.perSecond / noop.perSecond)} of express no-op (${noop.perSecond.toFixed(0)} req/s)`,
      );
      if (costShare !== undefined && append.cpu && ingest.cpu)
        say(
          `COST a document costs server + load generator + kafka + postgres ${pipelineCostMs(ingest.cpu).toFixed(3)} ms through ingest and ${pipelineCostMs(append.cpu).toFixed(3)} ms through the append service: ingest at ${percent(costShare)} of the append service by cost (the rest of the machine, ${ingest.cpu.msPerRequest.other.toFixed(3)} and ${append.cpu.msPerRequest.other.toFixed(3)} ms/doc, left out)`,
        );
      if (bound !== undefined) {
        say(
          `BOUND with ingest's process as cheap as the no-op's (${bound.noopServerMs.toFixed(3)} ms/req), load generator + kafka + postgres (${bound.othersMs.toFixed(3)} ms/doc) allow ${bound.docsPerSecond.toFixed(0)} docs/s, ${percent(bound.shareOfNoopBound)} of the no-op's own bound (${bound.noopBound.toFixed(0)}/s, server + load generator)`,
        );
      }
    }
    await createPerfTopic(perfTopic);
    const kafka = await measureKafkaPerf(perfTopic, recordSize);
    // The lower middle of an even count: two rounds report their worse one, not their better.
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
    const ofAppend = median(rounds.map((r) => r.ingest.perSecond / r.append.perSecond));
    const ofNoop = median(rounds.map((r) => r.ingest.perSecond / r.noop.perSecond));
    const ingestRate = median(rounds.map((r) => r.ingest.perSecond));
    const costShares = rounds.flatMap((r) => (r.costShare === undefined ? [] : [r.costShare]));
    const byCost = costShares.length > 0 ? median(costShares) : undefined;
    if (jsonOutput) {
      process.stdout.write(
        `${JSON.stringify({
          concurrency: config.concurrency,
          seconds: config.seconds,
          warmupSeconds: config.warmupSeconds,
          meanBodyBytes: meanBody,
          keyedPercent: config.keyedPercent,
          ingestSettings: {
            kafkaProducers: ingestSettings.kafkaProducers,
            kafkaLingerMs: ingestSettings.kafkaLingerMs,
            keyLimit: ingestSettings.keyLimit,
            maxWaitingBodies: ingestSettings.maxWaitingBodies,
          },
          rounds,
          kafkaPerfTest: { ...kafka, records: config.perfRecords, recordBytes: recordSize },
          ingestShareOfAppend: ofAppend,
          ingestShareOfNoop: ofNoop,
          ingestShareOfAppendByCost: byCost,
          ingestShareOfKafka: ingestRate / kafka.perSecond,
        })}\n`,
      );
    }
    say(
      `SUMMARY ingest ${ingestRate.toFixed(0)} docs/s = ${percent(ofAppend)} of the minimal append service (target 60%) and ${percent(ofNoop)} of express no-op${byCost === undefined ? '' : `; ${percent(byCost)} of the append service by cost`}${config.rounds > 1 ? ` (medians of ${config.rounds} rounds)` : ''}; ${percent(ingestRate / kafka.perSecond)} of kafka-producer-perf-test (${kafka.perSecond.toFixed(0)} rec/s at ${recordSize} B, acks=all); concurrency ${config.concurrency}, ${config.keyedPercent}% keyed`,
    );
  } finally {
    // The benchmark's topics, subjects and keys are throwaway: remove them.
    await run.cleanUp([perfTopic, ...appendTopics]);
  }
}

await main();
