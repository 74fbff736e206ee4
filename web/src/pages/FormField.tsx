import type { ReactNode } from 'react';
import type { FormPage } from '../app/routes.ts';
import { useDict } from '../app/state.ts';
import { type ErrorKey, type FieldSpec, industryOptions } from '../forms/validation.ts';
import { format } from '../i18n/i18n.ts';
import type { FormStore } from '../stores/forms.ts';
import { autoCompleteOf, inputTypeOf } from './formFieldAttributes.ts';
import { LegalTextLink } from './LegalTextLink.tsx';
import type { SettleRole } from './useFormView.ts';

/** What a field needs from its form: the store it writes to, and the SMS code's state. */
export interface FieldContext {
  form: FormPage;
  baseId: string;
  store: FormStore;
  settleRoles: readonly SettleRole[];
  sms: { cooldown: number; smsError: string | undefined; getCode: () => void };
}

/** The attributes every control of a field carries: its name, and its error for assistive technology. */
function controlAttributes(field: FieldSpec, id: string, error: ErrorKey | undefined, store: FormStore) {
  return {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': field.required || undefined,
    onBlur: () => store.getState().blur(field.name),
  } as const;
}

/** One field of a form: its label, its control, and its error under it. */
export function FormField(props: {
  field: FieldSpec;
  value: string | boolean | undefined;
  error: ErrorKey | undefined;
  context: FieldContext;
}) {
  const t = useDict();
  const { field, error, context } = props;
  const id = `${context.baseId}-${field.name}`;
  const common = controlAttributes(field, id, error, context.store);
  const message = error && (
    <p className="field-error" id={`${id}-error`}>
      {t.forms.validation[error]}
    </p>
  );
  if (field.kind === 'terms') {
    const labels = t.forms.labels;
    return (
      <div className="field checkbox">
        <input
          {...common}
          type="checkbox"
          checked={props.value === true}
          onChange={(event) => context.store.getState().change(field.name, event.target.checked)}
        />
        <label htmlFor={id}>{labels.terms}</label> <LegalTextLink text="terms" label={labels.readTerms} />{' '}
        <LegalTextLink text="privacy" label={labels.readPrivacy} />
        {message}
      </div>
    );
  }
  return (
    <div className="field">
      <FieldLabel field={field} id={id} />
      <FieldControl
        field={field}
        common={common}
        value={typeof props.value === 'string' ? props.value : ''}
        context={context}
      />
      {field.kind === 'code' && <SmsCodeState sms={context.sms} />}
      {message}
    </div>
  );
}

function FieldLabel(props: { field: FieldSpec; id: string }) {
  const labels = useDict().forms.labels;
  const { field } = props;
  const label =
    field.kind === 'phone' ? labels.telephone : (labels[field.name as keyof typeof labels] ?? field.name);
  return (
    <label htmlFor={props.id}>
      {label}
      {field.required && (
        <span className="required" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

function FieldControl(props: {
  field: FieldSpec;
  common: ReturnType<typeof controlAttributes>;
  value: string;
  context: FieldContext;
}): ReactNode {
  const t = useDict();
  const { field, common, value, context } = props;
  const onChange = (next: string) => context.store.getState().change(field.name, next);
  if (field.kind === 'select') {
    return (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.forms.placeholders.choose}</option>
        {(field.name === 'role' ? context.settleRoles : industryOptions).map((option) => (
          <option key={option} value={option}>
            {t.forms.industries[option]}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'textarea') {
    return (
      <textarea
        {...common}
        rows={4}
        value={value}
        placeholder={
          field.name === 'specification'
            ? t.forms.placeholders.specification
            : field.name === 'demand'
              ? t.forms.placeholders.demand
              : undefined
        }
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (field.kind === 'code') {
    return (
      <div className="inline">
        <input
          {...common}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="btn"
          disabled={context.sms.cooldown > 0}
          onClick={context.sms.getCode}
        >
          {t.forms.getCode}
        </button>
      </div>
    );
  }
  return (
    <input
      {...common}
      type={inputTypeOf(field.kind)}
      inputMode={field.kind === 'quantity' ? 'numeric' : undefined}
      autoComplete={autoCompleteOf(field.kind, context.form)}
      placeholder={field.name === 'certification' ? t.forms.placeholders.certification : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Under the code field: how long until another code may be asked for, or why sending failed. */
function SmsCodeState(props: { sms: FieldContext['sms'] }) {
  const t = useDict();
  const { cooldown, smsError } = props.sms;
  return (
    <>
      {cooldown > 0 && (
        <p className="hint" role="status">
          {format(t.forms.codeSent, { seconds: cooldown })}
        </p>
      )}
      {smsError && (
        <p className="field-error" role="alert">
          {smsError}
        </p>
      )}
    </>
  );
}
