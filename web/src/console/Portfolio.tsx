import type { PortfolioFigure } from '@tradelog/schemas/queries/portfolio';
import { useEffect, useId, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Locale } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { ViewAsOfPicker } from './AsOfPicker.tsx';
import { withAsOf } from './chainStore.ts';
import { consoleCall, consoleExport } from './consoleApi.ts';
import { displayTag, localTime } from './consoleFormat.ts';
import {
  alertLabels,
  coveragePercent,
  createPortfolioStore,
  type FigureSources,
  figureSourceText,
  latestEventText,
  orderedRows,
  type PortfolioAnswer,
  type PortfolioOrder,
  type PortfolioRow,
  type PortfolioState,
  type PortfolioStore,
} from './portfolioStore.ts';

/**
 * The lender's open financings with the cover behind each (portfolioStore.ts): the lender tab's
 * landing view, asked as it opens, now or as of a moment, in the order the officer picks, with
 * what each figure was read from, the exports of the table, and each financing's chain a click
 * away (`onOpenChain`, with the portfolio's moment).
 */
export function Portfolio(props: {
  apiKey: string;
  onOpenChain(financing: { customerCode: string; financingOrderNo: string }, asOf: string): void;
}) {
  const t = useDict().console.lender.portfolio;
  const locale = useLocale();
  const id = useId();
  const store: PortfolioStore = useMemo(
    () =>
      createPortfolioStore({
        ask: (asOf) => consoleCall<PortfolioAnswer>(props.apiKey, locale, withAsOf('/open/portfolio', asOf)),
        download: (asOf, exportFormat) =>
          consoleExport(props.apiKey, locale, withAsOf('/open/portfolio', asOf), undefined, exportFormat),
      }),
    [props.apiKey, locale],
  );
  const state = useStore(store);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  return (
    <section aria-labelledby={`${id}-title`} className="lender-portfolio" data-testid="portfolio">
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p className="muted">{t.lead}</p>
      <ViewAsOfPicker id={`${id}-as-of`} testId="portfolio-as-of" view={state} />
      <PortfolioToolbar state={state} />
      {state.status === 'error' && <FormError>{state.error}</FormError>}
      {state.status === 'done' && state.rows.length === 0 && <p className="muted">{t.empty}</p>}
      {state.status === 'done' && state.rows.length > 0 && (
        <>
          <RefTable
            testId="portfolio-table"
            columns={[t.financing, t.alert, t.purchaseAmount, t.stockValue, t.unpriced, t.coverage, t.latest]}
          >
            {orderedRows(state.rows, state.order).map((row) => (
              <FinancingRow
                key={`${row.customerCode}|${row.financingOrderNo}`}
                row={row}
                onOpenChain={() => props.onOpenChain(row, state.asOf)}
              />
            ))}
          </RefTable>
          {/* Each figure's freshness (query-api/README.md "Portfolio"): the financings and alerts from one read, the stock from another. */}
          <PortfolioFigures figures={state.figures} />
        </>
      )}
    </section>
  );
}

/** Ask again, the order of the rows, and the exports of the table. */
function PortfolioToolbar(props: { state: PortfolioState }) {
  const dict = useDict().console.lender;
  const t = dict.portfolio;
  const { state } = props;
  return (
    <div className="actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={state.status === 'busy'}
        onClick={() => void state.load()}
      >
        {t.show}
      </button>
      <label className="inline-field">
        {t.order}{' '}
        <select
          value={state.order}
          onChange={(event) => state.setOrder(event.target.value as PortfolioOrder)}
        >
          {(['alerts', 'coverage'] as const).map((order) => (
            <option key={order} value={order}>
              {t.orders[order]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn" onClick={() => void state.exportAs('csv')}>
        {dict.tables.exportCsv}
      </button>
      <button type="button" className="btn" onClick={() => void state.exportAs('xlsx')}>
        {dict.tables.exportXlsx}
      </button>
    </div>
  );
}

const amountText = (value: number | null, locale: Locale) =>
  value === null ? '—' : value.toLocaleString(displayTag(locale));

/** One financing: its numbers and the way to its chain, its alerts, its figures and its latest document. */
function FinancingRow(props: { row: PortfolioRow; onOpenChain(): void }) {
  const t = useDict().console.lender.portfolio;
  const locale = useLocale();
  const { row } = props;
  return (
    <tr>
      <td>
        {row.customerCode} {row.financingOrderNo}{' '}
        <button
          type="button"
          className="link-button"
          aria-label={format(t.openChainOf, { financing: row.financingOrderNo })}
          onClick={props.onOpenChain}
        >
          {t.openChain}
        </button>
      </td>
      <td>
        {alertLabels(row, t).map((label) => (
          <div key={label}>⚠ {label}</div>
        ))}
      </td>
      <td>{amountText(row.purchaseAmount, locale)}</td>
      <td>{amountText(row.stockValue, locale)}</td>
      <td>{row.unpricedLines}</td>
      <td>{coveragePercent(row.coverage)}</td>
      <td>{latestEventText(row)}</td>
    </tr>
  );
}

/** What the purchase amount, stock value and coverage were each read from (`figureSourceText`). */
function PortfolioFigures(props: { figures: FigureSources }) {
  const t = useDict().console.lender.portfolio;
  const locale = useLocale();
  const sourceOf = (figure: PortfolioFigure) =>
    figureSourceText(props.figures[figure], {
      applied: (projection, appliedAt) =>
        format(t.applied, { projection, at: appliedAt ? localTime(appliedAt, locale) : '—' }),
      replayed: (projection, records, positions) => format(t.replayed, { projection, records, positions }),
    });
  return (
    <dl className="muted portfolio-figures" data-testid="portfolio-figures">
      <dt>{t.purchaseAmount}</dt>
      <dd>{sourceOf('purchaseAmount')}</dd>
      <dt>{t.stockValue}</dt>
      <dd>{sourceOf('stockValue')}</dd>
      <dt>{t.coverage}</dt>
      <dd>{sourceOf('coverage')}</dd>
    </dl>
  );
}
