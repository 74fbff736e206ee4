/**
 * What is wrong with a body that is not JSON, in words a partner reads in each language: the
 * kind of mistake, by the wording of V8's JSON.parse message, and the line and column when the
 * parser gave them. Never the parser's message itself: it may quote the body (ingest and the
 * query API answer the same words). A message we do not know is a syntax error at its place. Pure.
 */
export interface Words {
  cn: string;
  en: string;
}

/** V8's JSON.parse messages, by their wording, and what each says in each language. */
const mistakes: readonly [RegExp, Words][] = [
  [
    /^Unexpected end of JSON input/,
    { cn: 'JSON 不完整，在结尾处中断', en: 'the JSON ends before it is complete' },
  ],
  [
    /^Expected property name or '\}'/,
    { cn: "此处应为用双引号括起的字段名或 '}'", en: "a property name in double quotes or '}' was expected" },
  ],
  [
    /^Expected double-quoted property name/,
    {
      cn: '此处应为用双引号括起的字段名（最后一个字段之后不能有逗号）',
      en: 'a property name in double quotes was expected (no comma after the last property)',
    },
  ],
  [
    /^Expected ':' after property name/,
    { cn: "字段名之后缺少 ':'", en: "':' is missing after a property name" },
  ],
  [
    /^Expected ',' or '\}' after property value/,
    { cn: "字段值之后缺少 ',' 或 '}'", en: "',' or '}' is missing after a property value" },
  ],
  [
    /^Expected ',' or '\]' after array element/,
    { cn: "列表元素之后缺少 ',' 或 ']'", en: "',' or ']' is missing after a list item" },
  ],
  [
    /^Unexpected non-whitespace character after JSON/,
    {
      cn: 'JSON 结束之后还有多余的内容（一次只能提交一份单据）',
      en: 'more follows the end of the JSON (one document per call)',
    },
  ],
  [
    /^Bad control character in string literal/,
    {
      cn: '文本中有未转义的控制字符（换行、制表符等须写作 \\n、\\t）',
      en: 'a text holds an unescaped control character (write a line break as \\n, a tab as \\t)',
    },
  ],
  [
    /^Bad escaped character/,
    {
      cn: '文本中有无效的转义序列（反斜杠之后只能是 " \\ / b f n r t 或 u）',
      en: 'a text holds an invalid escape (a backslash is followed by one of " \\ / b f n r t u)',
    },
  ],
  [/^Bad Unicode escape/, { cn: '文本中有无效的 \\u 转义', en: 'a text holds an invalid \\u escape' }],
  [/^Unterminated string/, { cn: '文本缺少结尾的双引号', en: 'a text has no closing double quote' }],
  [
    /^Unexpected number/,
    { cn: '数字写法不合法（不能以 0 开头）', en: 'a number is written wrongly (no leading zeros)' },
  ],
  [/^No number after minus sign/, { cn: '负号之后缺少数字', en: 'a minus sign is not followed by a number' }],
  [
    /^Unterminated fractional number/,
    { cn: '小数点之后缺少数字', en: 'a decimal point is not followed by digits' },
  ],
  [/^Exponent part is missing a number/, { cn: '指数部分缺少数字', en: 'an exponent has no digits' }],
  [
    /^Unexpected token/,
    {
      cn: '此处有不应出现的字符（文本须用双引号，true、false、null 须小写）',
      en: 'an unexpected character (texts take double quotes; true, false and null are lower case)',
    },
  ],
];

const syntaxError: Words = { cn: '语法错误', en: 'a syntax error' };

/** The parser's message `message` in words: the kind of mistake, then where it is. */
export function jsonSyntaxWords(message: string): Words {
  const kind = mistakes.find(([pattern]) => pattern.test(message))?.[1] ?? syntaxError;
  const place = /line (\d+) column (\d+)/.exec(message);
  // V8 names the unexpected character but not where it is; one or two characters say no more.
  const token = /^Unexpected token '(.{1,2})'/u.exec(message)?.[1];
  const what: Words =
    token === '\uFEFF'
      ? { cn: '开头有字节顺序标记（BOM）', en: 'it starts with a byte order mark (BOM)' }
      : token
        ? { cn: `${kind.cn}：'${token}'`, en: `${kind.en}: '${token}'` }
        : kind;
  return place
    ? {
        cn: `第 ${place[1]} 行第 ${place[2]} 列：${what.cn}`,
        en: `line ${place[1]}, column ${place[2]}: ${what.en}`,
      }
    : what;
}
