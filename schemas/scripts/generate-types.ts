import { writeFileSync } from 'node:fs';
import { documentTypesModule, documentTypesPath } from '../src/documents/types-source.ts';
import { queryTypesModule, queryTypesPath } from '../src/queries/types-source.ts';

// Regenerates the TypeScript types of the document and query request schemas:
//   node schemas/scripts/generate-types.ts
for (const [path, source] of [
  [documentTypesPath, documentTypesModule()],
  [queryTypesPath, queryTypesModule()],
] as const) {
  writeFileSync(path, source);
  console.log(`wrote ${path}`);
}
