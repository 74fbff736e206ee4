import { fileURLToPath } from 'node:url';
import { documentTypes } from './catalogue.ts';
import { pascal, renderTypes } from './render-types.ts';

/** Where the generated document types live, and what they must contain (Node only: the script and its test use it). */
export const documentTypesPath = fileURLToPath(new URL('./types.generated.ts', import.meta.url));

export function documentTypesModule(): string {
  return renderTypes({
    header:
      '// Generated from the document schemas by schemas/scripts/generate-types.ts; do not edit.\n' +
      '// Regenerate with: node schemas/scripts/generate-types.ts',
    schemas: documentTypes.map((type) => ({
      key: type.id,
      name: `${pascal(type.id)}Document`,
      schema: type.schema,
    })),
    mapName: 'DocumentsByType',
  });
}
