import type { Logger } from '@tradelog/schemas';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import client from 'prom-client';
import type { ConsumerHealth } from './runtime/checkpointedConsumer.ts';

/**
 * The processors' health (ARCHITECTURE "A dependency outage of any length pauses the process;
 * it never exits because of one"): which dependency is down, which consumer waits for what.
 *
 * - `/health` fails (503) only when the process cannot recover by itself: stopping, or a
 *   consumer that stopped without being asked to. A dependency outage is not that: the
 *   consumers pause and resume on their own, and restarting the process would not help.
 * - `/ready` is 503 while any dependency is down or any consumer waits for one, so a load
 *   balancer or an operator sees the pause.
 * - A consumer stopped on another log's checkpoints (runtime/checkpointedConsumer.ts) makes the
 *   state `log-replaced`: not ready, yet alive, since a restart would stop it again; only an
 *   operator's rebuild, or the right cluster, ends it (processors/README.md "When the log was
 *   replaced").
 */
export type DependencyName = 'postgres' | 'kafka' | 'registry';

export interface DependencyState {
  ok: boolean;
  checkedAt: string;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'starting' | 'degraded' | 'log-replaced' | 'failing' | 'stopping';
  live: boolean;
  ready: boolean;
  dependencies: Partial<Record<DependencyName, DependencyState>>;
  consumers: ConsumerHealth[];
}

/** Rebuilds of a consumer, while the broker answers the probe, after which it counts as crashed. */
export const stuckAfterRestarts = 5;

/** The pure core: from what the probes and consumers say to the two answers. */
export function assessHealth(input: {
  stopping: boolean;
  /** Start-up still waits for a dependency or for the consumers to start. */
  starting?: boolean;
  dependencies: Partial<Record<DependencyName, DependencyState>>;
  consumers: readonly ConsumerHealth[];
}): HealthReport {
  // A consumer that stopped unasked, or keeps failing to rejoin while the broker answers, cannot
  // recover by itself: restarting the process is the remedy an orchestrator can apply.
  const brokerUp = input.dependencies.kafka?.ok === true;
  const crashed = input.consumers.some(
    (c) =>
      (c.consumer.state === 'stopped' && !c.retired && !c.logReplaced) ||
      (c.consumer.state === 'reconnecting' && brokerUp && c.consumer.failedRestarts >= stuckAfterRestarts),
  );
  const dependencyDown = Object.values(input.dependencies).some((d) => d && !d.ok);
  const waiting = input.consumers.some((c) => c.waitingFor !== undefined || c.consumer.state !== 'running');
  const replaced = input.consumers.some((c) => c.logReplaced !== undefined);
  const status = input.stopping
    ? 'stopping'
    : crashed
      ? 'failing'
      : replaced
        ? 'log-replaced'
        : input.starting
          ? 'starting'
          : dependencyDown || waiting
            ? 'degraded'
            : 'ok';
  return {
    status,
    live: status !== 'stopping' && status !== 'failing',
    ready: status === 'ok',
    dependencies: input.dependencies,
    consumers: [...input.consumers],
  };
}

export interface LagSource {
  projection: string;
  consumerGroup: string;
  topics: readonly string[];
}

export interface HealthMonitorOptions {
  pool: pg.Pool;
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  schemaRegistryUrl: string;
  logger: Logger;
  /** The live versions whose lag is exported (read on every probe). */
  lagSources: () => LagSource[];
  /** The consumers, for `tradelog_consumer_log_replaced` (read on every probe). */
  consumers?: () => readonly ConsumerHealth[];
  intervalMs?: number;
  now?: () => Date;
}

/** The gauges the monitor exports, in a registry of their own. */
function healthGauges() {
  const registry = new client.Registry();
  const gauge = (name: string, help: string, label: 'projection' | 'consumer' | 'dependency') =>
    new client.Gauge({ name, help, labelNames: [label] as const, registers: [registry] });
  return {
    registry,
    lag: gauge(
      'tradelog_projection_lag_records',
      'Records in the log that the live version of a projection (or, as "push", the push processor on the changes topic) has not applied yet',
      'projection',
    ),
    lastAppliedAge: gauge(
      'tradelog_projection_last_applied_age_seconds',
      'Seconds since the live version of a projection last applied a batch',
      'projection',
    ),
    deadLetters: gauge(
      'tradelog_dead_letters_open',
      'Dead letters not resolved yet, per consumer (projection or push)',
      'projection',
    ),
    parkedChangeEvents: gauge(
      'tradelog_change_events_parked',
      'Change events the log refused for their size, parked in the outbox: their pushes are not sent',
      'projection',
    ),
    outboxWaiting: gauge(
      'tradelog_change_outbox_waiting',
      'Change events written by a projection and not yet published to the changes topic (parked ones aside)',
      'projection',
    ),
    outboxOldestAge: gauge(
      'tradelog_change_outbox_oldest_seconds',
      'Seconds the oldest change event waiting in the outbox has waited: pushes wait behind it',
      'projection',
    ),
    logReplaced: gauge(
      'tradelog_consumer_log_replaced',
      '1 while a consumer (projection or push) is stopped because its checkpoints are of another log',
      'consumer',
    ),
    up: gauge('tradelog_dependency_up', '1 when the dependency answered the last probe', 'dependency'),
  };
}

type HealthGauges = ReturnType<typeof healthGauges>;
type RecordProbe = (name: DependencyName, error?: unknown) => void;

async function probePostgres(
  options: HealthMonitorOptions,
  gauges: HealthGauges,
  record: RecordProbe,
  now: () => Date,
) {
  try {
    await options.pool.query('SELECT 1');
    record('postgres');
  } catch (error) {
    record('postgres', error);
    return;
  }
  const { rows } = await options.pool
    .query(
      `SELECT projection, count(*)::int AS open FROM dead_letters WHERE state <> 'resolved' GROUP BY projection`,
    )
    .catch(() => ({ rows: [] as { projection: string; open: number }[] }));
  gauges.deadLetters.reset();
  for (const row of rows) gauges.deadLetters.set({ projection: row.projection }, row.open);
  // The outbox: what waits to be published and since when (a changes topic Kafka keeps refusing,
  // its ACL or the topic itself, shows only here), and what was parked for its size.
  const outbox = await options.pool
    .query<{ projection: string; parked: number; waiting: number; oldest: Date | null }>(
      `SELECT projection, count(*) FILTER (WHERE parked_at IS NOT NULL)::int AS parked,
         count(*) FILTER (WHERE parked_at IS NULL)::int AS waiting,
         min(created_at) FILTER (WHERE parked_at IS NULL) AS oldest
       FROM change_outbox GROUP BY projection`,
    )
    .catch(() => ({
      rows: [] as { projection: string; parked: number; waiting: number; oldest: Date | null }[],
    }));
  for (const gauge of [gauges.parkedChangeEvents, gauges.outboxWaiting, gauges.outboxOldestAge])
    gauge.reset();
  for (const row of outbox.rows) {
    const labels = { projection: row.projection };
    if (row.parked > 0) gauges.parkedChangeEvents.set(labels, row.parked);
    if (row.waiting === 0 || row.oldest === null) continue;
    gauges.outboxWaiting.set(labels, row.waiting);
    gauges.outboxOldestAge.set(labels, Math.max(0, (now().getTime() - row.oldest.getTime()) / 1000));
  }
}

const kafkaProbeTimeoutMs = 5_000;

/** `promise`, or a failure naming what did not answer once `timeoutMs` passed. */
async function answeredWithin<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // The probe that lost the race may still fail later: that failure is already told.
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function probeKafkaAndLag(
  options: HealthMonitorOptions,
  gauges: HealthGauges,
  record: RecordProbe,
  now: () => Date,
) {
  const sources = options.lagSources();
  const topics = [...new Set(sources.flatMap((s) => s.topics))];
  let ends: Awaited<ReturnType<typeof topicOffsets>>;
  try {
    // Bounded: with the broker gone the client retries its connection for longer than a probe
    // interval, and the last answer (ok) would stand meanwhile.
    ends = await answeredWithin(
      topicOffsets({
        brokers: options.brokers,
        security: options.security,
        topics,
        logger: options.logger,
      }),
      kafkaProbeTimeoutMs,
      'Kafka',
    );
    record('kafka');
  } catch (error) {
    record('kafka', error);
    return;
  }
  for (const source of sources) {
    const { rows } = await options.pool
      .query(
        'SELECT topic, partition, next_offset, applied_at FROM projection_checkpoints WHERE consumer_group = $1',
        [source.consumerGroup],
      )
      .catch(() => ({ rows: [] }));
    const stored = new Map(rows.map((row) => [`${row.topic}/${row.partition}`, BigInt(row.next_offset)]));
    let behind = 0n;
    for (const topic of source.topics)
      for (const p of ends.get(topic) ?? [])
        behind += BigInt(p.end) - (stored.get(`${topic}/${p.partition}`) ?? 0n);
    gauges.lag.set({ projection: source.projection }, Number(behind));
    const last = rows.reduce<Date | undefined>(
      (latest, row) => (latest === undefined || row.applied_at > latest ? row.applied_at : latest),
      undefined,
    );
    if (last)
      gauges.lastAppliedAge.set({ projection: source.projection }, (now().getTime() - last.getTime()) / 1000);
  }
}

async function probeRegistry(options: HealthMonitorOptions, record: RecordProbe) {
  try {
    const response = await fetch(`${options.schemaRegistryUrl.replace(/\/$/, '')}/schemas/types`, {
      signal: AbortSignal.timeout(3000),
    });
    record('registry', response.ok ? undefined : new Error(`registry answered ${response.status}`));
  } catch (error) {
    record('registry', error);
  }
}

/**
 * Probes the dependencies every few seconds (a `select 1`, the topics' end offsets, the
 * registry's schema types) and exports, from the same reads, each projection's lag, the age of
 * its last applied batch and its open dead letters as Prometheus gauges.
 */
export function createHealthMonitor(options: HealthMonitorOptions) {
  const now = options.now ?? (() => new Date());
  const gauges = healthGauges();
  const dependencies: Partial<Record<DependencyName, DependencyState>> = {};
  let timer: NodeJS.Timeout | undefined;
  let probing: Promise<void> | undefined;

  const record: RecordProbe = (name, error) => {
    dependencies[name] = {
      ok: error === undefined,
      checkedAt: now().toISOString(),
      ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
    };
    gauges.up.set({ dependency: name }, error === undefined ? 1 : 0);
  };

  function probe(): Promise<void> {
    for (const consumer of options.consumers?.() ?? [])
      gauges.logReplaced.set({ consumer: consumer.name }, consumer.logReplaced ? 1 : 0);
    probing ??= Promise.all([
      probePostgres(options, gauges, record, now),
      probeKafkaAndLag(options, gauges, record, now),
      probeRegistry(options, record),
    ])
      .then(() => undefined)
      .catch((error: unknown) => options.logger.warn('health probe failed', { error }))
      .finally(() => {
        probing = undefined;
      });
    return probing;
  }

  return {
    registry: gauges.registry,
    dependencies: () => ({ ...dependencies }),
    probe,
    start() {
      void probe();
      timer = setInterval(() => void probe(), options.intervalMs ?? 3000);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
