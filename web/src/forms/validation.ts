/**
 * Validation rules of portal spec §5 as pure functions over form values. They return message
 * keys; the dictionaries (i18n) hold the texts, which for cn are the spec's own Chinese ones.
 */
import type { FormPage } from '../app/routes.ts';

export type ErrorKey =
  | 'required'
  | 'mobileRequired'
  | 'mobileInvalid'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'passwordLength'
  | 'passwordMismatch'
  | 'termsRequired'
  | 'emailInvalid'
  | 'quantityInvalid'
  | 'tooLong';

export type Values = Record<string, string | boolean>;
export type Errors = Record<string, ErrorKey>;

/** §5: starts with 1, then 3, 4, 5, 7 or 8, then nine digits. */
export const mobilePattern = /^1[34578]\d{9}$/;
/** §5: area code, hyphen and 7 to 8 digits, or a mobile starting 1 then 3 to 9 then nine digits. */
export const phonePattern = /^(?:0\d{2,3}-\d{7,8}|1[3-9]\d{9})$/;
/** §5, §9: 6 to 12 letters or digits. */
export const passwordPattern = /^[A-Za-z0-9]{6,12}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function checkMobile(value: string): ErrorKey | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'mobileRequired';
  return mobilePattern.test(trimmed) ? undefined : 'mobileInvalid';
}

export function checkPhone(value: string): ErrorKey | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'phoneRequired';
  return phonePattern.test(trimmed) ? undefined : 'phoneInvalid';
}

export function checkPassword(value: string): ErrorKey | undefined {
  if (value === '') return 'required';
  return passwordPattern.test(value) ? undefined : 'passwordLength';
}

export type FieldKind =
  | 'text'
  | 'mobile'
  | 'phone'
  | 'password'
  | 'confirm'
  | 'email'
  | 'select'
  | 'textarea'
  | 'terms'
  | 'quantity'
  | 'code';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  maxLength?: number;
}

/** The fields of each form (§3); which are required beyond the spec's marks is ours (README). */
export const formFields: Readonly<Record<FormPage, readonly FieldSpec[]>> = {
  register: [
    { name: 'name', kind: 'text', required: true, maxLength: 30 },
    { name: 'companyName', kind: 'text', required: true, maxLength: 100 },
    { name: 'phone', kind: 'mobile', required: true },
    { name: 'code', kind: 'code', required: true, maxLength: 6 },
    { name: 'password', kind: 'password', required: true },
    { name: 'confirmPassword', kind: 'confirm', required: true },
    { name: 'email', kind: 'email', required: true, maxLength: 100 },
    { name: 'position', kind: 'text', required: false, maxLength: 50 },
    { name: 'role', kind: 'select', required: false },
    { name: 'terms', kind: 'terms', required: true },
  ],
  // Login (README "Accounts"): the registered mobile with its password, or with a code.
  login: [
    { name: 'phone', kind: 'mobile', required: true },
    { name: 'password', kind: 'password', required: true },
  ],
  codeLogin: [
    { name: 'phone', kind: 'mobile', required: true },
    { name: 'code', kind: 'code', required: true, maxLength: 6 },
  ],
  contact: [
    { name: 'name', kind: 'text', required: true, maxLength: 30 },
    { name: 'phone', kind: 'phone', required: true },
    { name: 'industry', kind: 'select', required: true },
    { name: 'demand', kind: 'textarea', required: true, maxLength: 500 },
  ],
  signUp: [
    { name: 'name', kind: 'text', required: true, maxLength: 30 },
    { name: 'phone', kind: 'phone', required: true },
    { name: 'industry', kind: 'select', required: true },
    { name: 'demand', kind: 'textarea', required: true, maxLength: 500 },
  ],
  inquiry: [
    { name: 'contactPerson', kind: 'text', required: true, maxLength: 30 },
    { name: 'phone', kind: 'phone', required: true },
    { name: 'certification', kind: 'text', required: true, maxLength: 200 },
    { name: 'specification', kind: 'textarea', required: true, maxLength: 500 },
    { name: 'quantity', kind: 'quantity', required: true },
  ],
  message: [{ name: 'content', kind: 'textarea', required: true, maxLength: 500 }],
  // Centralised joining (query-api content README "Join pages"): an organisation for its members.
  centralize: [
    { name: 'organisation', kind: 'text', required: true, maxLength: 100 },
    { name: 'name', kind: 'text', required: true, maxLength: 30 },
    { name: 'phone', kind: 'phone', required: true },
    { name: 'members', kind: 'quantity', required: true },
    { name: 'demand', kind: 'textarea', required: true, maxLength: 500 },
  ],
};

/** §3: industry / role options. */
export const industryOptions = [
  '100',
  '110',
  '120',
  '130',
  '140',
  '150',
  '160',
  '170',
  '180',
  '190',
] as const;

export function checkField(field: FieldSpec, values: Values): ErrorKey | undefined {
  const raw = values[field.name];
  const value = typeof raw === 'string' ? raw : '';
  switch (field.kind) {
    case 'mobile':
      return checkMobile(value);
    case 'phone':
      return checkPhone(value);
    case 'password':
      return checkPassword(value);
    case 'confirm': {
      if (value === '') return 'required';
      return value === values.password ? undefined : 'passwordMismatch';
    }
    case 'terms':
      return raw === true ? undefined : 'termsRequired';
    default:
      break;
  }
  if (value.trim() === '') return field.required ? 'required' : undefined;
  if (field.maxLength !== undefined && value.length > field.maxLength) return 'tooLong';
  if (field.kind === 'email' && !emailPattern.test(value.trim())) return 'emailInvalid';
  if (field.kind === 'quantity' && !/^[1-9]\d{0,8}$/.test(value.trim())) return 'quantityInvalid';
  if (field.kind === 'code' && !/^\d{4,6}$/.test(value.trim())) return 'required';
  return undefined;
}

export function validateForm(form: FormPage, values: Values): Errors {
  const errors: Errors = {};
  for (const field of formFields[form]) {
    const error = checkField(field, values);
    if (error) errors[field.name] = error;
  }
  return errors;
}
