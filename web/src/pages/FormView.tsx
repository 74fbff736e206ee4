import { useId } from 'react';
import { type FormPage, pathOf } from '../app/routes.ts';
import { useDict, useLocale, usePlatformLinks, useSession } from '../app/state.ts';
import { formFields } from '../forms/validation.ts';
import type { RequestOptions } from '../http/request.ts';
import { FormError } from '../layout/FormError.tsx';
import { Link } from '../layout/Link.tsx';
import { type FieldContext, FormField } from './FormField.tsx';
import { isLoginForm, successHeading } from './formFieldAttributes.ts';
import { useFormStore, useFormSubmit, useSettleRoles, useSmsCode } from './useFormView.ts';

export function FormView(props: {
  form: FormPage;
  heading?: boolean;
  /** The call that saves the values, when not `customerDemand/save` (the join calls, content README "Join pages"). */
  send?: (values: Record<string, unknown>) => RequestOptions;
}) {
  const { form } = props;
  const t = useDict();
  const { store, values, outcome, errors } = useFormStore(form);
  const baseId = useId();
  const userName = useSession((state) => state.userName);
  const sms = useSmsCode(store, values.phone);
  const settleRoles = useSettleRoles(form);
  const submit = useFormSubmit(form, store, baseId, props.send);

  if (form === 'message' && !userName) return <LoginToSubmit />;
  if (outcome.status === 'success') return <FormSuccess form={form} />;

  const context: FieldContext = { form, baseId, store, settleRoles, sms };
  return (
    <form
      className="form-card"
      noValidate
      onSubmit={submit}
      data-form={baseId}
      aria-labelledby={`${baseId}-title`}
    >
      {props.heading !== false && (
        <>
          <h2 id={`${baseId}-title`}>{t.forms.titles[form]}</h2>
          <p className="muted">{t.forms.intros[form]}</p>
        </>
      )}
      {props.heading === false && (
        <h2 id={`${baseId}-title`} className="visually-hidden">
          {t.forms.titles[form]}
        </h2>
      )}
      {formFields[form].map((field) => (
        <FormField
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          context={context}
        />
      ))}
      {outcome.status === 'error' && <FormError>{outcome.message}</FormError>}
      <button type="submit" className="btn btn-primary btn-block" disabled={outcome.status === 'submitting'}>
        {outcome.status === 'submitting' ? t.forms.submitting : t.forms.submit}
      </button>
      {isLoginForm(form) && <OtherWaysIn form={form} />}
    </form>
  );
}

/** A message needs an account: the form is replaced by the ways to get one. */
function LoginToSubmit() {
  const t = useDict();
  const links = usePlatformLinks();
  return (
    <div className="form-card">
      <p>{t.forms.loginToSubmit}</p>
      <p>
        <a className="btn btn-primary" href={links.login}>
          {t.nav.login}
        </a>{' '}
        <a className="btn" href={links.register}>
          {t.nav.register}
        </a>
      </p>
    </div>
  );
}

function FormSuccess(props: { form: FormPage }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <div className="form-card" role="status">
      <h2>{t.forms[successHeading(props.form)]}</h2>
      <p>
        <Link className="btn btn-primary" href={pathOf(locale, 'home')}>
          {t.errors.backHomeLocal}
        </Link>
      </p>
    </div>
  );
}

/** Under a sign-in form: the other way to sign in, and registration. */
function OtherWaysIn(props: { form: FormPage }) {
  const t = useDict();
  const locale = useLocale();
  const { form } = props;
  return (
    <p className="form-links">
      <Link href={pathOf(locale, 'form', form === 'login' ? 'codeLogin' : 'login')}>
        {form === 'login' ? t.forms.byCode : t.forms.byPassword}
      </Link>{' '}
      <Link href={pathOf(locale, 'form', 'register')}>{t.forms.noAccount}</Link>
    </p>
  );
}
