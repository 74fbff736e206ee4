/**
 * The shape check that runs before the schema validator: bounds on how much a document may
 * make us do, checked in one pass that never descends into what it refuses. ajv with
 * `allErrors` does work proportional to the document and reports every failed rule, so an
 * oversized list of 350,000 empty items costs it seconds and gigabytes; this pass refuses the
 * list by its length alone. It also refuses what no store downstream can keep (U+0000 and lone
 * surrogates, in any string or property name). Pure; iterative, so nesting cannot exhaust the
 * stack. The bounds are written down in schemas/README.md ("Bounds").
 */
import { characterIssue, type IssueList, label, type ValidationIssue } from './issues.ts';
import { identifierPattern, type JsonSchema } from './json-schema.ts';
import { documentShapeLimits, type ShapeLimits, structural } from './shapeLimits.ts';

interface Frame {
  value: unknown;
  schema: JsonSchema | undefined;
  parent: Frame | undefined;
  /** Property name or list index under the parent. */
  key: string | number;
  depth: number;
}

/** The same refusal whether the raw scan or the parsed check counts past the bound. */
const tooManyContainers = (bound: number): ValidationIssue => ({
  path: '',
  rule: 'maxNodes',
  message: {
    cn: `单据过于庞大：对象与列表合计超过 ${bound} 个`,
    en: `The document is too large: more than ${bound} objects and lists in all`,
  },
});

const shownKey = (key: string) => (key.length > 40 ? `${key.slice(0, 37)}…` : key);

function pathOf(frame: Frame | undefined): string {
  const parts: (string | number)[] = [];
  for (let at = frame; at?.parent !== undefined; at = at.parent) parts.push(at.key);
  return parts
    .reverse()
    .reduce<string>(
      (path, part) =>
        typeof part === 'number' ? `${path}[${part}]` : path ? `${path}.${shownKey(part)}` : shownKey(part),
      '',
    );
}

/** Characters as ajv's maxLength counts them (code points), without copying the string. */
function codePoints(value: string): number {
  let count = value.length;
  for (let index = 0; index < value.length - 1; index++) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/** U+0000 or a lone surrogate: the first one, with its position in characters (from 1). */
export function unstorableCharacter(value: string): { position: number; unit: number } | undefined {
  if (!value.includes('\u0000') && value.isWellFormed()) return undefined;
  let position = 0;
  for (let index = 0; index < value.length; index++) {
    position++;
    const unit = value.charCodeAt(index);
    if (unit === 0) return { position, unit };
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
    }
    if (unit >= 0xd800 && unit <= 0xdfff) return { position, unit };
  }
  return undefined;
}

/**
 * Whether a JSON text may hold U+0000 or a lone surrogate once parsed: only as a `\u` escape,
 * since JSON forbids raw control characters in strings and strictly decoded UTF-8 cannot encode
 * a surrogate. One native search of the bytes, where checking each parsed string and property
 * name costs a pass over every one of them; most documents hold no escape at all.
 */
export function mayHoldUnstorable(json: Uint8Array): boolean {
  // Every backslash of valid JSON opens an escape of two characters or more: past one that is
  // not `\u`, the next may start two bytes on (`\\u` is a backslash, then a plain u).
  for (let at = indexOfByte.call(json, 0x5c); at >= 0; at = indexOfByte.call(json, 0x5c, at + 2))
    if (json[at + 1] === 0x75) return true;
  return false;
}

/**
 * The shape issues of a document against its schema: at most `limit` described, the rest
 * counted. `structural` is true when a size or nesting bound was broken, so that the caller
 * must not hand the document to the schema validator (the work would be unbounded).
 * `characters: false` skips the unstorable-character check, for a document parsed from JSON
 * text that `mayHoldUnstorable` cleared.
 */
export function shapeIssues(
  value: unknown,
  schema: JsonSchema,
  limits: Readonly<ShapeLimits> = documentShapeLimits,
  limit = Number.POSITIVE_INFINITY,
  options: { characters?: boolean } = {},
): IssueList & { structural: boolean } {
  const characters = options.characters ?? true;
  const issues: ValidationIssue[] = [];
  let skipped = 0;
  let isStructural = false;
  const report = (issue: ValidationIssue) => {
    if (structural.has(issue.rule)) isStructural = true;
    if (issues.length < limit) issues.push(issue);
    else skipped++;
  };
  const stack: Frame[] = [{ value, schema, parent: undefined, key: '', depth: 1 }];
  let containers = 0;
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { value: current, schema: known } = frame;
    if (typeof current === 'string') {
      if (known === undefined && current.length > limits.string && codePoints(current) > limits.string) {
        const path = pathOf(frame);
        report({
          path,
          rule: 'maxLength',
          message: {
            cn: `${label(path, known).cn}长度不能超过 ${limits.string} 个字符（规范未列出的字段），实际为 ${codePoints(current)} 个`,
            en: `${label(path, known).en} must be at most ${limits.string} characters (a field the spec does not name); got ${codePoints(current)}`,
          },
        });
        continue;
      }
      // Identifiers have their own, stricter rule in the schema (identifierPattern).
      if (!characters || known?.pattern === identifierPattern) continue;
      const found = unstorableCharacter(current);
      if (found) report(characterIssue(pathOf(frame), known, 'value', found));
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    containers++;
    if (containers > limits.containers) {
      report(tooManyContainers(limits.containers));
      return { issues, skipped, structural: true };
    }
    if (frame.depth > limits.depth) {
      const path = pathOf(frame);
      report({
        path,
        rule: 'maxDepth',
        message: {
          cn: `${label(path, known).cn}嵌套过深：对象与列表最多嵌套 ${limits.depth} 层`,
          en: `${label(path, known).en} is nested too deep: objects and lists nest at most ${limits.depth} levels`,
        },
      });
      continue;
    }
    if (Array.isArray(current)) {
      const listSchema = known?.type === 'array' ? known : undefined;
      const most = listSchema?.maxItems ?? limits.items;
      if (current.length > most) {
        const path = pathOf(frame);
        const f = label(path, listSchema);
        report({
          path,
          rule: 'maxItems',
          message: {
            cn: `${f.cn}最多只能有 ${most} 项，实际为 ${current.length} 项`,
            en: `${f.en} must have at most ${most} items; got ${current.length}`,
          },
        });
        continue;
      }
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({
          value: current[index],
          schema: listSchema?.items,
          parent: frame,
          key: index,
          depth: frame.depth + 1,
        });
      }
      continue;
    }
    const names = Object.keys(current);
    const objectSchema = known?.type === 'object' ? known : undefined;
    if (names.length > limits.properties) {
      const path = pathOf(frame);
      const f = label(path, objectSchema);
      report({
        path,
        rule: 'maxProperties',
        message: {
          cn: `${f.cn}的字段过多：最多 ${limits.properties} 个，实际为 ${names.length} 个`,
          en: `${f.en} has too many properties: at most ${limits.properties}; got ${names.length}`,
        },
      });
      continue;
    }
    for (let index = names.length - 1; index >= 0; index--) {
      const name = names[index] as string;
      const child: Frame = {
        value: (current as Record<string, unknown>)[name],
        schema: objectSchema?.properties?.[name],
        parent: frame,
        key: name,
        depth: frame.depth + 1,
      };
      if (name.length > limits.propertyName) {
        const path = pathOf(child);
        report({
          path,
          rule: 'propertyName',
          message: {
            cn: `字段名 ${path} 过长：最多 ${limits.propertyName} 个字符，实际为 ${name.length} 个`,
            en: `The property name ${path} is too long: at most ${limits.propertyName} characters; got ${name.length}`,
          },
        });
        continue;
      }
      const found = characters ? unstorableCharacter(name) : undefined;
      if (found) {
        report(characterIssue(pathOf(child), undefined, 'name', found));
        continue;
      }
      stack.push(child);
    }
  }
  return { issues, skipped, structural: isStructural };
}

const indexOfByte = Uint8Array.prototype.indexOf;

/**
 * The same bounds checked on the raw JSON bytes, before they are parsed: nesting, objects and
 * lists in all, members of one object or list. Parsing a 1 MiB body of 350,000 empty objects
 * or 500,000 opening brackets costs tens of milliseconds and as many megabytes; this scan
 * costs one pass over the bytes and allocates little. Strings are skipped (escapes included),
 * so brackets inside them do not count. Malformed JSON is left to the parser. Returns the
 * first bound broken (with the path where it was, as far as read), or undefined.
 */
export function rawShapeIssue(
  bytes: Uint8Array,
  limits: Readonly<ShapeLimits> = documentShapeLimits,
): ValidationIssue | undefined {
  // Per open container: members seen so far (commas), whether it is an object, and for an
  // object the byte range of its current member's name.
  const members: number[] = [];
  const isObject: boolean[] = [];
  const nameStart: number[] = [];
  const nameEnd: number[] = [];
  let containers = 0;
  let lastStringStart = -1;
  let lastStringEnd = -1;
  const decoder = new TextDecoder();
  const pathHere = (): string => {
    let path = '';
    for (let depth = 0; depth < members.length; depth++) {
      if (isObject[depth]) {
        if ((nameStart[depth] as number) < 0) break;
        const name = shownKey(decoder.decode(bytes.subarray(nameStart[depth], nameEnd[depth])));
        path = path ? `${path}.${name}` : name;
      } else path = `${path}[${members[depth]}]`;
    }
    return path;
  };
  const at = (path: string) => (path ? `${path} ` : '');
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    switch (byte) {
      case 0x22: {
        // " opens a string: skip to the quote closing it, the next one not escaped (preceded by
        // an even number of backslashes). Found by the typed array's own search, not byte by
        // byte: strings are most of a document's bytes. Unterminated: left to the parser.
        let end = index;
        for (;;) {
          end = indexOfByte.call(bytes, 0x22, end + 1);
          if (end < 0) return undefined;
          let backslashes = 0;
          while (bytes[end - 1 - backslashes] === 0x5c) backslashes++;
          if (backslashes % 2 === 0) break;
        }
        lastStringStart = index + 1;
        lastStringEnd = end;
        index = end;
        break;
      }
      case 0x3a: {
        // : ends the name of an object member
        const depth = members.length - 1;
        if (depth >= 0 && isObject[depth]) {
          nameStart[depth] = lastStringStart;
          nameEnd[depth] = lastStringEnd;
        }
        break;
      }
      case 0x7b: // {
      case 0x5b: {
        // [
        containers++;
        if (containers > limits.containers) {
          return tooManyContainers(limits.containers);
        }
        if (members.length >= limits.depth) {
          const path = pathHere();
          return {
            path,
            rule: 'maxDepth',
            message: {
              cn: `单据${at(path)}嵌套过深：对象与列表最多嵌套 ${limits.depth} 层`,
              en: `The document ${at(path)}nests too deep: objects and lists nest at most ${limits.depth} levels`,
            },
          };
        }
        members.push(0);
        isObject.push(byte === 0x7b);
        nameStart.push(-1);
        nameEnd.push(-1);
        break;
      }
      case 0x7d: // }
      case 0x5d: // ]
        members.pop();
        isObject.pop();
        nameStart.pop();
        nameEnd.pop();
        break;
      case 0x2c: {
        // , separates members of the innermost container
        const depth = members.length - 1;
        if (depth < 0) break;
        const count = (members[depth] as number) + 1;
        const object = isObject[depth] === true;
        const most = object ? limits.properties : limits.items;
        if (count >= most) {
          // Name the container itself, not its member.
          members.pop();
          isObject.pop();
          nameStart.pop();
          nameEnd.pop();
          const path = pathHere();
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
        members[depth] = count;
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}
