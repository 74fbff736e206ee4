import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import type {
  DeadLetterState,
  ListedDeadLetter,
  ListedProjection,
  ViewedDeadLetter,
} from '@tradelog/schemas/queries/operations';
import { useCallback, useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format, pick } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { AccountsPanel } from './AccountsPanel.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { consoleCall } from './consoleApi.ts';
import { LeadsPanel } from './LeadsPanel.tsx';
import { type ProjectionVersion, rebuildFraction, summarise } from './operations.ts';
import { PipelineCharts } from './PipelineCharts.tsx';
import { RecordBrowser, RecordValue } from './RecordBrowser.tsx';

/** Rebuilds report progress about once a second (processors' rebuild loop); poll at that pace while one runs. */
const pollMs = 1000;

export function OperatorConsole(props: { apiKey: string }) {
  const t = useDict();
  const locale = useLocale();
  const o = t.console.ops;
  const [declared, setDeclared] = useState<ListedProjection[]>([]);
  const [versions, setVersions] = useState<Record<string, ProjectionVersion[]>>({});
  const [letters, setLetters] = useState<ListedDeadLetter[]>();
  const [letterState, setLetterState] = useState<DeadLetterState>('open');
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewed, setViewed] = useState<ViewedDeadLetter>();
  const [bulkResult, setBulkResult] = useState<string>();
  // Bumped after each action of this page, so the audit list shows it.
  const [acted, setActed] = useState(0);
  const call = useCallback(
    <T,>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) =>
      consoleCall<T>(props.apiKey, locale, path, { method, ...(body === undefined ? {} : { body }) }),
    [props.apiKey, locale],
  );

  const loadVersions = useCallback(async () => {
    const listed = await call<{ projections: ListedProjection[] }>('/ops/projections');
    if (!listed.ok) {
      setError(listed.message);
      return;
    }
    const names = listed.body.projections.map((p) => p.name);
    setDeclared(listed.body.projections);
    const answers = await Promise.all(
      names.map((name) => call<{ versions: ProjectionVersion[] }>(`/ops/rebuild/${name}`)),
    );
    const failed = answers.find((answer) => !answer.ok);
    if (failed) setError(failed.message);
    setVersions(Object.fromEntries(names.map((name, index) => [name, answers[index]?.body.versions ?? []])));
  }, [call]);

  const loadLetters = useCallback(async () => {
    const answer = await call<{ dataList: ListedDeadLetter[] }>(
      `/ops/dead-letters?state=${letterState}&limit=100`,
    );
    if (answer.ok) {
      setLetters(answer.body.dataList);
      setSelected(new Set());
    } else setError(answer.message);
  }, [call, letterState]);

  useEffect(() => {
    void loadVersions();
    void loadLetters();
  }, [loadVersions, loadLetters]);

  const running = Object.values(versions).some((list) => summarise(list).rebuilding !== undefined);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void loadVersions(), pollMs);
    return () => window.clearInterval(timer);
  }, [running, loadVersions]);

  const rebuild = async (name: string, method: 'POST' | 'DELETE' = 'POST') => {
    const answer = await call(`/ops/rebuild/${name}`, method);
    setError(answer.ok ? undefined : answer.message);
    setActed((n) => n + 1);
    await loadVersions();
  };
  const retry = async (id: string) => {
    const answer = await call(`/ops/dead-letters/${id}/retry`, 'POST');
    setError(answer.ok ? undefined : answer.message);
    setActed((n) => n + 1);
    await loadLetters();
  };
  const bulk = async (action: 'retry' | 'discard') => {
    const answer = await call<{ retrying?: string[]; discarded?: string[]; skipped: string[] }>(
      `/ops/dead-letters/${action}`,
      'POST',
      { ids: [...selected] },
    );
    setError(answer.ok ? undefined : answer.message);
    if (answer.ok) {
      const changed = (answer.body.retrying ?? answer.body.discarded ?? []).length;
      setBulkResult(format(o.tools.bulkDone, { changed, skipped: answer.body.skipped.length }));
    }
    setActed((n) => n + 1);
    await loadLetters();
  };
  const view = async (id: string) => {
    const answer = await call<ViewedDeadLetter>(`/ops/dead-letters/${id}`);
    if (answer.ok) setViewed(answer.body);
    else setError(answer.message);
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section>
      <h2>{t.console.operator.title}</h2>
      {error && <FormError>{error}</FormError>}
      <PipelineCharts apiKey={props.apiKey} />

      <h3>{o.projections}</h3>
      <ul className="projection-list">
        {declared.map(({ name, title }) => {
          const { live, rebuilding } = summarise(versions[name] ?? []);
          const fraction = rebuildFraction(rebuilding?.progress);
          return (
            <li key={name} className="card projection-card">
              <h4>
                {pick(title, locale)} <code>{name}</code>
              </h4>
              <p>
                {o.live}: {live ? `v${live.version}` : o.noLive}
              </p>
              {rebuilding ? (
                <>
                  <p>
                    {format(o.rebuilding, {
                      version: rebuilding.version,
                      state: rebuilding.progress?.state ?? rebuilding.state,
                    })}
                  </p>
                  <div
                    className="meter"
                    role="progressbar"
                    aria-label={`${name} v${rebuilding.version}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(fraction * 100)}
                  >
                    <div className="meter-bar" style={{ width: `${Math.round(fraction * 100)}%` }} />
                  </div>
                  <p className="muted small">
                    {format(o.applied, {
                      records: rebuilding.progress?.recordsApplied ?? 0,
                      lag: rebuilding.progress?.remainingLag ?? '—',
                      rate: rebuilding.progress?.ratePerSecond ?? 0,
                    })}
                  </p>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => void rebuild(name, 'DELETE')}
                  >
                    {o.tools.cancel}
                  </button>
                </>
              ) : (
                <button type="button" className="btn btn-small" onClick={() => void rebuild(name)}>
                  {o.rebuild}
                </button>
              )}
            </li>
          );
        })}
      </ul>

      <h3>{o.deadLetters}</h3>
      <label>
        {o.deadLetterState}{' '}
        <select
          value={letterState}
          onChange={(event) => setLetterState(event.target.value as DeadLetterState)}
          data-testid="dead-letter-state"
        >
          {(Object.keys(o.deadLetterStates) as DeadLetterState[]).map((state) => (
            <option key={state} value={state}>
              {o.deadLetterStates[state]}
            </option>
          ))}
        </select>
      </label>
      {bulkResult && (
        <p role="status" className="muted">
          {bulkResult}
        </p>
      )}
      {letters === undefined ? (
        <p className="loading">{t.common.loading}</p>
      ) : letters.length === 0 ? (
        <p className="muted">{o.noDeadLetters}</p>
      ) : (
        <>
          <div className="actions">
            <button
              type="button"
              className="btn"
              disabled={selected.size === 0}
              onClick={() => void bulk('retry')}
            >
              {o.tools.retrySelected}
            </button>
            <button
              type="button"
              className="btn"
              disabled={selected.size === 0}
              onClick={() => void bulk('discard')}
            >
              {o.tools.discardSelected}
            </button>
          </div>
          <RefTable
            columns={[
              '',
              o.projection,
              o.position,
              o.error,
              o.failedAt,
              o.deadLetterState,
              t.console.subs.actions,
            ]}
            testId="dead-letters"
          >
            {letters.map((letter) => (
              <tr key={letter.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={format(o.tools.select, { id: letter.id })}
                    checked={selected.has(letter.id)}
                    onChange={() => toggle(letter.id)}
                  />
                </td>
                <th scope="row">{letter.projection}</th>
                <td>
                  <code>
                    {letter.topic}/{letter.partition}@{letter.offset}
                  </code>
                </td>
                <td>
                  <code>{letter.errorCode}</code> {letter.errorMessage}
                </td>
                <td>{new Date(letter.failedAt).toLocaleString(locale === 'cn' ? 'zh-CN' : 'en-GB')}</td>
                <td>{o.deadLetterStates[letter.state] ?? letter.state}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => void view(letter.id)}>
                    {o.tools.view}
                  </button>{' '}
                  {letter.state === 'open' && (
                    <button type="button" className="btn btn-small" onClick={() => void retry(letter.id)}>
                      {o.retry}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </RefTable>
        </>
      )}
      {viewed && (
        <section className="card" data-testid="dead-letter-payload">
          <h4>{format(o.tools.payload, { id: viewed.id })}</h4>
          <p className="small">
            <code>
              {viewed.topic}/{viewed.partition}@{viewed.offset}
            </code>{' '}
            <code>{viewed.errorCode}</code> {viewed.errorMessage}
          </p>
          <p className="small">
            {o.tools.key}: <code>{viewed.recordKey ?? '—'}</code>
          </p>
          <p className="small">
            {o.tools.headers}: <code>{JSON.stringify(viewed.headers)}</code>
          </p>
          <RecordValue record={viewed.payload} />
        </section>
      )}

      <RecordBrowser apiKey={props.apiKey} />
      <AccountsPanel apiKey={props.apiKey} onChange={() => setActed((n) => n + 1)} />
      <AuditPanel apiKey={props.apiKey} version={acted} />

      <LeadsPanel apiKey={props.apiKey} />

      <h3>{o.topics}</h3>
      <RefTable columns={[t.docs.topic, t.console.partner.type, t.docs.partitions, t.docs.keyField]}>
        {documentTypes.map((type) => (
          <tr key={type.id}>
            <th scope="row">
              <code>{type.topic}</code>
            </th>
            <td>{pick(type.title, locale)}</td>
            <td>{type.partitions}</td>
            <td>
              <code>{type.keyField}</code>
            </td>
          </tr>
        ))}
      </RefTable>
    </section>
  );
}
