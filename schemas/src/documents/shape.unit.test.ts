import { describe, expect, it } from 'vitest';
import { documentType, documentTypes } from './catalogue.ts';
import { examples } from './examples.ts';
import type { JsonSchema } from './json-schema.ts';
import {
  duplicateNameIssue,
  mayHoldUnstorable,
  rawShapeIssue,
  shapeIssues,
  unstorableCharacter,
} from './shape.ts';
import { documentShapeLimits } from './shapeLimits.ts';
import { createDocumentValidators, maxIssuesShown } from './validator.ts';

const validators = createDocumentValidators();
const bytes = (text: string) => Buffer.from(text, 'utf8');
const rules = (issues: readonly { path: string; rule: string }[]) =>
  issues.map(({ path, rule }) => ({ path, rule }));

function everySchemaNode(schema: JsonSchema, visit: (node: JsonSchema, path: string) => void, path = '') {
  visit(schema, path);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    everySchemaNode(child, visit, path ? `${path}.${name}` : name);
  if (schema.items) everySchemaNode(schema.items, visit, `${path}[]`);
}

describe('every document schema bounds its work', () => {
  it.each(documentTypes.map((type) => type.id))(
    '%s: every list has maxItems, every string maxLength or enum',
    (id) => {
      const unbounded: string[] = [];
      everySchemaNode(documentType(id).schema, (node, path) => {
        if (node.type === 'array' && node.maxItems === undefined) unbounded.push(`${path} (list)`);
        if (node.type === 'string' && node.maxLength === undefined && node.enum === undefined)
          unbounded.push(`${path} (string)`);
      });
      expect(unbounded).toEqual([]);
    },
  );

  it("keeps the spec's list sizes (§5: goods import 1 to 3, bonded e-commerce order 1 to 2)", () => {
    expect(documentType('goods').schema.properties?.goodsList).toMatchObject({ minItems: 1, maxItems: 3 });
    expect(documentType('ondedEcOrder').schema.properties?.goodList).toMatchObject({
      minItems: 1,
      maxItems: 2,
    });
  });
});

describe('the raw scan (before parsing)', () => {
  it('passes every example', () => {
    for (const type of documentTypes)
      expect(rawShapeIssue(bytes(JSON.stringify(examples[type.id])))).toBeUndefined();
  });

  it('refuses a list of 350,000 empty items by its length, naming it', () => {
    const body = `{"entOrderNo":"E1","goodsList":[${Array(350_000).fill('{}').join(',')}]}`;
    const issue = rawShapeIssue(bytes(body));
    expect(issue).toMatchObject({ path: 'goodsList', rule: 'maxItems' });
    expect(issue?.message.en).toContain('at most 1000');
  });

  it('refuses deep nesting with the path reached', () => {
    expect(rawShapeIssue(bytes(`{"a":${'['.repeat(100_000)}`))).toMatchObject({
      path: 'a[0][0][0][0][0][0][0][0][0][0][0]',
      rule: 'maxDepth',
    });
  });

  it('refuses too many properties and too many containers', () => {
    const keys = Array.from({ length: 400 }, (_, index) => `"k${index}":1`).join(',');
    expect(rawShapeIssue(bytes(`{"x":{${keys}}}`))).toMatchObject({ path: 'x', rule: 'maxProperties' });
    const lists = Array.from({ length: 20 }, () => `[${Array(600).fill('[]').join(',')}]`).join(',');
    expect(rawShapeIssue(bytes(`{"x":[${lists}]}`))).toMatchObject({ rule: 'maxNodes' });
  });

  it('does not count brackets, commas or escaped quotes inside strings', () => {
    const text = `${'[{,'.repeat(5000)}\\"`;
    expect(rawShapeIssue(bytes(JSON.stringify({ notes: text.replaceAll('\\"', '"') })))).toBeUndefined();
  });
});

describe('a name given twice in one object', () => {
  const issueOf = (text: string) => duplicateNameIssue(bytes(text), JSON.parse(text));

  it('passes every example and a text whose strings hold colons, quotes and braces', () => {
    for (const type of documentTypes) expect(issueOf(JSON.stringify(examples[type.id]))).toBeUndefined();
    expect(issueOf('{"a":"x:y","b":"\\":{","c":{"a":1,"b":[{"a":2},{"a":3}]}}')).toBeUndefined();
    expect(issueOf('{"t" : "09:12:30", "u":{}}')).toBeUndefined();
  });

  it('names the second of the two, wherever it is', () => {
    expect(issueOf('{"entOrderNo":"A","entOrderNo":"B"}')).toEqual({
      path: 'entOrderNo',
      rule: 'duplicateName',
      message: {
        cn: '字段 entOrderNo 在同一对象中出现了不止一次：每个字段名只能出现一次（不同系统对重复字段取值不一）',
        en: 'entOrderNo appears more than once in the same object: each name may appear once (systems disagree on which one counts)',
      },
    });
    expect(issueOf('{"goodsList":[{"hsCode":"1"},{"hsCode":"2","qty":1,"hsCode":"3"}]}')?.path).toBe(
      'goodsList[1].hsCode',
    );
    expect(issueOf('{"a":{"b":{"c":1,"c":2}}}')?.path).toBe('a.b.c');
  });

  it('reads names as parsed: an escaped spelling is the same name', () => {
    expect(issueOf('{"amount":1,"\\u0061mount":2}')?.path).toBe('\\u0061mount');
  });
});

describe('the shape check (after parsing, against the schema)', () => {
  it("refuses a known list beyond its schema's maxItems without looking inside", () => {
    const document = { ...examples.goods, goodsList: Array(1000).fill({}) };
    expect(rules(validators.goods(document))).toEqual([{ path: 'goodsList', rule: 'maxItems' }]);
  });

  it('bounds strings of fields the spec does not name, and property names', () => {
    const long = { ...examples.pod, extra: 'x'.repeat(documentShapeLimits.string + 1) };
    expect(rules(validators.pod(long))).toEqual([{ path: 'extra', rule: 'maxLength' }]);
    const name = { ...examples.pod, ['k'.repeat(200)]: 1 };
    expect(rules(validators.pod(name))[0]).toMatchObject({ rule: 'propertyName' });
  });

  it('refuses NUL and lone surrogates anywhere, in values and property names', () => {
    expect(unstorableCharacter('a\u0000b')).toEqual({ position: 2, unit: 0 });
    expect(unstorableCharacter('ok 😀')).toBeUndefined();
    expect(unstorableCharacter('x\ud800')).toEqual({ position: 2, unit: 0xd800 });
    const issues = validators.inbound({
      ...examples.inbound,
      warehouseName: 'A\u0000',
      'odd\udc00': 1,
    });
    // A property name is checked when its object is visited, before the object's values.
    expect(rules(issues)).toEqual([
      { path: 'odd\udc00', rule: 'character' },
      { path: 'warehouseName', rule: 'character' },
    ]);
    expect(issues[1]?.message.en).toBe(
      'warehouseName (Warehouse name) holds a character that cannot be stored: character 2 is the NUL character U+0000',
    );
    expect(issues[1]?.message.cn).toContain('第 2 个字符是空字符 U+0000');
  });

  it('lets free text keep tabs and newlines', () => {
    expect(validators.pod({ ...examples.pod, notes: 'line 1\n\tline 2\r\n' })).toEqual([]);
  });

  it('is iterative: a parsed document nested 100,000 deep is refused, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(rules(shapeIssues({ a: deep }, documentType('pod').schema).issues)).toEqual([
      { path: 'a[0][0][0][0][0][0][0][0][0][0][0]', rule: 'maxDepth' },
    ]);
  });
});

describe('JSON text that cannot hold an unstorable character', () => {
  it('is told by its escapes: only a \\u escape can write U+0000 or a lone surrogate', () => {
    expect(mayHoldUnstorable(bytes('{"a":"\\u0000"}'))).toBe(true);
    expect(mayHoldUnstorable(bytes('{"a\\ud800":1}'))).toBe(true);
    expect(mayHoldUnstorable(bytes('{"a":"\\\\\\u0041"}'))).toBe(true);
    expect(mayHoldUnstorable(bytes('{"a":"\\\\u0000"}'))).toBe(false);
    expect(mayHoldUnstorable(bytes('{"a":"报关单 \\n \\" ok 😀"}'))).toBe(false);
    for (const type of documentTypes)
      expect(mayHoldUnstorable(bytes(JSON.stringify(examples[type.id])))).toBe(false);
  });

  it('never clears a text whose parsed strings or names hold one (random strings)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['a', '\\', '"', 'u', '0', 'd', '8', '\u0000', '\ud800', '\udc00', '😀', '报', '\n'];
    const text = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    for (let round = 0; round < 5000; round++) {
      const document = { [text()]: text(), list: [text(), { [text()]: text() }] };
      const json = bytes(JSON.stringify(document));
      const strings = [
        ...Object.keys(document),
        ...JSON.stringify(document).matchAll(/"((?:[^"\\]|\\.)*)"/g),
      ].map((m) => (typeof m === 'string' ? m : JSON.parse(`"${m[1]}"`)));
      if (strings.some((value) => unstorableCharacter(value) !== undefined))
        expect(mayHoldUnstorable(json), JSON.stringify(document)).toBe(true);
      const schema = documentType('pod').schema;
      if (!mayHoldUnstorable(json))
        expect(shapeIssues(document, schema, documentShapeLimits, 20, { characters: false })).toEqual(
          shapeIssues(document, schema),
        );
    }
  });
});

describe('identifiers (business keys, order, bill and goods numbers, codes)', () => {
  it.each([
    ['E1\u0000', 'character 3 is the control character U+0000'],
    ['E\u001f1', 'character 2 is the control character U+001F'],
    ['E1\u007f', 'character 3 is the control character U+007F'],
    ['E1\ud800', 'character 3 is the lone surrogate U+D800 (not a Unicode character)'],
    [' E1', 'it starts with a blank'],
    ['E1\t', 'character 3 is the control character U+0009'],
    ['E1\u3000', 'it ends with a blank'],
  ])('refuses %j as entOrderNo, naming the field, the rule and the character', (value, problem) => {
    const issues = validators.pod({ ...examples.pod, entOrderNo: value });
    expect(rules(issues)).toEqual([{ path: 'entOrderNo', rule: 'identifier' }]);
    expect(issues[0]?.message.en).toBe(
      `entOrderNo (Enterprise order number) is an identifier and may not hold control characters or lone surrogates, nor blanks at either end: ${problem}`,
    );
    expect(issues[0]?.message.cn).toMatch(/^entOrderNo（企业订单号）是标识，不能含控制字符/);
  });

  it('accepts inner blanks, Chinese and characters beyond the BMP', () => {
    expect(validators.pod({ ...examples.pod, entOrderNo: 'PO 2024 订单 😀' })).toEqual([]);
  });

  it('applies to nested identifiers too', () => {
    const inbound = examples.inbound as unknown as { goodsList: Record<string, unknown>[] };
    const document = { ...inbound, goodsList: [{ ...inbound.goodsList[0], entGoodsNo: 'G1 ' }] };
    expect(rules(validators.inbound(document))).toEqual([
      { path: 'goodsList[0].entGoodsNo', rule: 'identifier' },
    ]);
  });
});

describe('bounded answers', () => {
  it(`describes at most ${maxIssuesShown} issues and counts the rest`, () => {
    const document = { ...examples.inbound, goodsList: Array(1000).fill({}) };
    const all = validators.inbound(document);
    const { issues, skipped } = validators.inbound.bounded(document, maxIssuesShown);
    expect(issues).toEqual(all.slice(0, maxIssuesShown));
    expect(skipped).toBe(all.length - maxIssuesShown);
    expect(skipped).toBeGreaterThan(7000);
  });
});
