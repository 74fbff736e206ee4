import { describe, expect, it } from 'vitest';
import { jsonSyntaxWords } from './jsonSyntax.ts';

/** The words for what this Node's JSON.parse says of `text`. */
const wordsOf = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxWords((error as SyntaxError).message);
  }
  throw new Error(`${text} parsed`);
};

describe('a body that is not JSON, described', () => {
  it.each([
    ['{"a":1,}', '第 1 行第 8 列：此处应为用双引号括起的字段名（最后一个字段之后不能有逗号）'],
    ['{a:1}', "第 1 行第 2 列：此处应为用双引号括起的字段名或 '}'"],
    ['{"a" 1}', "第 1 行第 6 列：字段名之后缺少 ':'"],
    ['{"a":1 "b":2}', "第 1 行第 8 列：字段值之后缺少 ',' 或 '}'"],
    ['{"a":[1 2]}', "第 1 行第 9 列：列表元素之后缺少 ',' 或 ']'"],
    ['{"a":1} {"b":2}', '第 1 行第 9 列：JSON 结束之后还有多余的内容（一次只能提交一份单据）'],
    ['{"a":"x\ny"}', '第 1 行第 8 列：文本中有未转义的控制字符（换行、制表符等须写作 \\n、\\t）'],
    ['{\n  "a": "abc', '第 2 行第 12 列：文本缺少结尾的双引号'],
    ['{"a":01}', '第 1 行第 7 列：数字写法不合法（不能以 0 开头）'],
    ['{"a":-}', '第 1 行第 7 列：负号之后缺少数字'],
    ['{"a":1.}', '第 1 行第 8 列：小数点之后缺少数字'],
    ['{"a":', 'JSON 不完整，在结尾处中断'],
    ["{'a':1}", "第 1 行第 2 列：此处应为用双引号括起的字段名或 '}'"],
    ['{"a":\'x\'}', "此处有不应出现的字符（文本须用双引号，true、false、null 须小写）：'''"],
    ['{"a":True}', "此处有不应出现的字符（文本须用双引号，true、false、null 须小写）：'T'"],
    ['\uFEFF{}', '开头有字节顺序标记（BOM）'],
  ])('%j: %s', (text, cn) => {
    expect(wordsOf(text).cn).toBe(cn);
  });

  it('says the same in English, and never quotes the body', () => {
    expect(wordsOf('{"a":1,}').en).toBe(
      'line 1, column 8: a property name in double quotes was expected (no comma after the last property)',
    );
    expect(wordsOf('{"secret":tru}').en).toBe(
      "an unexpected character (texts take double quotes; true, false and null are lower case): '}'",
    );
  });

  it('gives a message it does not know a place', () => {
    expect(
      jsonSyntaxWords(`Something new in JSON at position 3 (line 1 column 4) ${'x'.repeat(300)}`),
    ).toEqual({
      cn: '第 1 行第 4 列：语法错误',
      en: 'line 1, column 4: a syntax error',
    });
  });
});
