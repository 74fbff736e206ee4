import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { EnterpriseField } from './EnterpriseField.tsx';
import { enterpriseFieldNames } from './keyAccount.ts';
import { LabelledField } from './LabelledField.tsx';
import { lenderQueries, type QueryField } from './lenderQueries.ts';
import type { LenderQueryState } from './lenderQueryStore.ts';

/** The chosen query's form, made from its request schema, with the run and export buttons. */
export function LenderQueryForm(props: {
  id: string;
  state: LenderQueryState;
  fields: QueryField[];
  values: Record<string, string>;
  choices: string[] | undefined;
  paging: boolean;
  choose: (queryId: QueryTypeId) => void;
}) {
  const t = useDict().console.lender.tables;
  const locale = useLocale();
  const { id, state, paging } = props;
  return (
    <form
      className="console-form inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void state.run(paging ? 1 : undefined);
      }}
    >
      <LabelledField id={`${id}-query`} label={t.query}>
        <select
          id={`${id}-query`}
          value={state.queryId}
          onChange={(event) => props.choose(event.target.value as QueryTypeId)}
        >
          {lenderQueries.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {pick(candidate.title, locale)}
            </option>
          ))}
        </select>
      </LabelledField>
      {props.fields.map((field) => (
        <QueryFieldInput
          key={`${state.queryId}-${field.name}`}
          id={`${id}-${field.name}`}
          field={field}
          value={props.values[field.name]}
          choices={props.choices}
          state={state}
        />
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
  );
}

function QueryFieldInput(props: {
  id: string;
  field: QueryField;
  value: string | undefined;
  choices: string[] | undefined;
  state: LenderQueryState;
}) {
  const t = useDict().console.lender.tables;
  const locale = useLocale();
  const { id, field, value, choices, state } = props;
  return (
    <div className="field">
      <label htmlFor={id} title={pick(field.description, locale)}>
        {pick(field.title, locale)} ({field.name}){field.required ? ` · ${t.required}` : ''}
      </label>
      {field.kind === 'choice' ? (
        <select
          id={id}
          value={value ?? field.defaultValue}
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
          id={id}
          choices={choices}
          required={field.required}
          value={value ?? ''}
          onChange={(next) => state.setValue(field.name, next)}
        />
      ) : (
        <input
          id={id}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          required={field.required}
          maxLength={field.maxLength}
          placeholder={field.defaultValue}
          aria-invalid={state.invalidField === field.name ? true : undefined}
          value={value ?? ''}
          onChange={(event) => state.setValue(field.name, event.target.value)}
        />
      )}
    </div>
  );
}
