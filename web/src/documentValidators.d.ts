// The partner console's document checks, compiled at build time by web/vite.config.ts
// (`documentValidatorsPlugin`): a loader per document type id of its ajv validate function.
declare module 'virtual:document-validators' {
  import type { CompiledSchema } from '@tradelog/schemas/documents/boundedValidator';
  import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';

  const loaders: Readonly<Record<DocumentTypeId, () => Promise<{ default: CompiledSchema }>>>;
  export default loaders;
}
