import { fileURLToPath } from 'node:url';
import { pascal, renderTypes } from '../documents/render-types.ts';
import { queryTypes } from './catalogue.ts';

/** Where the generated request types live, and what they must contain (Node only: the script and its test use it). */
export const queryTypesPath = fileURLToPath(new URL('./types.generated.ts', import.meta.url));

export function queryTypesModule(): string {
  return renderTypes({
    header:
      '// Generated from the query request schemas by schemas/scripts/generate-types.ts; do not edit.\n' +
      '// Regenerate with: node schemas/scripts/generate-types.ts',
    schemas: queryTypes.map((type) => ({
      key: type.id,
      name: `${pascal(type.id)}Request`,
      schema: type.request,
    })),
    mapName: 'QueryRequestsByType',
    defaultsMapName: 'QueryRequestDefaultsByType',
  });
}
