import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { consoleStore, useLocale } from '../app/state.ts';
import { consoleCall, consoleExport } from './consoleApi.ts';
import { enterpriseChoices } from './keyAccount.ts';
import { lenderQueries, pagingFieldsOf, queryFields } from './lenderQueries.ts';
import { createLenderQueryStore, type LenderQueryStore } from './lenderQueryStore.ts';
import { enterpriseFieldsToDefault } from './lenderTableView.ts';

/**
 * The lender's query store, made for its key and language, with the chosen query's fields and
 * the enterprises it may ask about. A lender's enterprise fields start on its first grant, for
 * each query chosen.
 */
export function useLenderTables(apiKey: string) {
  const locale = useLocale();
  const store: LenderQueryStore = useMemo(
    () =>
      createLenderQueryStore({
        query: (path, body) => consoleCall(apiKey, locale, path, { method: 'POST', body }),
        download: (path, body, exportFormat) => consoleExport(apiKey, locale, path, body, exportFormat),
      }),
    [apiKey, locale],
  );
  const state = useStore(store);
  const choices = enterpriseChoices(useStore(consoleStore, (console) => console.account));
  const type = lenderQueries.find((candidate) => candidate.id === state.queryId)!;
  const fields = useMemo(() => queryFields(type.request), [type]);
  const paging = pagingFieldsOf(fields);
  const values = state.values[state.queryId] ?? {};
  useEffect(() => {
    if (!choices || choices.length === 0) return;
    const current = store.getState().values[state.queryId] ?? {};
    for (const name of enterpriseFieldsToDefault(fields, current, choices))
      store.getState().setValue(name, choices[0]!);
  }, [choices, fields, state.queryId, store]);
  return { state, choices, fields, paging, values };
}
