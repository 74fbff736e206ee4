import type { FormPage } from '../app/routes.ts';
import type { FieldKind } from '../forms/validation.ts';

/** The two sign-in forms: they lead to each other and end in "logged in". */
export function isLoginForm(form: FormPage): boolean {
  return form === 'login' || form === 'codeLogin';
}

/** The input type that brings up the right keyboard and hides what must be hidden. */
export function inputTypeOf(kind: FieldKind): 'password' | 'email' | 'tel' | 'text' {
  if (kind === 'password' || kind === 'confirm') return 'password';
  if (kind === 'email') return 'email';
  if (kind === 'mobile' || kind === 'phone') return 'tel';
  return 'text';
}

/**
 * What a browser's password manager may fill: the saved password when signing in, a new one
 * when choosing it, the visitor's address and mobile; nothing for the rest.
 */
export function autoCompleteOf(kind: FieldKind, form: FormPage): string | undefined {
  if (kind === 'password' && isLoginForm(form)) return 'current-password';
  if (kind === 'password' || kind === 'confirm') return 'new-password';
  if (kind === 'email') return 'email';
  if (kind === 'mobile') return 'tel';
  return undefined;
}

/** Which of the success headings a form ends with. */
export function successHeading(form: FormPage): 'registered' | 'loggedIn' | 'success' {
  if (form === 'register') return 'registered';
  return isLoginForm(form) ? 'loggedIn' : 'success';
}
