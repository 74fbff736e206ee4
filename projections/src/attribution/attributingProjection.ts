import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { ProjectionDeclaration } from '../declaration.ts';
import { createAttributionTables } from './tables.ts';

/*
 * What every projection that attributes documents to enterprises declares alike
 * (processors/README.md "Attribution").
 */

/**
 * The trade documents (logistics and business groups): an attributing projection reads them all,
 * since any of them may attribute an order through its order keys.
 */
export const tradeDocumentTypes: readonly DocumentTypeId[] = documentTypes
  .filter((type) => type.group === 'logistics' || type.group === 'business')
  .map((type) => type.id);

/** An attributing projection's tables: its own, then the attribution tables beside them. */
export function withAttributionTables(
  createTables: ProjectionDeclaration['createTables'],
): ProjectionDeclaration['createTables'] {
  return async (db, schema) => {
    await createTables(db, schema);
    await createAttributionTables(db, schema);
  };
}
