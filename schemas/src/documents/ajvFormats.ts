import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { type CustomFormat, tradeFormats } from './formats.ts';

/**
 * Every format our schemas may name, as ajv takes them: ajv-formats' full set and ours. The one
 * list the compiler registers (validator.ts) and the precompiled validators import
 * (standaloneRuntime.ts), so both judge a value alike; it imports no compiler, so the portal's
 * pages carry none.
 */
export function ajvFormatDefinitions(
  formats: Readonly<Record<string, CustomFormat>> = tradeFormats,
): Record<string, Format> {
  return {
    ...fullFormats,
    ...Object.fromEntries(
      Object.entries(formats).map(([name, format]) => [name, { type: 'string', validate: format.validate }]),
    ),
  };
}
