import loaders from 'virtual:document-validators';
import { type BoundedValidate, boundedValidator } from '@tradelog/schemas/documents/boundedValidator';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { tradeFormats } from '@tradelog/schemas/documents/formats';
import { documentShapeLimits } from '@tradelog/schemas/documents/shapeLimits';

const loaded = new Map<DocumentTypeId, Promise<BoundedValidate>>();

/**
 * The validator of one document type, as ingest judges it (the shape limits first, then the
 * schema), from the module compiled at build time for that type (web/README.md "Content Security
 * Policy"); loaded on first use, then kept. A load that failed is tried again on the next call.
 */
export function documentValidator(id: DocumentTypeId): Promise<BoundedValidate> {
  let found = loaded.get(id);
  if (!found) {
    const type = documentTypes.find((candidate) => candidate.id === id)!;
    found = loaders[id]().then((module) =>
      boundedValidator(type.schema, module.default, tradeFormats, documentShapeLimits),
    );
    found.catch(() => loaded.delete(id));
    loaded.set(id, found);
  }
  return found;
}
