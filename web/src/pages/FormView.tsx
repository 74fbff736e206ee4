import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { type FormPage, pathOf } from '../app/routes.ts';
import {
  refreshSession,
  request,
  useContent,
  useDict,
  useLocale,
  usePlatformLinks,
  useSession,
} from '../app/state.ts';
import { calls } from '../content/calls.ts';
import type { LegalText } from '../content/types.ts';
import { formFields, industryOptions } from '../forms/validation.ts';
import { contentCall, type RequestOptions } from '../http/request.ts';
import { format } from '../i18n/i18n.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { FormError } from '../layout/FormError.tsx';
import { Link } from '../layout/Link.tsx';
import { createFormStore, type FormStore } from '../stores/forms.ts';
import { Blocks, Loaded } from './common.tsx';

/** §8 failure texts per form; the server's own text wins when it sends one (request helper). */
function failureText(form: FormPage, t: ReturnType<typeof useDict>): string {
  if (form === 'signUp' || form === 'centralize') return t.errors.joinFailed;
  if (form === 'message') return t.errors.messageFailed;
  return t.errors.requestFailed;
}

const smsCooldownSeconds = 60;

/** A text the visitor accepts at registration (§5), read in a dialog so the form keeps its values. */
function LegalTextLink(props: { text: 'terms' | 'privacy'; label: string }) {
  const t = useDict();
  const [open, setOpen] = useState(false);
  const id = useId();
  const entry = useContent<LegalText>(open ? calls.legal(props.text) : undefined);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {props.label}
      </button>
      <Dialog
        open={open}
        labelledBy={id}
        onClose={() => setOpen(false)}
        closeOnOutside
        className="legal-dialog"
      >
        <Loaded entry={entry}>
          {(legal) => (
            <>
              <h2 id={id}>{legal.title}</h2>
              <div className="legal-body">
                <Blocks blocks={legal.body} />
              </div>
            </>
          )}
        </Loaded>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          {t.forms.labels.closeText}
        </button>
      </Dialog>
    </>
  );
}

export function FormView(props: {
  form: FormPage;
  heading?: boolean;
  /** The call that saves the values, when not `customerDemand/save` (the join calls, content README "Join pages"). */
  send?: (values: Record<string, unknown>) => RequestOptions;
}) {
  const { form } = props;
  const t = useDict();
  const locale = useLocale();
  const storeRef = useRef<FormStore | null>(null);
  if (storeRef.current?.getState().form !== form) storeRef.current = createFormStore(form);
  const store = storeRef.current;
  const values = useStore(store, (state) => state.values);
  const outcome = useStore(store, (state) => state.outcome);
  useStore(store, (state) => state.touched);
  useStore(store, (state) => state.submitted);
  const errors = store.getState().visibleErrors();
  const baseId = useId();
  const userName = useSession((state) => state.userName);
  const links = usePlatformLinks();
  const [cooldown, setCooldown] = useState(0);
  const [smsError, setSmsError] = useState<string>();

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown(cooldown - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const labels = t.forms.labels;
  // §6: the roles one may apply for come from the server; labels are the §3 texts of the dictionary.
  const roles = useContent<{ value: string }[]>(form === 'register' ? calls.settleRoles() : undefined);
  const settleRoles =
    roles?.status === 'ready'
      ? industryOptions.filter((option) => roles.value.some((role) => role.value === option))
      : [];
  const labelOf = (name: string, kind: string): string => {
    if (kind === 'phone') return labels.telephone;
    return labels[name as keyof typeof labels] ?? name;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = store.getState().trySubmit();
    if (!valid) {
      const first = document.querySelector<HTMLElement>(`[data-form="${baseId}"] [aria-invalid="true"]`);
      first?.focus();
      return;
    }
    store.getState().settle({ status: 'submitting' });
    try {
      if (form === 'register') {
        const { confirmPassword: _confirm, terms: _terms, ...payload } = valid;
        // The answer sets the HttpOnly session cookie: a new account is logged in at once (§4).
        // §5: only a checked box gets here; the server records which texts were accepted.
        await contentCall(request, calls.register({ ...payload, acceptTerms: 'true' }));
        await refreshSession(form);
      } else if (form === 'login' || form === 'codeLogin') {
        await contentCall(request, calls.login(valid));
        await refreshSession(form);
      } else {
        await contentCall(request, props.send ? props.send(valid) : calls.demand(form, valid));
      }
      store.getState().settle({ status: 'success' });
    } catch (error) {
      const message =
        error instanceof Error && error.message !== 'Network Error' ? error.message : failureText(form, t);
      store.getState().settle({ status: 'error', message });
    }
  };

  const getCode = async () => {
    setSmsError(undefined);
    store.getState().blur('phone');
    const phoneError = store.getState().visibleErrors().phone;
    if (phoneError) return;
    try {
      await contentCall(request, calls.sms(String(values.phone)));
      setCooldown(smsCooldownSeconds);
    } catch (error) {
      setSmsError(error instanceof Error ? error.message : t.errors.requestFailed);
    }
  };

  if (form === 'message' && !userName) {
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

  if (outcome.status === 'success') {
    return (
      <div className="form-card" role="status">
        <h2>
          {form === 'register'
            ? t.forms.registered
            : form === 'login' || form === 'codeLogin'
              ? t.forms.loggedIn
              : t.forms.success}
        </h2>
        <p>
          <Link className="btn btn-primary" href={pathOf(locale, 'home')}>
            {t.errors.backHomeLocal}
          </Link>
        </p>
      </div>
    );
  }

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
      {formFields[form].map((field) => {
        const id = `${baseId}-${field.name}`;
        const errorId = `${id}-error`;
        const error = errors[field.name];
        const common = {
          id,
          name: field.name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          'aria-required': field.required || undefined,
          onBlur: () => store.getState().blur(field.name),
        } as const;
        const value = typeof values[field.name] === 'string' ? (values[field.name] as string) : '';
        const onChange = (next: string) => store.getState().change(field.name, next);
        const message = error && (
          <p className="field-error" id={errorId}>
            {t.forms.validation[error]}
          </p>
        );
        if (field.kind === 'terms') {
          return (
            <div className="field checkbox" key={field.name}>
              <input
                {...common}
                type="checkbox"
                checked={values[field.name] === true}
                onChange={(event) => store.getState().change(field.name, event.target.checked)}
              />
              <label htmlFor={id}>{labels.terms}</label>{' '}
              <LegalTextLink text="terms" label={labels.readTerms} />{' '}
              <LegalTextLink text="privacy" label={labels.readPrivacy} />
              {message}
            </div>
          );
        }
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>
              {labelOf(field.name, field.kind)}
              {field.required && (
                <span className="required" aria-hidden="true">
                  *
                </span>
              )}
            </label>
            {field.kind === 'select' ? (
              <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
                <option value="">{t.forms.placeholders.choose}</option>
                {(field.name === 'role' ? settleRoles : industryOptions).map((option) => (
                  <option key={option} value={option}>
                    {t.forms.industries[option]}
                  </option>
                ))}
              </select>
            ) : field.kind === 'textarea' ? (
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
            ) : field.kind === 'code' ? (
              <div className="inline">
                <input
                  {...common}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={value}
                  onChange={(event) => onChange(event.target.value)}
                />
                <button type="button" className="btn" disabled={cooldown > 0} onClick={getCode}>
                  {t.forms.getCode}
                </button>
              </div>
            ) : (
              <input
                {...common}
                type={
                  field.kind === 'password' || field.kind === 'confirm'
                    ? 'password'
                    : field.kind === 'email'
                      ? 'email'
                      : field.kind === 'mobile' || field.kind === 'phone'
                        ? 'tel'
                        : 'text'
                }
                inputMode={field.kind === 'quantity' ? 'numeric' : undefined}
                autoComplete={
                  field.kind === 'password' && (form === 'login' || form === 'codeLogin')
                    ? 'current-password'
                    : field.kind === 'password' || field.kind === 'confirm'
                      ? 'new-password'
                      : field.kind === 'email'
                        ? 'email'
                        : field.kind === 'mobile'
                          ? 'tel'
                          : undefined
                }
                placeholder={field.name === 'certification' ? t.forms.placeholders.certification : undefined}
                value={value}
                onChange={(event) => onChange(event.target.value)}
              />
            )}
            {field.kind === 'code' && cooldown > 0 && (
              <p className="hint" role="status">
                {format(t.forms.codeSent, { seconds: cooldown })}
              </p>
            )}
            {field.kind === 'code' && smsError && (
              <p className="field-error" role="alert">
                {smsError}
              </p>
            )}
            {message}
          </div>
        );
      })}
      {outcome.status === 'error' && <FormError>{outcome.message}</FormError>}
      <button type="submit" className="btn btn-primary btn-block" disabled={outcome.status === 'submitting'}>
        {outcome.status === 'submitting' ? t.forms.submitting : t.forms.submit}
      </button>
      {(form === 'login' || form === 'codeLogin') && (
        <p className="form-links">
          <Link href={pathOf(locale, 'form', form === 'login' ? 'codeLogin' : 'login')}>
            {form === 'login' ? t.forms.byCode : t.forms.byPassword}
          </Link>{' '}
          <Link href={pathOf(locale, 'form', 'register')}>{t.forms.noAccount}</Link>
        </p>
      )}
    </form>
  );
}
