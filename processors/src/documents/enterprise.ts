/**
 * The former name of enterpriseKey.ts, kept only for the importers that are being reworked
 * elsewhere (collateral, link-node, enterprise-data); import `./enterpriseKey.ts` in new code.
 * Remove once those import it directly.
 */
export * from './enterpriseKey.ts';
