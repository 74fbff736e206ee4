/**
 * The JSON Schema subset Tradelog's contracts use (draft 2020-12), and the few builders that
 * write it. The builders only save typing: what they return is plain JSON, so a schema can be
 * registered in the schema registry, rendered by the portal and compiled by ajv as it is.
 *
 * Bilingual annotations (see schemas/README.md): `title` and `description` are Chinese, the
 * platform's default language; `x-title-en` and `x-description-en` carry the English. Enumerated
 * codes carry their meanings in `x-enum-titles` / `x-enum-titles-en` (code → label).
 */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  'x-title-en'?: string;
  'x-description-en'?: string;
  'x-enum-titles'?: Readonly<Record<string, string>>;
  'x-enum-titles-en'?: Readonly<Record<string, string>>;
  type?: JsonType;
  enum?: readonly string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: string | number | boolean | readonly string[];
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  const?: string | number | boolean;
  /** On a `then` branch: the condition under which its fields are required, said to the caller. */
  'x-when'?: string;
  'x-when-en'?: string;
  /** On an object: `[from, to]` date fields where `to` may not be before `from` (query validators check it). */
  'x-date-range'?: readonly [string, string];
  /**
   * On a field: it names an enterprise, in this role (schemas/src/documents/enterpriseFields.ts). Ingest
   * grants, processors attribute and projections file rows by these fields alone.
   */
  'x-enterprise'?: EnterpriseRole;
  /** On a field that looks like an enterprise's code but names none we grant or file by: why not. */
  'x-enterprise-waived'?: string;
  /**
   * On a field: rules new submissions must also meet, narrower than the log's writer schema
   * (see `atIntake`). The validators apply it; the log's writer schema leaves it out.
   */
  'x-intake'?: IntakeRule;
}

/** What an intake rule may narrow. */
export interface IntakeRule {
  maxLength?: number;
}

/**
 * What a field naming an enterprise means, in attribution order (schemas/README.md "Where
 * documents name enterprises"): a document belongs to the first of these its top-level fields
 * name, so a cargo owner wins over the enterprise a feed is about, which wins over a taxpayer,
 * an e-commerce enterprise, a consuming unit and, last, the firm declaring to customs.
 */
export const enterpriseRoles = [
  'owner',
  'enterprise',
  'taxpayer',
  'ecommerceEnterprise',
  'consumingUnit',
  'declaringFirm',
] as const;
export type EnterpriseRole = (typeof enterpriseRoles)[number];

export const draft2020 = 'https://json-schema.org/draft/2020-12/schema';

/** Annotation keywords of ours; validators register them so ajv's strict mode accepts them. */
export const annotationKeywords = [
  'x-title-en',
  'x-description-en',
  'x-enum-titles',
  'x-enum-titles-en',
  'x-date-range',
  'x-when',
  'x-when-en',
  'x-enterprise',
  'x-enterprise-waived',
] as const;

/** Our custom formats (implemented in formats.ts, registered by the validators). */
export const tradeDateTime = 'trade-datetime';
export const tradeDate = 'trade-date';

/** A title and a description, each in Chinese and English. */
export interface Labels {
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
}

export function labels(title: string, titleEn: string, description: string, descriptionEn: string): Labels {
  return { title, titleEn, description, descriptionEn };
}

function annotate(words: Labels): JsonSchema {
  return {
    title: words.title,
    description: words.description,
    'x-title-en': words.titleEn,
    'x-description-en': words.descriptionEn,
  };
}

/** Free text of at most `max` characters (counted as Unicode code points, as ajv does). */
export function text(max: number, words: Labels): JsonSchema {
  return { ...annotate(words), type: 'string', maxLength: max };
}

/**
 * What an identifier may not hold (business keys, order, bill and goods numbers, enterprise
 * and partner codes): control characters (C0 and DEL), lone surrogates, or blanks at either
 * end. Postgres cannot store U+0000 or a lone surrogate in text or jsonb, and a key that
 * differs from another only by an invisible character would make two documents of one.
 * Plain JSON Schema (ajv compiles patterns with the `u` flag, so the surrogate range matches
 * lone surrogates only); issues.ts reports it as rule `identifier`, naming the character.
 */
export const identifierPattern = '^(?!\\s)[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*(?<!\\s)$';

/** Text of at most `max` characters in a named format (ours or one of ajv-formats'). */
export function formatted(max: number, format: string, words: Labels): JsonSchema {
  return { ...text(max, words), format };
}

/** Text of at most `max` characters matching a pattern (codes of a fixed form: MMSI, UN/LOCODE …). */
export function patterned(max: number, pattern: string, words: Labels): JsonSchema {
  return { ...text(max, words), pattern };
}

/** An identifier of at most `max` characters (see identifierPattern). */
export function identifier(max: number, words: Labels): JsonSchema {
  return patterned(max, identifierPattern, words);
}

/**
 * A field whose new submissions meet `rule` on top of `schema`. The registry keeps each
 * document type's subject BACKWARD compatible, so a writer schema may never narrow (a shorter
 * maxLength is refused): records already in the log were written under the wider one and must
 * stay readable. A limit the spec gives later, for a field we first accepted wider, is kept
 * here instead: ingest and the portal's checks refuse a new document that breaks it, and the
 * docs and OpenAPI show it as the field's rule (schemas/README.md "Intake rules").
 */
export function atIntake(schema: JsonSchema, rule: IntakeRule): JsonSchema {
  return { ...schema, 'x-intake': rule };
}

/**
 * `schema` as intake sees it: each field's intake rule folded into the field, for readers that
 * describe what a submission must meet (the docs centre, the submission OpenAPI).
 */
export function withIntakeRules(schema: JsonSchema): JsonSchema {
  return everySchema(schema, ({ 'x-intake': rule, ...field }) => ({ ...field, ...rule }));
}

/**
 * `schema` as the log's writer schema: without intake rules, so the registry holds what it
 * held before a rule was added (its compatibility check never runs for one).
 */
export function withoutIntakeRules(schema: JsonSchema): JsonSchema {
  return everySchema(schema, ({ 'x-intake': _rule, ...field }) => field);
}

/** `schema` with `change` applied to it and to every schema within, keys kept in their order. */
function everySchema(schema: JsonSchema, change: (schema: JsonSchema) => JsonSchema): JsonSchema {
  const inner = (list: readonly JsonSchema[] | undefined) => list?.map((item) => everySchema(item, change));
  return {
    ...change(schema),
    ...(schema.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(schema.properties).map(([name, field]) => [name, everySchema(field, change)]),
          ),
        }
      : {}),
    ...(schema.items ? { items: everySchema(schema.items, change) } : {}),
    ...(schema.anyOf ? { anyOf: inner(schema.anyOf) } : {}),
    ...(schema.allOf ? { allOf: inner(schema.allOf) } : {}),
    ...(schema.if ? { if: everySchema(schema.if, change) } : {}),
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
    ...(schema.then ? { then: everySchema(schema.then, change) } : {}),
  };
}

/** A field that names an enterprise in `role` (see enterpriseRoles). */
export function namesEnterprise(role: EnterpriseRole, schema: JsonSchema): JsonSchema {
  return { ...schema, 'x-enterprise': role };
}

/** A party's code that grants, attribution and views do not read, and why (see enterpriseRoles). */
export function namesNoGrantedEnterprise(reason: string, schema: JsonSchema): JsonSchema {
  return { ...schema, 'x-enterprise-waived': reason };
}

/** A code value with a closed list of meanings, e.g. `{ '01': ['境内运输', 'domestic'] }`. */
export function code(values: Readonly<Record<string, readonly [string, string]>>, words: Labels): JsonSchema {
  const entries = Object.entries(values);
  const listCn = entries.map(([value, [cn]]) => `${value} ${cn}`).join('；');
  const listEn = entries.map(([value, [, en]]) => `${value} ${en}`).join('; ');
  return {
    ...annotate({
      ...words,
      description: `${sentenceCn(words.description)}取值：${listCn}。`,
      descriptionEn: `${sentenceEn(words.descriptionEn)} Values: ${listEn}.`,
    }),
    type: 'string',
    enum: entries.map(([value]) => value),
    'x-enum-titles': Object.fromEntries(entries.map(([value, [cn]]) => [value, cn])),
    'x-enum-titles-en': Object.fromEntries(entries.map(([value, [, en]]) => [value, en])),
  };
}

/** A code whose values the spec lists without their meanings (e.g. busiType "10 to 70"). */
export function codeValues(values: readonly string[], words: Labels): JsonSchema {
  return {
    ...annotate({
      ...words,
      description: `${sentenceCn(words.description)}取值：${values.join('、')}（规范未给出各值含义）。`,
      descriptionEn: `${sentenceEn(words.descriptionEn)} Values: ${values.join(', ')} (the spec does not give their meanings).`,
    }),
    type: 'string',
    enum: values,
  };
}

const sentenceCn = (value: string): string => (/[。！？]$/.test(value) ? value : `${value}。`);
const sentenceEn = (value: string): string => (/[.!?]$/.test(value) ? value : `${value}.`);

/** The spec's "0 or 1" flags. */
/** A true/false switch of one of Tradelog's own requests (the spec's documents say yes and no with codes: `yesNo`). */
export function flag(words: Labels): JsonSchema {
  return { ...annotate(words), type: 'boolean' };
}

export function yesNo(words: Labels): JsonSchema {
  return code({ '0': ['否', 'no'], '1': ['是', 'yes'] }, words);
}

/** Quantities, weights, sizes and money: JSON numbers, never negative. */
export function amount(words: Labels): JsonSchema {
  return { ...annotate(words), type: 'number', minimum: 0 };
}

/** A number that may be negative, within bounds (coordinates, headings, time-zone offsets). */
export function signedNumber(min: number, max: number, words: Labels): JsonSchema {
  return { ...amount(words), minimum: min, maximum: max };
}

/** Whole numbers within bounds (counts, serial numbers, packNo). */
export function whole(bounds: { min: number; max?: number }, words: Labels): JsonSchema {
  return {
    ...annotate(words),
    type: 'integer',
    minimum: bounds.min,
    ...(bounds.max === undefined ? {} : { maximum: bounds.max }),
  };
}

/** The longest date-time we accept: `2024-03-05T14:30:00.123456789+08:00` is 35 characters. */
export const dateTimeMaxLength = 40;

/** A point in time: `yyyy-MM-dd HH:mm:ss` (Beijing time) or ISO 8601. */
export function dateTime(words: Labels): JsonSchema {
  return { ...annotate(words), type: 'string', format: tradeDateTime, maxLength: dateTimeMaxLength };
}

/** A calendar day: `yyyy-MM-dd`, or a date-time as above. */
export function date(words: Labels): JsonSchema {
  return { ...annotate(words), type: 'string', format: tradeDate, maxLength: dateTimeMaxLength };
}

/**
 * An object. Required plain-text fields also get `minLength: 1`: partners' systems send ""
 * for "not filled", and an empty business key could not key a record.
 */
export function record(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[],
  words: Labels,
): JsonSchema {
  assertKnown(properties, required);
  const withNonEmpty = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      required.includes(name) && isPlainText(schema) ? { ...schema, minLength: 1 } : schema,
    ]),
  );
  return {
    ...annotate(words),
    type: 'object',
    properties: withNonEmpty,
    ...(required.length ? { required } : {}),
  };
}

const isPlainText = (schema: JsonSchema): boolean =>
  schema.type === 'string' && schema.enum === undefined && schema.format === undefined;

/**
 * A member of an answer as the API reference documents it: titled in both languages, with no
 * description (answers are described by their interface), a string unless a schema is given.
 */
export function titled(title: string, titleEn: string, schema: JsonSchema = { type: 'string' }): JsonSchema {
  return { ...schema, title, 'x-title-en': titleEn };
}

/** A titled answer member holding a list (of objects unless an item schema is given). */
export function titledList(
  title: string,
  titleEn: string,
  item: JsonSchema = { type: 'object' },
): JsonSchema {
  return titled(title, titleEn, { type: 'array', items: item });
}

/** A titled answer member counting something: a whole number from 0. */
export function titledCount(title: string, titleEn: string): JsonSchema {
  return titled(title, titleEn, { type: 'integer', minimum: 0 });
}

/**
 * A list. Every list has a largest size (the spec's where it states one, otherwise a bound
 * of ours from `listMax` in fields.ts): a submission's work is bounded by its schema.
 */
export function list(item: JsonSchema, counts: { min?: number; max: number }, words: Labels): JsonSchema {
  return {
    ...annotate(words),
    type: 'array',
    items: item,
    ...(counts.min === undefined ? {} : { minItems: counts.min }),
    maxItems: counts.max,
  };
}

/**
 * "busiOrderNo or customerCode must be non-empty" (spec §5) in plain JSON Schema: one anyOf
 * branch per field, each requiring the field to hold a non-blank string. The validator turns
 * a failed anyOf into one `eitherOr` issue instead of ajv's per-branch noise.
 */
export function eitherOr(...fields: readonly string[]): readonly JsonSchema[] {
  return fields.map((field) => ({
    type: 'object',
    required: [field],
    properties: { [field]: { type: 'string', pattern: '\\S' } },
  }));
}

/**
 * A whole document: the root of a registered schema. No `$id`: one ajv instance refuses two
 * schemas with the same `$id`, and ingest's validator and the registry client may compile the
 * same schema on one instance.
 */
export function documentSchema(options: {
  words: Labels;
  properties: Readonly<Record<string, JsonSchema>>;
  required: readonly string[];
  anyOf?: readonly JsonSchema[];
}): JsonSchema {
  return {
    $schema: draft2020,
    ...record(options.properties, options.required, options.words),
    ...(options.anyOf ? { anyOf: options.anyOf } : {}),
  };
}

// A typo in a required list would silently make a field optional; fail at module load instead.
function assertKnown(properties: Readonly<Record<string, JsonSchema>>, required: readonly string[]): void {
  for (const name of required) {
    if (!(name in properties)) throw new Error(`required field "${name}" is not among the properties`);
  }
}
