import { type ReactNode, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Locale } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { ColumnHeadings } from '../layout/RefTable.tsx';
import { consoleCall } from './consoleApi.ts';
import { displayTag } from './consoleFormat.ts';
import {
  barShares,
  createPipelineStore,
  type LagSample,
  type PipelineFailure,
  type PipelineStore,
  type ProjectionLag,
  parseSnapshot,
  sparklinePoints,
} from './pipelineStore.ts';

/** Each poll asks the broker for every topic's offsets; every few seconds is fresh enough for an operator. */
export const pipelinePollMs = 3000;
const seconds = pipelinePollMs / 1000;

/**
 * Polls `GET /ops/pipeline` while the page is visible (a hidden tab stops asking, and asks at
 * once when shown again); one request at a time, the next one `pipelinePollMs` after an answer.
 * Failures (503 when query-api has no Kafka or cannot reach it) are recorded and polling goes on.
 */
function usePipelinePolling(apiKey: string, locale: Locale, store: PipelineStore): void {
  useEffect(() => {
    let stopped = false;
    let inFlight = false;
    let timer: number | undefined;
    const visible = () => document.visibilityState === 'visible';
    const schedule = () => {
      if (!stopped && timer === undefined && visible()) timer = window.setTimeout(poll, pipelinePollMs);
    };
    const poll = async () => {
      timer = undefined;
      if (stopped || inFlight || !visible()) return;
      inFlight = true;
      const answer = await consoleCall(apiKey, locale, '/ops/pipeline');
      inFlight = false;
      if (stopped) return;
      const snapshot = answer.ok ? parseSnapshot(answer.body) : undefined;
      if (snapshot) store.getState().received(snapshot);
      else
        store.getState().failed({
          status: answer.status,
          code: answer.ok ? 'BAD_ANSWER' : (answer.body.code ?? String(answer.status)),
          message: answer.message,
        });
      schedule();
    };
    const onVisibility = () => {
      if (!visible()) {
        window.clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined) void poll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [apiKey, locale, store]);
}

const timeOf = (iso: string, locale: Locale) => new Date(iso).toLocaleTimeString(displayTag(locale));
const count = (value: number, locale: Locale) => value.toLocaleString(displayTag(locale));

function failureText(failure: PipelineFailure, o: ReturnType<typeof useDict>['console']['ops']): string {
  if (failure.code === 'KAFKA_NOT_CONFIGURED') return format(o.kafkaNotConfigured, { seconds });
  if (failure.code === 'KAFKA_UNAVAILABLE') return format(o.kafkaUnavailable, { seconds });
  const message = failure.code === 'BAD_ANSWER' ? o.badAnswer : failure.message;
  return format(o.pipelineFailed, { code: failure.code, message, seconds });
}

/** The operator's charts of `GET /ops/pipeline`: records per topic, and each projection's lag. */
export function PipelineCharts(props: { apiKey: string }) {
  const t = useDict();
  const o = t.console.ops;
  const locale = useLocale();
  const [store] = useState(() => createPipelineStore());
  usePipelinePolling(props.apiKey, locale, store);
  const latest = useStore(store, (state) => state.latest);
  const lagHistory = useStore(store, (state) => state.lagHistory);
  const failure = useStore(store, (state) => state.failure);

  return (
    <section className="pipeline" aria-labelledby="pipeline-title">
      <h3 id="pipeline-title">{o.pipeline}</h3>
      {failure && (
        <p className="form-error" role="alert" data-code={failure.code}>
          {failureText(failure, o)}
        </p>
      )}
      {failure && latest && (
        <p className="muted small">{format(o.lastFigures, { time: timeOf(latest.measuredAt, locale) })}</p>
      )}
      {!latest ? (
        !failure && <p className="loading">{t.common.loading}</p>
      ) : (
        <>
          <p className="muted small" aria-live="polite">
            {format(o.pipelineNote, { time: timeOf(latest.measuredAt, locale), seconds })}
          </p>
          <div className="pipeline-charts">
            <TopicChart topics={latest.topics} measuredAt={latest.measuredAt} />
            <figure className="chart lag-chart">
              <figcaption>{o.lagChart}</figcaption>
              <ul className="lag-cards">
                {latest.projections.map((projection, index) => (
                  <LagCard
                    key={projection.projection}
                    apiKey={props.apiKey}
                    projection={projection}
                    share={barShares(latest.projections.map((p) => p.lag))[index] ?? 0}
                    samples={lagHistory[projection.projection] ?? []}
                  />
                ))}
              </ul>
              <ChartDataTable
                caption={o.lagChart}
                columns={[o.projection, o.version, o.lag, o.appliedRecords, o.lastApplied, o.samples]}
              >
                {latest.projections.map((projection) => (
                  <tr key={projection.projection}>
                    <th scope="row">{projection.projection}</th>
                    <td>{projection.transport ? o.changesTopic : (projection.version ?? o.noLive)}</td>
                    <td>{projection.logReplaced ? o.logReplaced : projection.lag}</td>
                    <td>{projection.applied}</td>
                    <td>{projection.lastAppliedAt ?? '—'}</td>
                    <td>
                      {(lagHistory[projection.projection] ?? []).map((sample) => sample.lag).join(', ')}
                    </td>
                  </tr>
                ))}
              </ChartDataTable>
            </figure>
          </div>
        </>
      )}
    </section>
  );
}

const topicRow = 46;

/**
 * Horizontal bars, so long topic names stay readable at 375 px: the name above its bar, the
 * count at the bar's end. Positions are percentages of the chart's width, so the SVG follows
 * its container without scaling its text.
 */
function TopicChart(props: {
  topics: { topic: string; partitions: number; records: number }[];
  measuredAt: string;
}) {
  const t = useDict();
  const o = t.console.ops;
  const locale = useLocale();
  const shares = barShares(props.topics.map((topic) => topic.records));
  const summary = format(o.topicSummary, {
    time: timeOf(props.measuredAt, locale),
    list: props.topics
      .map((topic) => format(o.topicItem, { topic: topic.topic, records: topic.records }))
      .join(', '),
  });
  return (
    <figure className="chart topic-chart">
      <figcaption>{o.topicChart}</figcaption>
      {props.topics.length === 0 ? (
        <p className="muted">{o.noTopics}</p>
      ) : (
        <svg
          width="100%"
          height={props.topics.length * topicRow}
          role="img"
          aria-label={summary}
          data-testid="topic-chart"
        >
          {props.topics.map((topic, index) => {
            // The bar takes at most 80 % of the width; the rest holds its count.
            const width = (shares[index] ?? 0) * 80;
            const top = index * topicRow;
            return (
              <g key={topic.topic} className="topic-bar" data-topic={topic.topic}>
                <title>{`${topic.topic}: ${topic.records} (${o.partitions} ${topic.partitions})`}</title>
                <text x="0" y={top + 14} className="chart-label">
                  {topic.topic}
                </text>
                <rect x="0" y={top + 21} width="100%" height="14" rx="3" className="chart-track" />
                <rect x="0" y={top + 21} width={`${width}%`} height="14" rx="3" className="chart-bar" />
                <text x={`${width}%`} dx="6" y={top + 32} className="chart-value">
                  {count(topic.records, locale)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <ChartDataTable caption={o.topicChart} columns={[o.topic, o.partitions, o.records]}>
        {props.topics.map((topic) => (
          <tr key={topic.topic}>
            <th scope="row">{topic.topic}</th>
            <td>{topic.partitions}</td>
            <td>{topic.records}</td>
          </tr>
        ))}
      </ChartDataTable>
    </figure>
  );
}

/**
 * The operator's remedy for push on a replaced log, from the console as from the API (processors/
 * README.md "When the log was replaced"): push starts the changes topic's partitions over, so
 * every change of the new log is pushed. Asked first: subscribers then receive the new log's
 * changes from its beginning. The card goes once the next poll finds push on the new log.
 */
function StartPushOnNewLog(props: { apiKey: string }) {
  const o = useDict().console.ops;
  const locale = useLocale();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const start = async () => {
    if (!window.confirm(o.confirmPushOnNewLog)) return;
    const answer = await consoleCall<{ started: { partitions: unknown[] }[] }>(
      props.apiKey,
      locale,
      '/ops/push/start-on-new-log',
      { method: 'POST' },
    );
    setSaid(
      answer.ok
        ? {
            ok: true,
            text: format(o.pushStartedOnNewLog, {
              partitions: answer.body.started.reduce((sum, group) => sum + group.partitions.length, 0),
            }),
          }
        : { ok: false, text: answer.message },
    );
  };
  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => void start()}>
        {o.startPushOnNewLog}
      </button>
      {said && (
        <p className={said.ok ? 'muted small' : 'form-error'} role="status">
          {said.text}
        </p>
      )}
    </>
  );
}

const spark = { width: 100, height: 28 } as const;

/** One projection: its current lag as a bar (against the most lagging projection) and a sparkline of the samples so far. */
function LagCard(props: { apiKey: string; projection: ProjectionLag; share: number; samples: LagSample[] }) {
  const t = useDict();
  const o = t.console.ops;
  const locale = useLocale();
  const { projection, version, applied, lag } = props.projection;
  const lags = props.samples.map((sample) => sample.lag);
  const summary = format(o.lagSummary, {
    projection: version === null ? projection : `${projection} v${version}`,
    lag,
    applied,
    count: lags.length,
    first: lags[0] ?? lag,
    last: lags.at(-1) ?? lag,
    max: Math.max(0, ...lags),
  });
  const points = sparklinePoints(props.samples, spark.width, spark.height);
  const caption = (
    <p className="lag-caption">
      {props.projection.transport
        ? format(o.lagCaptionPush, { projection })
        : version === null
          ? format(o.lagCaptionNoVersion, { projection })
          : format(o.lagCaption, { projection, version })}
    </p>
  );
  if (props.projection.logReplaced)
    return (
      <li className="lag-card" data-projection={projection} data-state="log-replaced">
        {caption}
        <p className="form-error" role="alert">
          <strong>{o.logReplaced}</strong> {props.projection.logReplaced[locale]}
        </p>
        {props.projection.transport && <StartPushOnNewLog apiKey={props.apiKey} />}
      </li>
    );
  return (
    <li className="lag-card" data-projection={projection}>
      {caption}
      <svg width="100%" height="86" role="img" aria-label={summary}>
        <rect x="0" y="4" width="100%" height="16" rx="3" className="chart-track" />
        <rect x="0" y="4" width={`${props.share * 100}%`} height="16" rx="3" className="chart-bar lag-bar" />
        <text x="0" y="40" className="chart-value lag-value">
          {format(o.lagValue, { lag: count(lag, locale), applied: count(applied, locale) })}
        </text>
        <svg
          x="0"
          y="52"
          width="100%"
          height={spark.height}
          viewBox={`0 0 ${spark.width} ${spark.height}`}
          preserveAspectRatio="none"
          className="sparkline"
          aria-hidden="true"
        >
          <line
            x1="0"
            y1={spark.height}
            x2={spark.width}
            y2={spark.height}
            className="sparkline-base"
            vectorEffect="non-scaling-stroke"
          />
          {points && <polyline points={points} fill="none" vectorEffect="non-scaling-stroke" />}
        </svg>
      </svg>
    </li>
  );
}

/** A chart's figures as a table for screen readers, hidden from sight (the chart shows them). */
function ChartDataTable(props: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{props.caption}</caption>
        <ColumnHeadings columns={props.columns} />
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
