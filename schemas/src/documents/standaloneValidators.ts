import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type DocumentTypeId, documentTypes } from './catalogue.ts';
import { createTradelogAjv } from './validator.ts';

/**
 * The document validators compiled ahead of time (ajv's standalone code), as ES module sources.
 * The portal's console checks documents as they are typed with the very schemas ingest uses; a
 * page may not evaluate code (its Content-Security-Policy has no `'unsafe-eval'`, web/README.md
 * "Content Security Policy"), so the bundler serves these modules instead of compiling in the
 * browser (web/vite.config.ts). Same ajv instance options as the services' (validator.ts).
 *
 * ajv writes what its code calls at run time as `require(…)`: each is replaced by an import from
 * standaloneRuntime.ts, and one this module does not know fails here, at build, not in a page.
 */
const runtimeModule = '@tradelog/schemas/documents/standaloneRuntime';
const runtimeCalls: Record<string, string> = {
  [`require("${runtimeModule}").formats`]: 'formats',
  'require("ajv/dist/runtime/ucs2length").default': 'ucs2length',
};

/**
 * The sources of one module per document type (`export default <validate function>`), compiled on
 * one ajv instance: a page loads the one its partner picked, not all of them (the console's chunk
 * stays small; the whole set is about 1.5 MB of code).
 */
export function documentValidatorModules(): Record<DocumentTypeId, string> {
  const ajv = createTradelogAjv(undefined, {
    source: true,
    esm: true,
    formats: _`require(${runtimeModule}).formats`,
  });
  return Object.fromEntries(
    documentTypes.map((type) => {
      let code = standaloneCode.default(ajv, ajv.compile(type.schema));
      for (const [call, name] of Object.entries(runtimeCalls)) code = code.replaceAll(call, name);
      const unknown = code.match(/require\([^)]*\)/);
      if (unknown)
        throw new Error(
          `precompiled validators call ${unknown[0]}, which standaloneRuntime.ts does not provide`,
        );
      const imports = `import { ${Object.values(runtimeCalls).join(', ')} } from '${runtimeModule}';`;
      return [type.id, `${imports}\n${code.replace(/^"use strict";/, '')}`];
    }),
  ) as Record<DocumentTypeId, string>;
}
