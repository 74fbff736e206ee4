import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import { ajvFormatDefinitions } from './ajvFormats.ts';

/**
 * What the precompiled document validators (standaloneValidators.ts) call at run time, as an ES
 * module the portal's bundler can serve: the formats, the very definitions the services'
 * compiler registers, and ajv's code-point length (maxLength counts characters, not UTF-16
 * units). ajv's own runtime is CommonJS with a `default` export, which bundlers and Node hand
 * over differently; either way the function is taken.
 */
export const formats = ajvFormatDefinitions();

type Ucs2length = (value: string) => number;
export const ucs2length: Ucs2length =
  typeof ucs2lengthModule === 'function'
    ? (ucs2lengthModule as Ucs2length)
    : (ucs2lengthModule as unknown as { default: Ucs2length }).default;
