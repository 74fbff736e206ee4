import { type FormEvent, useState } from 'react';
import { useDict } from '../app/state.ts';
import {
  emptyAccountForm,
  grantsAnyEnterprise,
  type NewAccountForm,
  newAccountBody,
} from './accountCommands.ts';
import { InputField } from './InputField.tsx';
import { LabelledField } from './LabelledField.tsx';

const accountKinds = ['partner', 'lender', 'subscriber', 'operator'] as const;

/** A new account with its first grants; cleared, but for its kind, once the server has made it. */
export function AccountCreateForm(props: {
  id: string;
  act: (path: string, body: unknown) => Promise<boolean>;
}) {
  const t = useDict().console.ops.accounts;
  const { id } = props;
  const [form, setForm] = useState<NewAccountForm>(emptyAccountForm);
  const anyEnterprise = grantsAnyEnterprise(form);
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const done = await props.act('/ops/accounts', newAccountBody(form));
    if (done)
      setForm({ ...form, name: '', code: '', enterprises: '', feeds: '', confirmAnyEnterprise: false });
  };
  const text = (name: 'name' | 'code' | 'enterprises' | 'feeds') => (
    <InputField
      id={`${id}-${name}`}
      label={t[name]}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
    />
  );
  return (
    <form className="console-form inline-form" onSubmit={create}>
      <LabelledField id={`${id}-kind`} label={t.kind}>
        <select
          id={`${id}-kind`}
          value={form.kind}
          onChange={(event) => setForm({ ...form, kind: event.target.value })}
        >
          {accountKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </LabelledField>
      {text('name')}
      {text('code')}
      {text('enterprises')}
      {text('feeds')}
      {anyEnterprise && (
        <label className="field checkbox">
          <input
            type="checkbox"
            checked={form.confirmAnyEnterprise}
            onChange={(event) => setForm({ ...form, confirmAnyEnterprise: event.target.checked })}
          />{' '}
          {t.confirmAny}
        </label>
      )}
      <button type="submit" className="btn btn-primary">
        {t.create}
      </button>
    </form>
  );
}
