import { type Lead, leadForms } from '@tradelog/schemas/portal/forms';
import { useCallback, useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { consoleCall } from './consoleApi.ts';
import { localTime } from './consoleFormat.ts';
import { LoadedList } from './LoadedList.tsx';

// The forms query-api saves (schemas/src/portal/forms.ts), so a new one is offered here at once.
const forms = leadForms;
const pageSize = 50;

/** The operator's list of portal leads: filter by form, page on with "more". */
export function LeadsPanel(props: { apiKey: string }) {
  const t = useDict();
  const locale = useLocale();
  const o = t.console.ops;
  const [form, setForm] = useState('');
  const [leads, setLeads] = useState<Lead[]>();
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(
    async (before?: string) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (form) query.set('form', form);
      if (before) query.set('before', before);
      const answer = await consoleCall<{ dataList: Lead[] }>(props.apiKey, locale, `/ops/leads?${query}`);
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      setError(undefined);
      setComplete(answer.body.dataList.length < pageSize);
      setLeads((shown) => [...(before ? (shown ?? []) : []), ...answer.body.dataList]);
    },
    [props.apiKey, locale, form],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="leads-title" data-testid="leads">
      <h3 id="leads-title">{o.leads}</h3>
      <p className="muted small">{o.leadsNote}</p>
      <LeadFormFilter value={form} onChange={setForm} />
      {error && <FormError>{error}</FormError>}
      <LoadedList rows={leads} empty={o.noLeads}>
        {(leads) => (
          <>
            <RefTable columns={[o.leadAt, o.leadForm, o.leadSender, o.leadFields]} testId="leads-table">
              {leads.map((lead) => (
                <LeadRow key={lead.id} lead={lead} />
              ))}
            </RefTable>
            {!complete && (
              <button type="button" className="btn btn-small" onClick={() => void load(leads.at(-1)?.id)}>
                {o.more}
              </button>
            )}
          </>
        )}
      </LoadedList>
    </section>
  );
}

/** Which form's leads are listed; '' for every form. */
function LeadFormFilter(props: { value: string; onChange(form: string): void }) {
  const o = useDict().console.ops;
  return (
    <label>
      {o.leadForm}{' '}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{o.allForms}</option>
        {forms.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A lead: when, from which form, who sent it (and from which account), and what it said. */
function LeadRow(props: { lead: Lead }) {
  const o = useDict().console.ops;
  const locale = useLocale();
  const { lead } = props;
  return (
    <tr>
      <td>{localTime(lead.createdAt, locale)}</td>
      <th scope="row">{lead.form}</th>
      <td className="lead-sender">
        {lead.sender === null ? (
          <span className="muted">{o.leadSenderUnknown}</span>
        ) : (
          <>
            {[lead.sender.name, lead.sender.phone].filter(Boolean).join(' · ')}
            {lead.sender.account && (
              <span className="muted small">
                {' '}
                ({o.leadAccount}: {lead.sender.account.companyName})
              </span>
            )}
          </>
        )}
      </td>
      <td>
        <dl className="lead-fields">
          {Object.entries(lead.fields).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}
