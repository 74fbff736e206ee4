import { writeFileSync } from 'node:fs';
import { documentTypesModule, documentTypesPath } from '../src/documents/types-source.ts';

// Regenerates schemas/src/documents/types.generated.ts from the document schemas:
//   node schemas/scripts/generate-document-types.ts
writeFileSync(documentTypesPath, documentTypesModule());
console.log(`wrote ${documentTypesPath}`);
