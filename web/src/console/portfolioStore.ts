import type { Freshness } from '@tradelog/schemas/queries/freshness';
import type {
  PortfolioAnswer as AnsweredPortfolio,
  PortfolioRow as AnsweredPortfolioRow,
  FigureOrigin,
  PortfolioFigure,
} from '@tradelog/schemas/queries/portfolio';
import { createStore } from 'zustand/vanilla';
import { type AsOfShown, asOfParameter, asOfShownOf } from './chainStore.ts';

/**
 * The lender's portfolio (query-api `GET /open/portfolio`, query-api/README.md "Portfolio"): its
 * open financings as query-api sorts them (alerts first, then the lowest coverage), asked on
 * demand, now or as of a moment (`?asOf=`; moving the moment while shown asks again), with what
 * each figure was read from, and its exports. Framework-free (house style §13): the calls are
 * handed in.
 */

/**
 * A financing as the console shows it: the contract's row (schemas/src/queries/portfolio.ts), of
 * which it reads these figures; `alerts` may be absent from an older query API's answer.
 */
export type PortfolioRow = Pick<
  AnsweredPortfolioRow,
  | 'customerCode'
  | 'financingOrderNo'
  | 'alerted'
  | 'purchaseAmount'
  | 'stockValue'
  | 'unpricedLines'
  | 'coverage'
  | 'latestEvents'
> &
  Partial<Pick<AnsweredPortfolioRow, 'alerts'>>;

/**
 * What a figure reflects as the console reads it (the contract's `FigureOrigin`): its projection,
 * with when that had applied records, or as of a moment what was replayed.
 */
export type FigureSource = Pick<FigureOrigin, 'projection'> &
  Partial<Pick<Freshness, 'lastAppliedAt'>> & { asOf?: AsOfShown };

/**
 * The portfolio answer as the console reads it (the contract's `PortfolioAnswer`): its rows, the
 * figures' sources and what it reflects, each of which it does without when absent.
 */
export type PortfolioAnswer = Pick<AnsweredPortfolio, 'asOf'> & {
  dataList?: PortfolioRow[];
  figures?: FigureSources;
};

/** The sources of each figure the answer names them for. */
export type FigureSources = Partial<Record<PortfolioFigure, FigureSource[]>>;

export interface PortfolioCalls {
  /** GET /open/portfolio, with `?asOf=` when a moment is given (ISO, with its offset). */
  ask(asOf: string | undefined): Promise<{ ok: boolean; body: PortfolioAnswer; message: string }>;
  /** The same, as CSV or a workbook (query-api's `Accept` exports), saved. */
  download(asOf: string | undefined, format: 'csv' | 'xlsx'): Promise<{ ok: boolean; message: string }>;
}

export interface PortfolioState {
  status: 'idle' | 'busy' | 'done' | 'error';
  rows: PortfolioRow[];
  figures: FigureSources;
  /** The date-time picker's value (the browser's local time); '' for now. */
  asOf: string;
  shownAsOf: AsOfShown | undefined;
  error: string | undefined;
  /** How the table is ordered (`orderedRows`): as query-api sorts (alerts first), or lowest coverage first. */
  order: PortfolioOrder;
  load(): Promise<void>;
  setAsOf(value: string): Promise<void>;
  setOrder(order: PortfolioOrder): void;
  exportAs(format: 'csv' | 'xlsx'): Promise<void>;
}

export function createPortfolioStore(calls: PortfolioCalls) {
  return createStore<PortfolioState>()((set, get) => ({
    status: 'idle',
    rows: [],
    figures: {},
    asOf: '',
    shownAsOf: undefined,
    error: undefined,
    order: 'alerts',
    setOrder(order) {
      set({ order });
    },
    async load() {
      const { asOf } = get();
      set({ status: 'busy', error: undefined });
      const answer = await calls.ask(asOfParameter(asOf));
      // A later moment answers instead of this one.
      if (get().asOf !== asOf) return;
      if (!answer.ok)
        set({ status: 'error', error: answer.message, rows: [], figures: {}, shownAsOf: undefined });
      else
        set({
          status: 'done',
          rows: answer.body.dataList ?? [],
          figures: answer.body.figures ?? {},
          shownAsOf: asOfShownOf(answer.body),
        });
    },
    async setAsOf(value) {
      set({ asOf: value });
      if (get().status === 'done' || get().status === 'error') await get().load();
    },
    async exportAs(format) {
      const saved = await calls.download(asOfParameter(get().asOf), format);
      if (!saved.ok) set({ error: saved.message });
    },
  }));
}
export type PortfolioStore = ReturnType<typeof createPortfolioStore>;

export type PortfolioOrder = 'alerts' | 'coverage';

/**
 * The rows in the order a credit officer picked: `alerts` as query-api answers them (open
 * alerts first, then the lowest coverage), `coverage` the lowest coverage first whatever the
 * alerts (an unknown coverage first, as query-api puts it: nothing is known to cover it). Pure;
 * a stable sort, so equal coverages keep query-api's order.
 */
export function orderedRows(rows: readonly PortfolioRow[], order: PortfolioOrder): PortfolioRow[] {
  if (order === 'alerts') return [...rows];
  const rank = (row: PortfolioRow) => row.coverage ?? Number.NEGATIVE_INFINITY;
  return [...rows].sort((a, b) => rank(a) - rank(b));
}

/** A coverage ratio as a percentage with one decimal; '—' when it cannot be computed. */
export const coveragePercent = (coverage: number | null): string =>
  coverage === null ? '—' : `${(coverage * 100).toFixed(1)} %`;

/**
 * Where a figure was read from, for its column's note: each source's projection with the moment
 * it had applied records to, or as of a moment the records replayed and their last positions
 * (pure; the words are the caller's).
 */
export function figureSourceText(
  sources: readonly FigureSource[] | undefined,
  words: {
    applied(projection: string, at: string | null): string;
    replayed(projection: string, records: number, positions: string): string;
  },
): string {
  return (sources ?? [])
    .map((source) =>
      source.asOf
        ? words.replayed(
            source.projection,
            source.asOf.records,
            source.asOf.positions.map((p) => `${p.topic}:${p.partition}:${p.offset}`).join(', '),
          )
        : words.applied(source.projection, source.lastAppliedAt ?? null),
    )
    .join(' · ');
}

/** A row's latest document as one line: its type, business key and when it was received; '' when none. */
export function latestEventText(row: Pick<PortfolioRow, 'latestEvents'>): string {
  const latest = row.latestEvents[0];
  return latest ? `${latest.documentType} ${latest.businessKey} · ${latest.receivedAt}` : '';
}

/**
 * What a row's alert cell says: the reuse, each release (which receipt, by which document) and a
 * low coverage (under which threshold), in the words given.
 */
export function alertLabels(
  row: Pick<PortfolioRow, 'alerted' | 'alerts'>,
  words: { alerted: string; released: string; lowCoverage: string },
): string[] {
  const labels = row.alerted ? [words.alerted] : [];
  for (const alert of row.alerts ?? []) {
    if (alert.kind === 'collateral.released') {
      const receipt = [alert.collateral.warehouse, alert.collateral.number].filter(Boolean).join('/');
      const document = [alert.document.documentType, alert.document.receivedAt].filter(Boolean).join(' · ');
      labels.push(words.released.replace('{receipt}', receipt).replace('{document}', document));
    } else labels.push(words.lowCoverage.replace('{threshold}', coveragePercent(alert.threshold)));
  }
  return labels;
}
