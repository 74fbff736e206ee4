import { createStore } from 'zustand/vanilla';

/**
 * The operator's pipeline view (an operator sees topics and consumer lag as charts):
 * query-api's `GET /ops/pipeline` answers, and each projection's lag over the samples taken
 * since the page opened. Framework-free: a pure reducer over samples, wrapped in a zustand store;
 * the charts only paint what the endpoint returned.
 */
export interface TopicRecords {
  topic: string;
  partitions: number;
  records: number;
}

export interface ProjectionLag {
  projection: string;
  /** The live version whose offsets were read; null while a projection has no live version. */
  version: number | null;
  applied: number;
  lag: number;
  lastAppliedAt: string | null;
  /**
   * Its checkpoints are of another log (processors/README.md "When the log was replaced"): it
   * has no lag to give (`lag` is 0 here, never shown), only the operator's words.
   */
  logReplaced?: { cn: string; en: string };
  /** The push processor on the changes topic (`push` of the answer): a transport, with no version. */
  transport?: true;
}

export interface PipelineSnapshot {
  topics: TopicRecords[];
  projections: ProjectionLag[];
  measuredAt: string;
}

export interface LagSample {
  at: string;
  lag: number;
}

export interface PipelineFailure {
  status: number;
  code: string;
  message: string;
}

export interface PipelineSamples {
  latest: PipelineSnapshot | undefined;
  /** Per projection, oldest first, at most `cap` samples. */
  lagHistory: Record<string, LagSample[]>;
  failure: PipelineFailure | undefined;
}

/** At the page's 3 s pace, 60 samples are the last three minutes. */
export const sampleCap = 60;

export const emptySamples: PipelineSamples = { latest: undefined, lagHistory: {}, failure: undefined };

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The snapshot in an answer body, or undefined when the body is not the endpoint's shape (a
 * proxy's HTML page, an older query-api): nothing is drawn from a guess.
 */
export function parseSnapshot(body: unknown): PipelineSnapshot | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { topics, projections, measuredAt } = body as Record<string, unknown>;
  if (!Array.isArray(topics) || !Array.isArray(projections) || typeof measuredAt !== 'string')
    return undefined;
  if (Number.isNaN(Date.parse(measuredAt))) return undefined;
  const topicRows: TopicRecords[] = [];
  for (const row of topics as Record<string, unknown>[]) {
    if (typeof row?.topic !== 'string' || !isCount(row.partitions) || !isCount(row.records)) return undefined;
    topicRows.push({ topic: row.topic, partitions: row.partitions, records: row.records });
  }
  const projectionRows: ProjectionLag[] = [];
  // The push processor's rows follow the projections' (an older query-api answers none).
  const push = (body as { push?: unknown }).push;
  const pushRows = (Array.isArray(push) ? (push as Record<string, unknown>[]) : []).map(
    (row): Record<string, unknown> => ({
      ...row,
      projection:
        row?.consumerGroup === 'tradelog-push' ? 'push' : `push (${String(row?.consumerGroup ?? '')})`,
      transport: true as const,
    }),
  );
  for (const row of [...(projections as Record<string, unknown>[]), ...pushRows]) {
    const message = (row?.logReplaced as { message?: { cn?: unknown; en?: unknown } } | undefined)?.message;
    const replaced =
      row?.state === 'log-replaced' && typeof message?.cn === 'string' && typeof message.en === 'string'
        ? { cn: message.cn, en: message.en }
        : undefined;
    if (typeof row?.projection !== 'string' || !isCount(row.applied) || !(replaced || isCount(row.lag)))
      return undefined;
    projectionRows.push({
      projection: row.projection,
      version: typeof row.version === 'number' ? row.version : null,
      applied: row.applied,
      lag: replaced ? 0 : (row.lag as number),
      lastAppliedAt: typeof row.lastAppliedAt === 'string' ? row.lastAppliedAt : null,
      ...(replaced ? { logReplaced: replaced } : {}),
      ...(row.transport === true ? { transport: true as const } : {}),
    });
  }
  return { topics: topicRows, projections: projectionRows, measuredAt };
}

/**
 * Adds a measurement: it becomes the latest, each projection's lag is appended to its history
 * (capped, oldest dropped), and a previous failure is cleared. A measurement not newer than the
 * latest (a slow answer overtaken by a later one) is ignored, so the sparkline never goes back
 * in time.
 */
export function withSnapshot(
  state: PipelineSamples,
  snapshot: PipelineSnapshot,
  cap = sampleCap,
): PipelineSamples {
  if (state.latest && Date.parse(snapshot.measuredAt) <= Date.parse(state.latest.measuredAt)) return state;
  const lagHistory: Record<string, LagSample[]> = { ...state.lagHistory };
  for (const projection of snapshot.projections) {
    if (projection.logReplaced) continue;
    const previous = lagHistory[projection.projection] ?? [];
    lagHistory[projection.projection] = [...previous, { at: snapshot.measuredAt, lag: projection.lag }].slice(
      -cap,
    );
  }
  return { latest: snapshot, lagHistory, failure: undefined };
}

/** A failed poll: the figures already measured stay (with their time), the failure is shown. */
export function withFailure(state: PipelineSamples, failure: PipelineFailure): PipelineSamples {
  return { ...state, failure };
}

export interface PipelineState extends PipelineSamples {
  received(snapshot: PipelineSnapshot): void;
  failed(failure: PipelineFailure): void;
}

export function createPipelineStore(cap = sampleCap) {
  return createStore<PipelineState>()((set, get) => ({
    ...emptySamples,
    received(snapshot) {
      set(withSnapshot(get(), snapshot, cap));
    },
    failed(failure) {
      set(withFailure(get(), failure));
    },
  }));
}
export type PipelineStore = ReturnType<typeof createPipelineStore>;

/** Bar length as a share of the longest; all-zero figures give empty bars, not a divide by zero. */
export function barShares(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? value / max : 0));
}

/**
 * The points of a sparkline of lag samples in a `width`×`height` box, oldest on the left, zero
 * at the bottom; one sample is a flat line across the box. Empty for no samples.
 */
export function sparklinePoints(samples: readonly LagSample[], width: number, height: number): string {
  if (samples.length === 0) return '';
  const max = Math.max(1, ...samples.map((sample) => sample.lag));
  const y = (lag: number) => Number((height - (lag / max) * height).toFixed(2));
  if (samples.length === 1) return `0,${y(samples[0]!.lag)} ${width},${y(samples[0]!.lag)}`;
  const step = width / (samples.length - 1);
  return samples.map((sample, index) => `${Number((index * step).toFixed(2))},${y(sample.lag)}`).join(' ');
}
