import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { FormPage } from '../app/routes.ts';
import { refreshSession, request, useContent, useDict } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { industryOptions } from '../forms/validation.ts';
import { contentCall, type RequestOptions } from '../http/request.ts';
import { createFormStore, type FormStore } from '../stores/forms.ts';

/** §8 failure texts per form; the server's own text wins when it sends one (request helper). */
function failureText(form: FormPage, t: ReturnType<typeof useDict>): string {
  if (form === 'signUp' || form === 'centralize') return t.errors.joinFailed;
  if (form === 'message') return t.errors.messageFailed;
  return t.errors.requestFailed;
}

const smsCooldownSeconds = 60;

/** One form's store, made anew when the page shows another form, and the parts the page reads. */
export function useFormStore(form: FormPage) {
  const storeRef = useRef<FormStore | null>(null);
  if (storeRef.current?.getState().form !== form) storeRef.current = createFormStore(form);
  const store = storeRef.current;
  const values = useStore(store, (state) => state.values);
  const outcome = useStore(store, (state) => state.outcome);
  // Touching a field or submitting changes which errors are visible: read them again then.
  useStore(store, (state) => state.touched);
  useStore(store, (state) => state.submitted);
  const errors = store.getState().visibleErrors();
  return { store, values, outcome, errors };
}

export type SettleRole = (typeof industryOptions)[number];

/** §6: the roles one may apply for come from the server; labels are the §3 texts of the dictionary. */
export function useSettleRoles(form: FormPage): readonly SettleRole[] {
  const roles = useContent<{ value: string }[]>(form === 'register' ? calls.settleRoles() : undefined);
  return roles?.status === 'ready'
    ? industryOptions.filter((option) => roles.value.some((role) => role.value === option))
    : [];
}

/** Sending the values: registration and sign-in refresh the session, every other form saves a demand. */
export function useFormSubmit(
  form: FormPage,
  store: FormStore,
  baseId: string,
  send: ((values: Record<string, unknown>) => RequestOptions) | undefined,
) {
  const t = useDict();
  return async (event: FormEvent) => {
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
        await contentCall(request, send ? send(valid) : calls.demand(form, valid));
      }
      store.getState().settle({ status: 'success' });
    } catch (error) {
      const message =
        error instanceof Error && error.message !== 'Network Error' ? error.message : failureText(form, t);
      store.getState().settle({ status: 'error', message });
    }
  };
}

/** The SMS code: sent only to a valid number, then not again until the cooldown has run out. */
export function useSmsCode(store: FormStore, phone: unknown) {
  const t = useDict();
  const [cooldown, setCooldown] = useState(0);
  const [smsError, setSmsError] = useState<string>();

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown(cooldown - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const getCode = async () => {
    setSmsError(undefined);
    store.getState().blur('phone');
    const phoneError = store.getState().visibleErrors().phone;
    if (phoneError) return;
    try {
      await contentCall(request, calls.sms(String(phone)));
      setCooldown(smsCooldownSeconds);
    } catch (error) {
      setSmsError(error instanceof Error ? error.message : t.errors.requestFailed);
    }
  };

  return { cooldown, smsError, getCode };
}
