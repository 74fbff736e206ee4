/**
 * The issues of the shape check (shape.ts), as partners read them in Chinese and English: one
 * builder per broken bound, for the parsed check and for the raw scan of the bytes. Pure. The
 * bounds are written down in schemas/README.md ("Bounds").
 */
import { label, type ValidationIssue } from './issues.ts';
import type { JsonSchema } from './json-schema.ts';
import type { ShapeLimits } from './shapeLimits.ts';

/** The same refusal whether the raw scan or the parsed check counts past the bound. */
export const tooManyContainers = (bound: number): ValidationIssue => ({
  path: '',
  rule: 'maxNodes',
  message: {
    cn: `单据过于庞大：对象与列表合计超过 ${bound} 个`,
    en: `The document is too large: more than ${bound} objects and lists in all`,
  },
});

/** An issue of the field at `path`: its message is written around the field's label in each language. */
const fieldIssue = (
  path: string,
  schema: JsonSchema | undefined,
  rule: string,
  message: (field: ValidationIssue['message']) => ValidationIssue['message'],
): ValidationIssue => ({ path, rule, message: message(label(path, schema)) });

/** A string of a field the schema does not describe, longer than `bound` characters. */
export const stringTooLong = (path: string, bound: number, got: number): ValidationIssue =>
  fieldIssue(path, undefined, 'maxLength', (field) => ({
    cn: `${field.cn}长度不能超过 ${bound} 个字符（规范未列出的字段），实际为 ${got} 个`,
    en: `${field.en} must be at most ${bound} characters (a field the spec does not name); got ${got}`,
  }));

/** A parsed object or list deeper than `depth` levels. */
export const nestedTooDeep = (path: string, schema: JsonSchema | undefined, depth: number): ValidationIssue =>
  fieldIssue(path, schema, 'maxDepth', (field) => ({
    cn: `${field.cn}嵌套过深：对象与列表最多嵌套 ${depth} 层`,
    en: `${field.en} is nested too deep: objects and lists nest at most ${depth} levels`,
  }));

/** A parsed list of `got` items, beyond its schema's maxItems or the bound for unknown lists. */
export const tooManyItems = (
  path: string,
  schema: JsonSchema | undefined,
  most: number,
  got: number,
): ValidationIssue =>
  fieldIssue(path, schema, 'maxItems', (field) => ({
    cn: `${field.cn}最多只能有 ${most} 项，实际为 ${got} 项`,
    en: `${field.en} must have at most ${most} items; got ${got}`,
  }));

/** A parsed object of `got` properties, more than `most`. */
export const tooManyProperties = (
  path: string,
  schema: JsonSchema | undefined,
  most: number,
  got: number,
): ValidationIssue =>
  fieldIssue(path, schema, 'maxProperties', (field) => ({
    cn: `${field.cn}的字段过多：最多 ${most} 个，实际为 ${got} 个`,
    en: `${field.en} has too many properties: at most ${most}; got ${got}`,
  }));

/** A property name of `got` characters, more than `most`; `path` ends with the name itself. */
export function propertyNameTooLong(path: string, most: number, got: number): ValidationIssue {
  return {
    path,
    rule: 'propertyName',
    message: {
      cn: `字段名 ${path} 过长：最多 ${most} 个字符，实际为 ${got} 个`,
      en: `The property name ${path} is too long: at most ${most} characters; got ${got}`,
    },
  };
}

/** `path ` before the verb, or nothing for the document itself. */
const at = (path: string) => (path ? `${path} ` : '');

/** The raw scan reached `depth` open containers at `path` (as far as read). */
export function rawNestedTooDeep(path: string, depth: number): ValidationIssue {
  return {
    path,
    rule: 'maxDepth',
    message: {
      cn: `单据${at(path)}嵌套过深：对象与列表最多嵌套 ${depth} 层`,
      en: `The document ${at(path)}nests too deep: objects and lists nest at most ${depth} levels`,
    },
  };
}

/**
 * The raw scan counted the bound's number of members in the container at `path`: an object's
 * properties or a list's items. The raw scan does not know the total, so the message has none.
 */
export function rawTooManyMembers(
  path: string,
  object: boolean,
  limits: Pick<ShapeLimits, 'properties' | 'items'>,
): ValidationIssue {
  const what = path || (object ? '单据' : '');
  return object
    ? {
        path,
        rule: 'maxProperties',
        message: {
          cn: `${what}的字段过多：最多 ${limits.properties} 个`,
          en: `${path || 'The document'} has too many properties: at most ${limits.properties}`,
        },
      }
    : {
        path,
        rule: 'maxItems',
        message: {
          cn: `${what}列表过长：任何列表最多 ${limits.items} 项`,
          en: `${path || 'The list'} is too long: a list holds at most ${limits.items} items`,
        },
      };
}

/**
 * A member name given twice in one object, at `path` (the second one's). JSON parsers disagree
 * on which of the two counts (the last, the first, or neither), so a document that reads one way
 * here could read another way in a lender's or a partner's own tools.
 */
export const duplicateName = (path: string): ValidationIssue => ({
  path,
  rule: 'duplicateName',
  message: {
    cn: `字段 ${path} 在同一对象中出现了不止一次：每个字段名只能出现一次（不同系统对重复字段取值不一）`,
    en: `${path} appears more than once in the same object: each name may appear once (systems disagree on which one counts)`,
  },
});
