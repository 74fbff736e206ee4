import type { AnswerTable } from '@tradelog/schemas/queries/answerTable';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { InputField } from './InputField.tsx';
import type { LenderQueryState } from './lenderQueryStore.ts';
import { cellText } from './lenderTableView.ts';

/** The answer shown: filtered by the text typed over it, with the pager when the query pages. */
export function QueryAnswer(props: {
  id: string;
  state: LenderQueryState;
  shown: AnswerTable;
  filter: string;
  setFilter: (filter: string) => void;
}) {
  const t = useDict().console.lender.tables;
  const { id, state, shown } = props;
  return (
    <div data-testid="query-answer">
      <div className="inline-form">
        <InputField id={`${id}-filter`} label={t.filter} value={props.filter} onChange={props.setFilter} />
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
                <td key={column}>{cellText(cell)}</td>
              ))}
            </tr>
          ))}
        </RefTable>
      )}
      {state.page && <QueryPager state={state} page={state.page} />}
    </div>
  );
}

function QueryPager(props: { state: LenderQueryState; page: NonNullable<LenderQueryState['page']> }) {
  const t = useDict().console.lender.tables;
  const { state, page } = props;
  return (
    <nav className="pager" aria-label={t.title}>
      <button
        type="button"
        className="btn"
        disabled={page.page <= 1 || state.status !== 'done'}
        onClick={() => void state.run((state.page?.page ?? 2) - 1)}
      >
        {t.previous}
      </button>
      <span data-testid="query-page">
        {format(t.total, { total: page.totalCount, page: page.page, pages: page.pageCount })}
      </span>
      <button
        type="button"
        className="btn"
        disabled={page.page >= page.pageCount || state.status !== 'done'}
        onClick={() => void state.run((state.page?.page ?? 0) + 1)}
      >
        {t.next}
      </button>
    </nav>
  );
}
