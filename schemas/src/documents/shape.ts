/**
 * The shape check that runs before the schema validator: bounds on how much a document may
 * make us do, checked in one pass that never descends into what it refuses. ajv with
 * `allErrors` does work proportional to the document and reports every failed rule, so an
 * oversized list of 350,000 empty items costs it seconds and gigabytes; this pass refuses the
 * list by its length alone. It also refuses what no store downstream can keep (U+0000 and lone
 * surrogates, in any string or property name). Pure; iterative, so nesting cannot exhaust the
 * stack. The bounds are written down in schemas/README.md ("Bounds").
 */
import { characterIssue, type IssueList, type ValidationIssue } from './issues.ts';
import { identifierPattern, type JsonSchema } from './json-schema.ts';
import { documentShapeLimits, type ShapeLimits, structural } from './shapeLimits.ts';
import {
  duplicateName,
  nestedTooDeep,
  propertyNameTooLong,
  rawNestedTooDeep,
  rawTooManyMembers,
  stringTooLong,
  tooManyContainers,
  tooManyItems,
  tooManyProperties,
} from './shapeRefusals.ts';

interface Frame {
  value: unknown;
  schema: JsonSchema | undefined;
  parent: Frame | undefined;
  /** Property name or list index under the parent. */
  key: string | number;
  depth: number;
}

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

/** Where a walk of the parsed document stands: what is left to visit and where issues go. */
interface Walk {
  limits: Readonly<ShapeLimits>;
  /** Whether strings and property names are checked for unstorable characters. */
  characters: boolean;
  /** Frames left to visit; the last one is next, so children are pushed in reverse. */
  stack: Frame[];
  report: (issue: ValidationIssue) => void;
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
  const issues: ValidationIssue[] = [];
  let skipped = 0;
  let isStructural = false;
  const walk: Walk = {
    limits,
    characters: options.characters ?? true,
    stack: [{ value, schema, parent: undefined, key: '', depth: 1 }],
    report: (issue) => {
      if (structural.has(issue.rule)) isStructural = true;
      if (issues.length < limit) issues.push(issue);
      else skipped++;
    },
  };
  let containers = 0;
  while (walk.stack.length > 0) {
    const frame = walk.stack.pop() as Frame;
    const current = frame.value;
    if (typeof current === 'string') {
      const issue = stringIssue(frame, current, walk);
      if (issue) walk.report(issue);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    containers++;
    if (containers > limits.containers) {
      walk.report(tooManyContainers(limits.containers));
      return { issues, skipped, structural: true };
    }
    if (frame.depth > limits.depth) {
      walk.report(nestedTooDeep(pathOf(frame), frame.schema, limits.depth));
      continue;
    }
    if (Array.isArray(current)) visitList(frame, current, walk);
    else visitObject(frame, current as Record<string, unknown>, walk);
  }
  return { issues, skipped, structural: isStructural };
}

/** A string's issue: too long for a field the schema does not name, or unstorable. */
function stringIssue(
  frame: Frame,
  current: string,
  walk: Pick<Walk, 'limits' | 'characters'>,
): ValidationIssue | undefined {
  const { schema: known } = frame;
  const bound = walk.limits.string;
  if (known === undefined && current.length > bound && codePoints(current) > bound)
    return stringTooLong(pathOf(frame), bound, codePoints(current));
  // Identifiers have their own, stricter rule in the schema (identifierPattern).
  if (!walk.characters || known?.pattern === identifierPattern) return undefined;
  const found = unstorableCharacter(current);
  return found ? characterIssue(pathOf(frame), known, 'value', found) : undefined;
}

/** A list: refused by its length alone, or its items pushed to be visited in order. */
function visitList(frame: Frame, current: unknown[], walk: Walk): void {
  const listSchema = frame.schema?.type === 'array' ? frame.schema : undefined;
  const most = listSchema?.maxItems ?? walk.limits.items;
  if (current.length > most) {
    walk.report(tooManyItems(pathOf(frame), listSchema, most, current.length));
    return;
  }
  for (let index = current.length - 1; index >= 0; index--) {
    walk.stack.push({
      value: current[index],
      schema: listSchema?.items,
      parent: frame,
      key: index,
      depth: frame.depth + 1,
    });
  }
}

/**
 * An object: refused by its number of properties alone, or each member whose name is neither
 * too long nor unstorable pushed to be visited in order.
 */
function visitObject(frame: Frame, current: Record<string, unknown>, walk: Walk): void {
  const { limits } = walk;
  const names = Object.keys(current);
  const objectSchema = frame.schema?.type === 'object' ? frame.schema : undefined;
  if (names.length > limits.properties) {
    walk.report(tooManyProperties(pathOf(frame), objectSchema, limits.properties, names.length));
    return;
  }
  for (let index = names.length - 1; index >= 0; index--) {
    const name = names[index] as string;
    const child: Frame = {
      value: current[name],
      schema: objectSchema?.properties?.[name],
      parent: frame,
      key: name,
      depth: frame.depth + 1,
    };
    if (name.length > limits.propertyName) {
      walk.report(propertyNameTooLong(pathOf(child), limits.propertyName, name.length));
      continue;
    }
    const found = walk.characters ? unstorableCharacter(name) : undefined;
    if (found) {
      walk.report(characterIssue(pathOf(child), undefined, 'name', found));
      continue;
    }
    walk.stack.push(child);
  }
}

const indexOfByte = Uint8Array.prototype.indexOf;

/**
 * The containers the raw scan of `bytes` is inside, outermost first: per open container,
 * members seen so far (commas), whether it is an object, and for an object the byte range of
 * its current member's name (-1 until its first colon).
 */
class OpenContainers {
  private readonly decoder = new TextDecoder();
  readonly members: number[] = [];
  readonly isObject: boolean[] = [];
  readonly nameStart: number[] = [];
  readonly nameEnd: number[] = [];

  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  get depth(): number {
    return this.members.length;
  }

  open(object: boolean): void {
    this.members.push(0);
    this.isObject.push(object);
    this.nameStart.push(-1);
    this.nameEnd.push(-1);
  }

  close(): void {
    this.members.pop();
    this.isObject.pop();
    this.nameStart.pop();
    this.nameEnd.pop();
  }

  /** The string just read, from `start` to `end`, names the innermost object's current member. */
  nameMember(start: number, end: number): void {
    const depth = this.members.length - 1;
    if (depth >= 0 && this.isObject[depth]) {
      this.nameStart[depth] = start;
      this.nameEnd[depth] = end;
    }
  }

  /** The path of the innermost container's current member, as far as read. */
  path(): string {
    let path = '';
    for (let depth = 0; depth < this.members.length; depth++) {
      if (this.isObject[depth]) {
        const start = this.nameStart[depth] as number;
        if (start < 0) break;
        const name = shownKey(this.decoder.decode(this.bytes.subarray(start, this.nameEnd[depth])));
        path = path ? `${path}.${name}` : name;
      } else path = `${path}[${this.members[depth]}]`;
    }
    return path;
  }
}

/**
 * The index of the quote closing the string opened at `open`: the next one not escaped
 * (preceded by an even number of backslashes), or -1 when the string is unterminated. Found by
 * the typed array's own search, not byte by byte: strings are most of a document's bytes.
 */
function closingQuote(bytes: Uint8Array, open: number): number {
  let end = open;
  for (;;) {
    end = indexOfByte.call(bytes, 0x22, end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (bytes[end - 1 - backslashes] === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
}

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
  const open = new OpenContainers(bytes);
  let containers = 0;
  let lastStringStart = -1;
  let lastStringEnd = -1;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    switch (byte) {
      case 0x22: {
        // " opens a string: skip to the quote closing it. Unterminated: left to the parser.
        const end = closingQuote(bytes, index);
        if (end < 0) return undefined;
        lastStringStart = index + 1;
        lastStringEnd = end;
        index = end;
        break;
      }
      case 0x3a: // : ends the name of an object member
        open.nameMember(lastStringStart, lastStringEnd);
        break;
      case 0x7b: // {
      case 0x5b: {
        // [
        containers++;
        if (containers > limits.containers) {
          return tooManyContainers(limits.containers);
        }
        if (open.depth >= limits.depth) return rawNestedTooDeep(open.path(), limits.depth);
        open.open(byte === 0x7b);
        break;
      }
      case 0x7d: // }
      case 0x5d: // ]
        open.close();
        break;
      case 0x2c: {
        // , separates members of the innermost container
        const depth = open.depth - 1;
        if (depth < 0) break;
        const count = (open.members[depth] as number) + 1;
        const object = open.isObject[depth] === true;
        if (count >= (object ? limits.properties : limits.items)) {
          // Name the container itself, not its member.
          open.close();
          return rawTooManyMembers(open.path(), object, limits);
        }
        open.members[depth] = count;
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}

/**
 * The members of every object in a JSON text, counted without parsing it: one colon outside
 * strings a member. Strings are skipped by the typed array's own search, as in `rawShapeIssue`.
 * For a text that parsed, it is the number of members written, duplicates included.
 */
function rawMemberCount(bytes: Uint8Array): number {
  let members = 0;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (byte === 0x3a) members++;
    else if (byte === 0x22) {
      index = closingQuote(bytes, index);
      if (index < 0) return members;
    }
  }
  return members;
}

/** The members of every object in a parsed value (a name given twice is one member). Iterative. */
function parsedMemberCount(value: unknown): number {
  let members = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (const item of current) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    for (const name in current) {
      members++;
      const member = (current as Record<string, unknown>)[name];
      if (member !== null && typeof member === 'object') stack.push(member);
    }
  }
  return members;
}

/**
 * A name given twice in one object of the JSON text `bytes`, which parsed as `parsed`: JSON.parse
 * keeps the last silently, where other parsers keep the first or refuse the text (RFC 8259 §4:
 * names SHOULD be unique; its behaviour is otherwise unpredictable). The log keeps the bytes,
 * so every reader must read one document from them. The common case costs a count of colons and
 * a count of parsed members; only a text whose counts differ is scanned for the name.
 */
export function duplicateNameIssue(bytes: Uint8Array, parsed: unknown): ValidationIssue | undefined {
  if (rawMemberCount(bytes) === parsedMemberCount(parsed)) return undefined;
  const open = new OpenContainers(bytes);
  const decoder = new TextDecoder();
  const names: (Set<string> | undefined)[] = [];
  let quoteOpened = -1;
  let quoteClosed = -1;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    switch (byte) {
      case 0x22:
        quoteOpened = index;
        quoteClosed = closingQuote(bytes, index);
        if (quoteClosed < 0) return undefined;
        index = quoteClosed;
        break;
      case 0x3a: {
        // The name as parsed: with its escapes read, "a" and "\u0061" are one name.
        const name = JSON.parse(decoder.decode(bytes.subarray(quoteOpened, quoteClosed + 1))) as string;
        open.nameMember(quoteOpened + 1, quoteClosed);
        const seen = names[names.length - 1];
        if (seen?.has(name)) return duplicateName(open.path());
        seen?.add(name);
        break;
      }
      case 0x7b: // {
      case 0x5b: // [
        open.open(byte === 0x7b);
        names.push(byte === 0x7b ? new Set() : undefined);
        break;
      case 0x7d: // }
      case 0x5d: // ]
        open.close();
        names.pop();
        break;
      case 0x2c: {
        // , moves the innermost container on to its next member (a list's index)
        const depth = open.depth - 1;
        if (depth >= 0) open.members[depth] = (open.members[depth] as number) + 1;
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}
