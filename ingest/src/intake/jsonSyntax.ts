/**
 * What is wrong with a body that is not JSON, in words a partner reads in each language. The
 * English is the parser's own message (V8's, which names the rule and the line and column);
 * the Chinese says the same by the kind of mistake, with the line and column when the parser
 * gave them. A parser message we do not know is described as a syntax error at its place. Pure.
 */
export interface Words {
  cn: string;
  en: string;
}

/** V8's JSON.parse messages, by their wording, and what each says in Chinese. */
const mistakes: readonly [RegExp, string][] = [
  [/^Unexpected end of JSON input/, 'JSON 不完整，在结尾处中断'],
  [/^Expected property name or '\}'/, "此处应为用双引号括起的字段名或 '}'"],
  [/^Expected double-quoted property name/, '此处应为用双引号括起的字段名（最后一个字段之后不能有逗号）'],
  [/^Expected ':' after property name/, "字段名之后缺少 ':'"],
  [/^Expected ',' or '\}' after property value/, "字段值之后缺少 ',' 或 '}'"],
  [/^Expected ',' or '\]' after array element/, "列表元素之后缺少 ',' 或 ']'"],
  [/^Unexpected non-whitespace character after JSON/, 'JSON 结束之后还有多余的内容（一次只能提交一份单据）'],
  [/^Bad control character in string literal/, '文本中有未转义的控制字符（换行、制表符等须写作 \\n、\\t）'],
  [/^Bad escaped character/, '文本中有无效的转义序列（反斜杠之后只能是 " \\ / b f n r t 或 u）'],
  [/^Bad Unicode escape/, '文本中有无效的 \\u 转义'],
  [/^Unterminated string/, '文本缺少结尾的双引号'],
  [/^Unexpected number/, '数字写法不合法（不能以 0 开头）'],
  [/^No number after minus sign/, '负号之后缺少数字'],
  [/^Unterminated fractional number/, '小数点之后缺少数字'],
  [/^Exponent part is missing a number/, '指数部分缺少数字'],
  [/^Unexpected token/, '此处有不应出现的字符（文本须用双引号，true、false、null 须小写）'],
];

/** Chinese for the parser's message `message`: the kind of mistake, then where it is. */
export function jsonSyntaxWords(message: string): Words {
  // The parser's message quotes a little of the body; an answer never quotes much of it.
  const en = message.slice(0, 200);
  const kind = mistakes.find(([pattern]) => pattern.test(message))?.[1] ?? '语法错误';
  const place = /line (\d+) column (\d+)/.exec(message);
  const token = /^Unexpected token '(.{1,2})'/u.exec(message)?.[1];
  const what = token === '\uFEFF' ? '开头有字节顺序标记（BOM）' : token ? `${kind}：'${token}'` : kind;
  return { cn: place ? `第 ${place[1]} 行第 ${place[2]} 列：${what}` : what, en };
}
