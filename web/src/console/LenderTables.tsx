import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { consoleStore, useDict, useLocale } from '../app/state.ts';
import { format, pick } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { AsOfPicker } from './AsOfPicker.tsx';
import { consoleCall, consoleExport } from './consoleApi.ts';
import { EnterpriseField } from './EnterpriseField.tsx';
import { enterpriseChoices, enterpriseFieldNames } from './keyAccount.ts';
import { filterRows, lenderQueries, pagingFieldsOf, queryFields } from './lenderQueries.ts';
import { createLenderQueryStore, type LenderQueryStore } from './lenderQueryStore.ts';

/**
 * Every enterprise query of a lender as a table: the interface's form (its request schema),
 * paging by the answer's totalCount, a filter over the page shown, and exports of the answer
 * as CSV or Excel made by query-api (lenderQueries.ts, lenderQueryStore.ts).
 */
export function LenderTables(props: { apiKey: string }) {
  const t = useDict().console.lender.tables;
  const locale = useLocale();
  const id = useId();
  const store: LenderQueryStore = useMemo(
    () =>
      createLenderQueryStore({
        query: (path, body) => consoleCall(props.apiKey, locale, path, { method: 'POST', body }),
        download: (path, body, exportFormat) => consoleExport(props.apiKey, locale, path, body, exportFormat),
      }),
    [props.apiKey, locale],
  );
  const state = useStore(store);
  const choices = enterpriseChoices(useStore(consoleStore, (console) => console.account));
  const [filter, setFilter] = useState('');
  const type = lenderQueries.find((candidate) => candidate.id === state.queryId)!;
  const fields = useMemo(() => queryFields(type.request), [type]);
  const paging = pagingFieldsOf(fields);
  const values = state.values[state.queryId] ?? {};
  const shown = state.table ? filterRows(state.table, filter) : undefined;
  // A lender's enterprise fields start on its first grant (keyAccount.ts), for each query chosen.
  useEffect(() => {
    if (!choices || choices.length === 0) return;
    const current = store.getState().values[state.queryId] ?? {};
    for (const field of fields)
      if (enterpriseFieldNames.has(field.name) && !choices.includes(current[field.name] ?? ''))
        store.getState().setValue(field.name, choices[0]!);
  }, [choices, fields, state.queryId, store]);

  return (
    <section aria-labelledby={`${id}-title`} className="lender-tables">
      <h2 id={`${id}-title`}>{t.title}</h2>
      <form
        className="console-form inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void state.run(paging ? 1 : undefined);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-query`}>{t.query}</label>
          <select
            id={`${id}-query`}
            value={state.queryId}
            onChange={(event) => {
              setFilter('');
              state.choose(event.target.value as typeof state.queryId);
            }}
          >
            {lenderQueries.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {pick(candidate.title, locale)}
              </option>
            ))}
          </select>
        </div>
        {fields.map((field) => (
          <div className="field" key={`${state.queryId}-${field.name}`}>
            <label htmlFor={`${id}-${field.name}`} title={pick(field.description, locale)}>
              {pick(field.title, locale)} ({field.name}){field.required ? ` · ${t.required}` : ''}
            </label>
            {field.kind === 'choice' ? (
              <select
                id={`${id}-${field.name}`}
                value={values[field.name] ?? field.defaultValue}
                required={field.required}
                onChange={(event) => state.setValue(field.name, event.target.value)}
              >
                {!field.required && <option value="" />}
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.value} {pick(option.title, locale)}
                  </option>
                ))}
              </select>
            ) : choices && enterpriseFieldNames.has(field.name) ? (
              // A lender picks among its grants (the first until it picks another).
              <EnterpriseField
                id={`${id}-${field.name}`}
                choices={choices}
                required={field.required}
                value={values[field.name] ?? ''}
                onChange={(value) => state.setValue(field.name, value)}
              />
            ) : (
              <input
                id={`${id}-${field.name}`}
                inputMode={field.kind === 'number' ? 'numeric' : undefined}
                required={field.required}
                maxLength={field.maxLength}
                placeholder={field.defaultValue}
                aria-invalid={state.invalidField === field.name ? true : undefined}
                value={values[field.name] ?? ''}
                onChange={(event) => state.setValue(field.name, event.target.value)}
              />
            )}
          </div>
        ))}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={state.status === 'busy'}>
            {t.run}
          </button>
          <button type="button" className="btn" onClick={() => void state.exportAs('csv')}>
            {t.exportCsv}
          </button>
          <button type="button" className="btn" onClick={() => void state.exportAs('xlsx')}>
            {t.exportXlsx}
          </button>
          {paging && (
            <>
              <button type="button" className="btn" onClick={() => void state.exportAs('csv', 'all')}>
                {t.exportAllCsv}
              </button>
              <button type="button" className="btn" onClick={() => void state.exportAs('xlsx', 'all')}>
                {t.exportAllXlsx}
              </button>
            </>
          )}
        </div>
      </form>
      <AsOfPicker
        id={`${id}-as-of`}
        testId="query-as-of"
        value={state.asOf}
        onChange={(value) => void state.setAsOf(value)}
        shown={state.status === 'done' ? state.shownAsOf : undefined}
      />
      {state.invalidField && <FormError>{format(t.invalid, { field: state.invalidField })}</FormError>}
      {state.error && <FormError>{state.error}</FormError>}
      {state.status === 'done' && shown && (
        <div data-testid="query-answer">
          <div className="inline-form">
            <div className="field">
              <label htmlFor={`${id}-filter`}>{t.filter}</label>
              <input id={`${id}-filter`} value={filter} onChange={(event) => setFilter(event.target.value)} />
            </div>
            <p className="muted" role="status">
              {format(t.rows, { shown: shown.rows.length, count: state.table?.rows.length ?? 0 })}
            </p>
          </div>
          {shown.rows.length === 0 ? (
            <p className="muted">{t.empty}</p>
          ) : (
            <RefTable columns={shown.columns} testId="query-table">
              {shown.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a page's rows have no identity beyond their place
                <tr key={index}>
                  {row.map((cell, column) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                    <td key={column}>{cell === null ? '' : String(cell)}</td>
                  ))}
                </tr>
              ))}
            </RefTable>
          )}
          {state.page && (
            <nav className="pager" aria-label={t.title}>
              <button
                type="button"
                className="btn"
                disabled={state.page.page <= 1 || state.status !== 'done'}
                onClick={() => void state.run((state.page?.page ?? 2) - 1)}
              >
                {t.previous}
              </button>
              <span data-testid="query-page">
                {format(t.total, {
                  total: state.page.totalCount,
                  page: state.page.page,
                  pages: state.page.pageCount,
                })}
              </span>
              <button
                type="button"
                className="btn"
                disabled={state.page.page >= state.page.pageCount || state.status !== 'done'}
                onClick={() => void state.run((state.page?.page ?? 0) + 1)}
              >
                {t.next}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
