import type { DocumentType, DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import type { BoundedValidate } from '@tradelog/schemas/documents/validator';

/**
 * The 14 submission interfaces as ingest serves them: the catalogue's path with `{product}`
 * substituted (submission spec §7), the topic and registry schema id the document is appended
 * with, and its compiled validator.
 */
export interface SubmissionInterface {
  id: DocumentTypeId;
  path: string;
  topic: string;
  keyField: string;
  schemaId: number;
  response: DocumentType['response'];
  validate: BoundedValidate;
}

export function interfacePath(path: string, product: string): string {
  return path.replaceAll('{product}', product);
}

export function buildInterfaces(options: {
  types: readonly DocumentType[];
  product: string;
  log: Readonly<Record<string, { topic: string; schemaId: number }>>;
  validators: Readonly<Record<string, BoundedValidate>>;
}): SubmissionInterface[] {
  const interfaces = options.types.map((type) => {
    const log = options.log[type.id];
    const validate = options.validators[type.id];
    if (!log) throw new Error(`no topic or schema id prepared for document type ${type.id}`);
    if (!validate) throw new Error(`no validator compiled for document type ${type.id}`);
    return {
      id: type.id,
      path: interfacePath(type.path, options.product),
      topic: log.topic,
      keyField: type.keyField,
      schemaId: log.schemaId,
      response: type.response,
      validate,
    };
  });
  const seen = new Set<string>();
  for (const { path, id } of interfaces) {
    if (seen.has(path)) throw new Error(`two document types share the path ${path} (${id})`);
    seen.add(path);
  }
  return interfaces;
}
