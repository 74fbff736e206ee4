import type { DeclarationRow } from '@tradelog/projections/enterprise-data/tables';
import type { Declaration } from './reducer.ts';

/** A declaration as its table row: written by the shell, and answered so by the as-of fold. */
export const declarationRow = (declaration: Declaration): DeclarationRow => ({
  declarationKey: declaration.key,
  dataSource: declaration.dataSource,
  ownerCode: declaration.ownerCode,
  declareCode: declaration.declareCode,
  orderNo: declaration.orderNo,
  entryNo: declaration.entryNo,
  ieFlag: declaration.ieFlag,
  declareTime: declaration.declareTime,
  fields: { ...declaration.fields },
  provenance: { ...declaration.provenance },
});
