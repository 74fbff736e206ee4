import type { LinkNodePaging } from '@tradelog/schemas/queries/responses';
import { type FormEvent, type RefObject, useEffect, useId } from 'react';
import { useStore } from 'zustand';
import { consoleStore, useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { ViewAsOfPicker } from './AsOfPicker.tsx';
import { ChainDiagram } from './ChainDiagram.tsx';
import { CollateralAlerts } from './CollateralAlerts.tsx';
import type { ChainRequest, ChainStore } from './chainStore.ts';
import { EnterpriseField } from './EnterpriseField.tsx';
import { InputField } from './InputField.tsx';
import { enterpriseChoices } from './keyAccount.ts';
import { LabelledField } from './LabelledField.tsx';

/**
 * The lender's link-node look-up: a document's chain (query spec, link-node query) drawn as of a
 * chosen moment with the collateral it exposes, and the collateral alerts below it.
 */
export function LinkNodeLookup(props: {
  apiKey: string;
  store: ChainStore;
  sectionRef: RefObject<HTMLElement | null>;
}) {
  const t = useDict();
  const id = useId();
  const choices = enterpriseChoices(useStore(consoleStore, (state) => state.account));
  const { store } = props;
  const state = useStore(store);
  // A lender picks among its grants: the first one until it picks another.
  useEffect(() => {
    const current = store.getState().request.customerCode;
    if (choices && choices.length > 0 && !choices.includes(current))
      store.getState().setField('customerCode', choices[0]!);
  }, [choices, store]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void state.lookUp(1);
  };
  return (
    <section aria-labelledby={`${id}-title`} ref={props.sectionRef}>
      <h2 id={`${id}-title`}>{t.console.lender.title}</h2>
      <form className="console-form inline-form" onSubmit={submit}>
        <LabelledField id={`${id}-code`} label={t.console.lender.customerCode}>
          <EnterpriseField
            id={`${id}-code`}
            choices={choices}
            maxLength={20}
            value={state.request.customerCode}
            onChange={(value) => state.setField('customerCode', value)}
          />
        </LabelledField>
        <LabelledField id={`${id}-type`} label={t.console.lender.documentsType}>
          <select
            id={`${id}-type`}
            value={state.request.documentsType}
            onChange={(event) =>
              state.setField('documentsType', event.target.value as ChainRequest['documentsType'])
            }
          >
            {(['10', '20', '30', '40'] as const).map((value) => (
              <option key={value} value={value}>
                {value} {t.console.lender.documentsTypes[value]}
              </option>
            ))}
          </select>
        </LabelledField>
        <InputField
          id={`${id}-no`}
          label={t.console.lender.documentsNo}
          required
          maxLength={32}
          value={state.request.documentsNo}
          onChange={(value) => state.setField('documentsNo', value)}
        />
        <button type="submit" className="btn btn-primary" disabled={state.status === 'busy'}>
          {t.console.lender.lookup}
        </button>
      </form>
      <ViewAsOfPicker id={`${id}-as-of`} className="chain-as-of" testId="chain-as-of" view={state} />
      {state.status === 'error' && <FormError>{state.error}</FormError>}
      {state.status === 'done' && state.reusedCount && (
        <p className="muted" data-testid="chain-reused-count">
          {format(t.console.lender.reusedCount, state.reusedCount)}
        </p>
      )}
      {state.status === 'done' && state.response && (
        <ChainDiagram response={state.response} collateral={state.collateral} />
      )}
      {state.paging && state.paging.totalCount > state.paging.pageSize && (
        <ChainPager paging={state.paging} busy={state.status === 'busy'} show={state.lookUp} />
      )}
      <CollateralAlerts apiKey={props.apiKey} />
    </section>
  );
}

/** A chain longer than a page is drawn a page of its documents at a time (chainStore.ts `chainPageSize`). */
function ChainPager(props: { paging: LinkNodePaging; busy: boolean; show: (page: number) => Promise<void> }) {
  const t = useDict().console.lender;
  const { page, pageSize, totalCount } = props.paging;
  const pages = Math.ceil(totalCount / pageSize);
  const from = Math.min(totalCount, (page - 1) * pageSize + 1);
  const to = Math.min(totalCount, page * pageSize);
  return (
    <nav className="pager" aria-label={t.diagram}>
      <button
        type="button"
        className="btn"
        disabled={page <= 1 || props.busy}
        onClick={() => void props.show(page - 1)}
      >
        {t.tables.previous}
      </button>
      <span data-testid="chain-page">{format(t.chainPage, { from, to, total: totalCount })}</span>
      <button
        type="button"
        className="btn"
        disabled={page >= pages || props.busy}
        onClick={() => void props.show(page + 1)}
      >
        {t.tables.next}
      </button>
    </nav>
  );
}
