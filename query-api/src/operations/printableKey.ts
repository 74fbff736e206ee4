/** A record key as an operator reads it: the text when it is printable UTF-8, else `base64:…`. */
export function printableKey(key: Buffer): string {
  const text = key.toString('utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  const printable = Buffer.from(text, 'utf8').equals(key) && !/[\u0000-\u001f\u007f]/.test(text);
  return printable ? text : `base64:${key.toString('base64')}`;
}
