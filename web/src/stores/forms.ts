import { createStore } from 'zustand/vanilla';
import type { FormPage } from '../app/routes.ts';
import { type Errors, formFields, type Values, validateForm } from '../forms/validation.ts';

/**
 * One store per form on the page: values, the errors shown (a field's error appears once it was
 * touched or a submit was tried) and the submission outcome of §4 (success or the §8 text).
 */
export type Outcome =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success' }
  | { status: 'error'; message: string };

export interface FormState {
  form: FormPage;
  values: Values;
  touched: Record<string, boolean>;
  submitted: boolean;
  outcome: Outcome;
  change(name: string, value: string | boolean): void;
  blur(name: string): void;
  visibleErrors(): Errors;
  /** Validates everything; returns the values when valid so the caller can send them. */
  trySubmit(): Values | undefined;
  settle(outcome: Outcome): void;
  reset(): void;
}

export function createFormStore(form: FormPage) {
  const empty = (): Values =>
    Object.fromEntries(formFields[form].map((field) => [field.name, field.kind === 'terms' ? false : '']));
  return createStore<FormState>()((set, get) => ({
    form,
    values: empty(),
    touched: {},
    submitted: false,
    outcome: { status: 'idle' },
    change: (name, value) => set({ values: { ...get().values, [name]: value } }),
    blur: (name) => set({ touched: { ...get().touched, [name]: true } }),
    visibleErrors() {
      const { values, touched, submitted } = get();
      const all = validateForm(form, values);
      if (submitted) return all;
      return Object.fromEntries(Object.entries(all).filter(([name]) => touched[name]));
    },
    trySubmit() {
      set({ submitted: true });
      const { values } = get();
      return Object.keys(validateForm(form, values)).length === 0 ? values : undefined;
    },
    settle: (outcome) => set({ outcome }),
    reset: () => set({ values: empty(), touched: {}, submitted: false, outcome: { status: 'idle' } }),
  }));
}
export type FormStore = ReturnType<typeof createFormStore>;
