import type { ErrorObject } from 'ajv';
import { type CustomFormat, tradeFormats } from './formats.ts';
import { identifierPattern, type JsonSchema } from './json-schema.ts';

/**
 * Turns ajv's errors into what a partner can act on: one issue per failed rule per field, the
 * field named by its path and its title, the problem said in Chinese and English with the
 * value received. Pure; needs ajv's `verbose` errors (they carry the schema and the data).
 */
export interface ValidationIssue {
  /** `goodsList[1].hsCode` (list indexes from 0); `a|b` for an either-or; '' for the document itself. */
  path: string;
  /** Stable rule name: required, type, maxLength, minLength, enum, format, minItems, … eitherOr, identifier. */
  rule: string;
  message: { cn: string; en: string };
}

type Words = { cn: string; en: string };

const typeNames: Record<string, Words> = {
  string: { cn: '文本（JSON 字符串）', en: 'text (a JSON string)' },
  number: { cn: '数字', en: 'a number' },
  integer: { cn: '整数', en: 'a whole number' },
  boolean: { cn: '布尔值', en: 'true or false' },
  object: { cn: '对象', en: 'an object' },
  array: { cn: '列表（JSON 数组）', en: 'a list (a JSON array)' },
  null: { cn: 'null', en: 'null' },
};

/** `/goodsList/1/hsCode` → `goodsList[1].hsCode`. */
export function readablePath(instancePath: string): string {
  if (instancePath === '') return '';
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
      '',
    );
}

const join = (parent: string, child: string) => (parent ? `${parent}.${child}` : child);

/** A value as it appears in a message: short, never a whole document. */
function shown(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value)
      : value === undefined
        ? 'nothing'
        : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function describeValue(value: unknown): Words {
  if (value === null) return { cn: 'null', en: 'null' };
  if (Array.isArray(value)) return { cn: '列表', en: 'a list' };
  switch (typeof value) {
    case 'string':
      return { cn: `文本 ${shown(value)}`, en: `the text ${shown(value)}` };
    case 'number':
      // JSON.parse reads a number beyond what a double holds (1e400) as Infinity: say so, not
      // "must be a number; got the number Infinity".
      return Number.isFinite(value)
        ? { cn: `数字 ${value}`, en: `the number ${value}` }
        : {
            cn: '超出数字范围的数值（绝对值须小于 1.8e308）',
            en: 'a number beyond the range numbers can hold (its magnitude must stay below 1.8e308)',
          };
    case 'boolean':
      return { cn: `布尔值 ${value}`, en: `${value}` };
    default:
      return { cn: '对象', en: 'an object' };
  }
}

export function label(path: string, schema: JsonSchema | undefined): Words {
  if (path === '') return { cn: '单据', en: 'the document' };
  const cn = schema?.title;
  const en = schema?.['x-title-en'];
  return { cn: cn ? `${path}（${cn}）` : path, en: en ? `${path} (${en})` : path };
}

const characters = (value: string) => [...value].length; // code points, as ajv counts them

// A number sent for a code: suggest the code it most likely meant ("01" for 1, "1210" for 1210).
function typeHint(expected: string, data: unknown, schema: JsonSchema | undefined): Words | undefined {
  if (expected === 'string' && (typeof data === 'number' || typeof data === 'boolean')) {
    const suggestion = schema?.enum?.find((value) => Number(value) === Number(data)) ?? String(data);
    return { cn: `请以字符串 "${suggestion}" 发送`, en: `send it as the string "${suggestion}"` };
  }
  if (
    (expected === 'number' || expected === 'integer') &&
    typeof data === 'string' &&
    /^-?\d+(\.\d+)?$/.test(data.trim())
  ) {
    return {
      cn: `请以数字 ${data.trim()} 发送，不加引号`,
      en: `send it as the number ${data.trim()}, without quotes`,
    };
  }
  return undefined;
}

function enumList(schema: JsonSchema | undefined, allowed: readonly unknown[]): Words {
  const titles = schema?.['x-enum-titles'];
  const titlesEn = schema?.['x-enum-titles-en'];
  return {
    cn: allowed
      .map((value) =>
        titles?.[String(value)] ? `${shown(value)}（${titles[String(value)]}）` : shown(value),
      )
      .join('、'),
    en: allowed
      .map((value) =>
        titlesEn?.[String(value)] ? `${shown(value)} (${titlesEn[String(value)]})` : shown(value),
      )
      .join(', '),
  };
}

const codePoint = (value: number) => `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What makes a value fail `identifierPattern`, in words: the first control character or lone
 * surrogate with its position (counted in characters from 1), else the blank at an end.
 */
export function identifierProblem(value: string): Words {
  let position = 0;
  for (let index = 0; index < value.length; index++) {
    position++;
    const unit = value.charCodeAt(index);
    if (unit < 0x20 || unit === 0x7f) {
      return {
        cn: `第 ${position} 个字符是控制字符 ${codePoint(unit)}`,
        en: `character ${position} is the control character ${codePoint(unit)}`,
      };
    }
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
    }
    if (unit >= 0xd800 && unit <= 0xdfff) {
      return {
        cn: `第 ${position} 个字符是不成对的代理项 ${codePoint(unit)}（不是合法的 Unicode 字符）`,
        en: `character ${position} is the lone surrogate ${codePoint(unit)} (not a Unicode character)`,
      };
    }
  }
  return /^\s/u.test(value)
    ? { cn: '开头有空白字符', en: 'it starts with a blank' }
    : { cn: '结尾有空白字符', en: 'it ends with a blank' };
}

/** What a rule's message reads of the failed value: the rule's limit, the value, its schema. */
interface Failed {
  limit: number;
  data: unknown;
  schema: JsonSchema | undefined;
  params: Record<string, unknown>;
  formats: Readonly<Record<string, CustomFormat>>;
}

/** The message of each rule that names its field at the failing path, `f` that field's label. */
const ruleMessages: Record<string, (f: Words, failed: Failed, rule: string) => Words> = {
  type: (f, { data, schema, params }) => {
    const expected = String(params.type);
    const name = typeNames[expected] ?? { cn: expected, en: expected };
    const got = describeValue(data);
    const hint = typeHint(expected, data, schema);
    return {
      cn: `${f.cn}必须是${name.cn}，实际为${got.cn}${hint ? `；${hint.cn}` : ''}`,
      en: `${f.en} must be ${name.en}; got ${got.en}${hint ? ` — ${hint.en}` : ''}`,
    };
  },
  maxLength: (f, { limit, data }) => {
    const length = characters(String(data));
    return {
      cn: `${f.cn}长度不能超过 ${limit} 个字符，实际为 ${length} 个`,
      en: `${f.en} must be at most ${limit} characters; got ${length}`,
    };
  },
  minLength: (f, { limit, data }) =>
    limit === 1
      ? { cn: `${f.cn}不能为空`, en: `${f.en} must not be empty` }
      : {
          cn: `${f.cn}长度不能少于 ${limit} 个字符，实际为 ${characters(String(data))} 个`,
          en: `${f.en} must be at least ${limit} characters; got ${characters(String(data))}`,
        },
  enum: (f, { data, schema, params }) => {
    const allowed = enumList(schema, (params.allowedValues as unknown[]) ?? []);
    return {
      cn: `${f.cn}的取值必须是 ${allowed.cn} 之一，实际为 ${shown(data)}`,
      en: `${f.en} must be one of ${allowed.en}; got ${shown(data)}`,
    };
  },
  format: (f, { data, params, formats }) => {
    const format = String(params.format);
    const hint = formats[format]?.hint ?? { cn: `${format} 格式`, en: `in the ${format} format` };
    return {
      cn: `${f.cn}必须是${hint.cn}，实际为 ${shown(data)}`,
      en: `${f.en} must be ${hint.en}; got ${shown(data)}`,
    };
  },
  minItems: (f, failed, rule) => itemCountMessage(f, failed, rule === 'minItems'),
  maxItems: (f, failed, rule) => itemCountMessage(f, failed, rule === 'minItems'),
  minimum: (f, failed, rule) => boundMessage(f, failed, rule === 'minimum'),
  maximum: (f, failed, rule) => boundMessage(f, failed, rule === 'minimum'),
};

function itemCountMessage(f: Words, { limit, data }: Failed, least: boolean): Words {
  const count = Array.isArray(data) ? data.length : 0;
  return {
    cn: `${f.cn}${least ? '至少需要' : '最多只能有'} ${limit} 项，实际为 ${count} 项`,
    en: `${f.en} must have at ${least ? 'least' : 'most'} ${limit} item${limit === 1 ? '' : 's'}; got ${count}`,
  };
}

function boundMessage(f: Words, { limit, data }: Failed, least: boolean): Words {
  return {
    cn: `${f.cn}不能${least ? '小于' : '大于'} ${limit}，实际为 ${shown(data)}`,
    en: `${f.en} must be at ${least ? 'least' : 'most'} ${limit}; got ${shown(data)}`,
  };
}

/** A required field is named by its own path; a conditional rule (`x-when`) says when it is required. */
function requiredIssue(at: string, schema: JsonSchema | undefined, name: string): ValidationIssue {
  const path = join(at, name);
  const f = label(path, schema?.properties?.[name]);
  const when = schema?.['x-when'];
  const whenEn = schema?.['x-when-en'];
  if (when && whenEn)
    return {
      path,
      rule: 'required',
      message: { cn: `${when}，${f.cn}为必填项`, en: `${f.en} is required ${whenEn}` },
    };
  return { path, rule: 'required', message: { cn: `${f.cn}为必填项`, en: `${f.en} is required` } };
}

/** Our only anyOf is the either-or rule (json-schema.ts eitherOr): one branch per field. */
function eitherOrIssue(at: string, schema: JsonSchema | undefined, branches: JsonSchema[]): ValidationIssue {
  const names = branches.map((branch) => branch.required?.[0] ?? '?');
  const fields = names.map((name) => label(join(at, name), schema?.properties?.[name]));
  return {
    path: names.map((name) => join(at, name)).join('|'),
    rule: 'eitherOr',
    message: {
      cn: `${fields.map((f) => f.cn).join(' 与 ')} 至少填写一项`,
      en: `${fields.map((f) => f.en).join(' or ')} must be non-empty`,
    },
  };
}

function identifierIssue(at: string, f: Words, data: unknown): ValidationIssue {
  const problem = identifierProblem(String(data));
  return {
    path: at,
    rule: 'identifier',
    message: {
      cn: `${f.cn}是标识，不能含控制字符或不成对的代理项，首尾不能有空白：${problem.cn}`,
      en: `${f.en} is an identifier and may not hold control characters or lone surrogates, nor blanks at either end: ${problem.en}`,
    },
  };
}

/** The shape check's `character` issue (shape.ts): U+0000 or a lone surrogate in a value or a property name. */
export function characterIssue(
  path: string,
  schema: JsonSchema | undefined,
  what: 'value' | 'name',
  found: { position: number; unit: number },
): ValidationIssue {
  const f = label(path, schema);
  const kind =
    found.unit === 0
      ? { cn: '空字符 U+0000', en: 'the NUL character U+0000' }
      : { cn: `不成对的代理项 ${codePoint(found.unit)}`, en: `the lone surrogate ${codePoint(found.unit)}` };
  const subject =
    what === 'name' ? { cn: `${f.cn}的字段名`, en: `The property name ${f.en}` } : { cn: f.cn, en: f.en };
  return {
    path,
    rule: 'character',
    message: {
      cn: `${subject.cn}含有无法保存的字符：第 ${found.position} 个字符是${kind.cn}`,
      en: `${subject.en} holds a character that cannot be stored: character ${found.position} is ${kind.en}`,
    },
  };
}

function issueOf(error: ErrorObject, formats: Readonly<Record<string, CustomFormat>>): ValidationIssue {
  const at = readablePath(error.instancePath);
  const schema = error.parentSchema as JsonSchema | undefined;
  const data: unknown = error.data;
  const params = error.params as Record<string, unknown>;
  const rule = error.keyword;
  if (rule === 'required') return requiredIssue(at, schema, String(params.missingProperty));
  if (rule === 'anyOf') return eitherOrIssue(at, schema, error.schema as JsonSchema[]);
  const f = label(at, schema);
  if (rule === 'pattern' && params.pattern === identifierPattern) return identifierIssue(at, f, data);
  if (rule === 'additionalProperties') {
    const path = join(at, String(params.additionalProperty));
    return { path, rule, message: { cn: `${path} 不是可识别的字段`, en: `${path} is not a known field` } };
  }
  const message = Object.hasOwn(ruleMessages, rule)
    ? ruleMessages[rule]!(f, { limit: Number(params.limit), data, schema, params, formats }, rule)
    : undefined;
  return {
    path: at,
    rule,
    message: message ?? {
      cn: `${f.cn}不符合规则 ${rule}：${error.message ?? ''}`,
      en: `${f.en} ${error.message ?? `fails ${rule}`}`,
    },
  };
}

/** Issues to show, and how many more were found but not described (a bounded answer). */
export interface IssueList {
  issues: ValidationIssue[];
  skipped: number;
}

/**
 * One issue per failed rule per field, in schema order, without ajv's anyOf-branch noise; at
 * most `limit` are described, the rest only counted (describing costs; counting does not).
 */
export function issuesFromAjv(
  errors: readonly ErrorObject[] | null | undefined,
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
  limit = Number.POSITIVE_INFINITY,
): IssueList {
  if (!errors?.length) return { issues: [], skipped: 0 };
  const wrongType = new Set(
    errors.filter((error) => error.keyword === 'type').map((error) => error.instancePath),
  );
  // A blank value of an either-or field is "missing" there (one eitherOr issue), not also a
  // badly formed identifier.
  const eitherOrPaths = new Set(
    errors
      .filter((error) => error.keyword === 'anyOf')
      .flatMap((error) =>
        (error.schema as JsonSchema[]).map((branch) => `${error.instancePath}/${branch.required?.[0] ?? ''}`),
      ),
  );
  // A field's intake rule narrows its schema's (json-schema.ts atIntake): a value too long for
  // both is told the intake limit, the one it must meet; the macro's own error adds nothing.
  const narrowedAtIntake = new Set(
    errors
      .filter((error) => error.schemaPath.includes('/x-intake/'))
      .map((error) => `${error.instancePath}\u0000${error.keyword}`),
  );
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const error of errors) {
    // The branches of an either-or report their own required/pattern errors; the anyOf error says it all.
    if (error.schemaPath.includes('/anyOf/')) continue;
    // A failed conditional reports its `then` branch's own error; "must match then" adds nothing.
    if (error.keyword === 'if' || error.keyword === 'x-intake') continue;
    if (
      !error.schemaPath.includes('/x-intake/') &&
      narrowedAtIntake.has(`${error.instancePath}\u0000${error.keyword}`)
    )
      continue;
    // A value of the wrong type fails its other rules too (1210 for "1210" fails enum; a list
    // for the document fails the either-or): the type issue, with its hint, says it all.
    if (error.keyword !== 'type' && wrongType.has(error.instancePath)) continue;
    if (
      error.keyword === 'pattern' &&
      eitherOrPaths.has(error.instancePath) &&
      typeof error.data === 'string' &&
      error.data.trim() === ''
    )
      continue;
    const key = `${error.instancePath}\u0000${error.keyword}\u0000${error.keyword === 'required' ? String((error.params as { missingProperty?: unknown }).missingProperty) : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (issues.length < limit) issues.push(issueOf(error, formats));
    else skipped++;
  }
  return { issues, skipped };
}
