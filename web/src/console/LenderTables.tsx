import { useId, useState } from 'react';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { ViewAsOfPicker } from './AsOfPicker.tsx';
import { LenderQueryForm } from './LenderQueryForm.tsx';
import { filterRows } from './lenderQueries.ts';
import { QueryAnswer } from './QueryAnswer.tsx';
import { useLenderTables } from './useLenderTables.ts';

/**
 * Every enterprise query of a lender as a table: the interface's form (its request schema),
 * paging by the answer's totalCount, a filter over the page shown, and exports of the answer
 * as CSV or Excel made by query-api (lenderQueries.ts, lenderQueryStore.ts).
 */
export function LenderTables(props: { apiKey: string }) {
  const t = useDict().console.lender.tables;
  const id = useId();
  const { state, choices, fields, paging, values } = useLenderTables(props.apiKey);
  const [filter, setFilter] = useState('');
  const shown = state.table ? filterRows(state.table, filter) : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="lender-tables">
      <h2 id={`${id}-title`}>{t.title}</h2>
      <LenderQueryForm
        id={id}
        state={state}
        fields={fields}
        values={values}
        choices={choices}
        paging={Boolean(paging)}
        choose={(queryId) => {
          setFilter('');
          state.choose(queryId);
        }}
      />
      <ViewAsOfPicker id={`${id}-as-of`} testId="query-as-of" view={state} />
      {state.invalidField && <FormError>{format(t.invalid, { field: state.invalidField })}</FormError>}
      {state.error && <FormError>{state.error}</FormError>}
      {state.status === 'done' && shown && (
        <QueryAnswer id={id} state={state} shown={shown} filter={filter} setFilter={setFilter} />
      )}
    </section>
  );
}
