import type {
  DeadLetterState,
  ListedDeadLetter,
  ListedProjection,
  ViewedDeadLetter,
} from '@tradelog/schemas/queries/operations';
import { useCallback, useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { consoleCall } from './consoleApi.ts';
import { type BulkAnswer, bulkOutcome, toggled } from './deadLetterSelection.ts';
import { type ProjectionVersion, summarise } from './operations.ts';

/** Rebuilds report progress about once a second (processors' rebuild loop); poll at that pace while one runs. */
const pollMs = 1000;

type OperatorCall = ReturnType<typeof useOperatorCall>;
type Report = (error: string | undefined) => void;

/** The operator's key and language on every call. */
function useOperatorCall(apiKey: string) {
  const locale = useLocale();
  return useCallback(
    <T>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) =>
      consoleCall<T>(apiKey, locale, path, { method, ...(body === undefined ? {} : { body }) }),
    [apiKey, locale],
  );
}

/**
 * The operator console's state: the projections with their versions (polled while a rebuild
 * runs) and the dead letters. Both load together whenever the dead letters' filter changes, as
 * the page has always asked for them. `acted` counts this page's actions, so the audit list
 * reloads after each.
 */
export function useOperatorConsole(apiKey: string) {
  const [error, setError] = useState<string>();
  const [acted, setActed] = useState(0);
  const bumpActed = useCallback(() => setActed((n) => n + 1), []);
  const call = useOperatorCall(apiKey);
  const projections = useProjectionVersions(call, setError, bumpActed);
  const letters = useDeadLetters(call, setError, bumpActed);
  const { loadVersions } = projections;
  const { loadLetters } = letters;

  useEffect(() => {
    void loadVersions();
    void loadLetters();
  }, [loadVersions, loadLetters]);

  const running = Object.values(projections.versions).some(
    (list) => summarise(list).rebuilding !== undefined,
  );
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void loadVersions(), pollMs);
    return () => window.clearInterval(timer);
  }, [running, loadVersions]);

  return { error, acted, bumpActed, projections, letters };
}

function useProjectionVersions(call: OperatorCall, setError: Report, bumpActed: () => void) {
  const [declared, setDeclared] = useState<ListedProjection[]>([]);
  const [versions, setVersions] = useState<Record<string, ProjectionVersion[]>>({});

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
  }, [call, setError]);

  const rebuild = async (
    name: string,
    method: 'POST' | 'DELETE' = 'POST',
    body?: { acceptDifferences: true },
  ) => {
    const answer = await call(`/ops/rebuild/${name}`, method, body);
    setError(answer.ok ? undefined : answer.message);
    bumpActed();
    await loadVersions();
  };

  return { declared, versions, loadVersions, rebuild };
}

function useDeadLetters(call: OperatorCall, setError: Report, bumpActed: () => void) {
  const o = useDict().console.ops;
  const [letters, setLetters] = useState<ListedDeadLetter[]>();
  const [letterState, setLetterState] = useState<DeadLetterState>('open');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewed, setViewed] = useState<ViewedDeadLetter>();
  const [bulkResult, setBulkResult] = useState<string>();

  const loadLetters = useCallback(async () => {
    const answer = await call<{ dataList: ListedDeadLetter[] }>(
      `/ops/dead-letters?state=${letterState}&limit=100`,
    );
    if (answer.ok) {
      setLetters(answer.body.dataList);
      setSelected(new Set());
    } else setError(answer.message);
  }, [call, letterState, setError]);

  const retry = async (id: string) => {
    const answer = await call(`/ops/dead-letters/${id}/retry`, 'POST');
    setError(answer.ok ? undefined : answer.message);
    bumpActed();
    await loadLetters();
  };
  const bulk = async (action: 'retry' | 'discard') => {
    const answer = await call<BulkAnswer>(`/ops/dead-letters/${action}`, 'POST', { ids: [...selected] });
    setError(answer.ok ? undefined : answer.message);
    if (answer.ok) setBulkResult(format(o.tools.bulkDone, bulkOutcome(answer.body)));
    bumpActed();
    await loadLetters();
  };
  const view = async (id: string) => {
    const answer = await call<ViewedDeadLetter>(`/ops/dead-letters/${id}`);
    if (answer.ok) setViewed(answer.body);
    else setError(answer.message);
  };
  const toggle = (id: string) => setSelected((current) => toggled(current, id));

  return {
    letters,
    letterState,
    setLetterState,
    selected,
    viewed,
    bulkResult,
    loadLetters,
    retry,
    bulk,
    view,
    toggle,
  };
}
