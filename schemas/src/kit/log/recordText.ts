/**
 * The JSON text a decoded record value was parsed from, kept beside the value while it lives:
 * a projection writing the value whole to a `json` column (a link node's document) sends the
 * text the log holds instead of serialising the value again, which was most of a node write's
 * cost in the process. Postgres' `json` keeps the text as written; read back, it parses to the
 * same value (the value was parsed from it).
 */
const texts = new WeakMap<object, string>();

/** Remembers that `value` was parsed from `text` (the codec, once the value is checked). */
export function rememberRecordText(value: unknown, text: string): void {
  if (typeof value === 'object' && value !== null) texts.set(value, text);
}

/** The value as JSON: the text it was parsed from when it came from a record, else serialised. */
export const jsonTextOf = (value: unknown): string =>
  (typeof value === 'object' && value !== null ? texts.get(value) : undefined) ?? JSON.stringify(value);
