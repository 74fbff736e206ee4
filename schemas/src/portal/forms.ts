import type { JsonSchema } from '../documents/json-schema.ts';
import { createValidatorCompiler, type Validate } from '../documents/validator.ts';

/**
 * Request schemas of the portal's writes (portal spec §3–§5, §7): get-code, registration and
 * saved forms. They bound what a visitor can make us store: every field's length, how many
 * fields. Which fields a form requires, and the portal's own wording of its refusals (§8), stay
 * with the content API (query-api/src/content/accounts.ts).
 */
// Our JsonSchema type knows additionalProperties only as a flag; these bound the extra fields.
type FormSchema = Omit<JsonSchema, 'additionalProperties'> & {
  additionalProperties: JsonSchema;
  maxProperties: number;
};
const field = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
const lang: JsonSchema = { type: 'string', enum: ['cn', 'en'] };
// Every portal field is text (its forms send strings); no anyOf of types: the issue mapper
// reads a failed anyOf as the either-or rule of documents.
const scalar = field;

export const leadForms = ['contact', 'signUp', 'inquiry', 'message', 'centralize'] as const;

// The §3 roles and their labels live in roles.ts, which the portal's pages import without ajv.
export { type PortalRole, portalRoleLabels, portalRoles } from './roles.ts';

import { portalRoles } from './roles.ts';

/** An operator's grant of a role to a portal account (query-api/src/content/README.md "Roles"). */
export const roleGrantRequest: FormSchema = {
  type: 'object',
  properties: { role: { type: 'string', enum: [...portalRoles] } },
  required: ['role'],
  maxProperties: 1,
  additionalProperties: scalar(0),
};
export type LeadForm = (typeof leadForms)[number];

export const smsRequest: FormSchema = {
  type: 'object',
  properties: { phone: field(20), lang },
  maxProperties: 10,
  additionalProperties: field(100),
};

export const registrationRequest: FormSchema = {
  type: 'object',
  properties: {
    name: field(50),
    companyName: field(100),
    phone: field(20),
    email: field(100),
    position: field(50),
    role: field(10),
    password: field(12),
    code: field(6),
    // §5: "I accept the Terms and Conditions" (query-api/src/content/README.md "Terms").
    acceptTerms: { type: 'string', enum: ['true'] },
    lang,
  },
  maxProperties: 20,
  // The portal may send more fields; bounded, never stored.
  additionalProperties: scalar(200),
};

/** Login (query-api/src/content/README.md "Sessions"): phone with either its password or a code. */
export const loginRequest: FormSchema = {
  type: 'object',
  properties: { phone: field(20), password: field(12), code: field(6), lang },
  required: ['phone'],
  maxProperties: 10,
  additionalProperties: field(100),
};

/** The management platform's `?SESSION=` hand-over (portal spec §4), decoded by the portal. */
export const handOverRequest: FormSchema = {
  type: 'object',
  properties: { session: field(100), lang },
  required: ['session'],
  maxProperties: 5,
  additionalProperties: field(100),
};

export const leadRequest: FormSchema = {
  type: 'object',
  properties: { form: { type: 'string', enum: [...leadForms] }, lang },
  required: ['form'],
  maxProperties: 30,
  // Each form's own fields (name, phone, industry, demand, …): text of at most 1000 characters.
  additionalProperties: scalar(1000),
};

/**
 * A saved form as the operator's list answers it (query-api `GET /ops/leads`, built by
 * query-api/src/content/portalStore.ts; the console's leads panel shows it).
 */
export interface Lead {
  id: string;
  form: string;
  fields: Record<string, string>;
  lang: 'cn' | 'en';
  createdAt: string;
  /** Null for leads saved before senders were kept (migration 1765000000000). */
  sender: {
    name: string | null;
    phone: string | null;
    /** The account it was sent from; null for an anonymous form. */
    account: { phone: string; name: string; companyName: string } | null;
  } | null;
}

/**
 * A join application (portal spec §7 `other/settle.do` from the home page, `other/joinOrigin.do`
 * from the join page; query-api/src/content/README.md "Join pages"): the §3 sign-up form's
 * fields, the industry one of the §6 settle roles. Nothing else is taken.
 */
export const joinRequest: FormSchema = {
  type: 'object',
  properties: {
    name: field(50),
    phone: field(20),
    industry: { type: 'string', enum: [...portalRoles] },
    demand: field(1000),
    lang,
  },
  // Which fields are required, and the "Required" text, stay with leadFields as for every lead.
  maxProperties: 5,
  additionalProperties: scalar(0),
};

export function createPortalValidators(): Record<
  'sms' | 'registration' | 'login' | 'handOver' | 'lead' | 'join' | 'roleGrant',
  Validate
> {
  const compile = (schema: FormSchema) => createValidatorCompiler({})(schema as unknown as JsonSchema);
  return {
    sms: compile(smsRequest),
    registration: compile(registrationRequest),
    login: compile(loginRequest),
    handOver: compile(handOverRequest),
    lead: compile(leadRequest),
    join: compile(joinRequest),
    roleGrant: compile(roleGrantRequest),
  };
}
