import { useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { useDict, useLocale } from '../app/state.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { consoleCall } from './consoleApi.ts';
import {
  alertLabels,
  coveragePercent,
  createPortfolioStore,
  type PortfolioRow,
  type PortfolioStore,
} from './portfolioStore.ts';

/** The lender's open financings with the cover behind each (portfolioStore.ts), shown on demand. */
export function Portfolio(props: { apiKey: string }) {
  const t = useDict().console.lender.portfolio;
  const locale = useLocale();
  const id = useId();
  const store: PortfolioStore = useMemo(
    () =>
      createPortfolioStore(() =>
        consoleCall<{ dataList?: PortfolioRow[] }>(props.apiKey, locale, '/open/portfolio'),
      ),
    [props.apiKey, locale],
  );
  const state = useStore(store);
  const number = (value: number | null) =>
    value === null ? '—' : value.toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN');
  return (
    <section aria-labelledby={`${id}-title`} className="lender-portfolio" data-testid="portfolio">
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p className="muted">{t.lead}</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={state.status === 'busy'}
        onClick={() => void state.load()}
      >
        {t.show}
      </button>
      {state.status === 'error' && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.status === 'done' && state.rows.length === 0 && <p className="muted">{t.empty}</p>}
      {state.status === 'done' && state.rows.length > 0 && (
        <RefTable
          testId="portfolio-table"
          columns={[t.financing, t.alert, t.purchaseAmount, t.stockValue, t.unpriced, t.coverage, t.latest]}
        >
          {state.rows.map((row) => (
            <tr key={`${row.customerCode}|${row.financingOrderNo}`}>
              <td>
                {row.customerCode} {row.financingOrderNo}
              </td>
              <td>
                {alertLabels(row, t).map((label) => (
                  <div key={label}>⚠ {label}</div>
                ))}
              </td>
              <td>{number(row.purchaseAmount)}</td>
              <td>{number(row.stockValue)}</td>
              <td>{row.unpricedLines}</td>
              <td>{coveragePercent(row.coverage)}</td>
              <td>
                {row.latestEvents[0]
                  ? `${row.latestEvents[0].documentType} ${row.latestEvents[0].businessKey} · ${row.latestEvents[0].receivedAt}`
                  : ''}
              </td>
            </tr>
          ))}
        </RefTable>
      )}
    </section>
  );
}
