/**
 * The former name of enterpriseFields.ts, kept only for the importers that are being reworked
 * elsewhere (schemas/src/log/headers.ts, processors/src/enterprise-data/reducer.ts); import
 * `./enterpriseFields.ts` in new code. Remove once those two import it directly.
 */
export * from './enterpriseFields.ts';
