import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompiledSchema, documentValidatorsOf } from './boundedValidator.ts';
import { documentTypes } from './catalogue.ts';
import { examples } from './examples.ts';
import { documentValidatorModules } from './standaloneValidators.ts';
import { createDocumentValidators } from './validator.ts';

/** Where the generated module is imported from: inside the project, so its imports resolve as the bundler's do. */
const generated = fileURLToPath(new URL('../../../node_modules/.cache/tradelog-tests/', import.meta.url));

/** Variants of a valid document that break rules of every kind the schemas hold. */
function brokenVariants(example: Record<string, unknown>): unknown[] {
  const variants: unknown[] = [{}, [], 'text', { ...example, unexpected: 1 }];
  for (const [field, value] of Object.entries(example)) {
    if (typeof value === 'string') {
      variants.push({ ...example, [field]: 42 });
      variants.push({ ...example, [field]: 'x'.repeat(2_000) });
      variants.push({ ...example, [field]: '2024-13-45 25:61:00' });
      variants.push({ ...example, [field]: '𠮷'.repeat(40) });
    } else if (Array.isArray(value)) {
      variants.push({ ...example, [field]: [] });
      variants.push({ ...example, [field]: [{}] });
    } else if (typeof value === 'number') variants.push({ ...example, [field]: -1.5 });
    const { [field]: _left, ...without } = example;
    variants.push(without);
  }
  return variants;
}

describe('the document validators compiled ahead of time (what the console runs)', () => {
  // Compiling every document type twice (ahead of time and as the services do) is seconds of
  // CPU: done once, with room for a machine that is busy running other suites.
  let sources: Record<string, string>;
  const precompiled: Record<string, CompiledSchema> = {};
  beforeAll(async () => {
    sources = documentValidatorModules();
    mkdirSync(generated, { recursive: true });
    for (const [id, source] of Object.entries(sources)) {
      const file = `${generated}${id}.mjs`;
      writeFileSync(file, source);
      precompiled[id] = (await import(file)).default as CompiledSchema;
    }
  }, 120_000);

  it('judge every document type exactly as the services compile it, issues and words alike', () => {
    const ahead = documentValidatorsOf((type) => precompiled[type.id]!);
    const atStart = createDocumentValidators();
    let refused = 0;
    for (const type of documentTypes) {
      const example = examples[type.id] as unknown as Record<string, unknown>;
      expect(ahead[type.id](example), type.id).toEqual([]);
      for (const variant of brokenVariants(example)) {
        const found = ahead[type.id].bounded(variant, 20);
        expect(found, type.id).toEqual(atStart[type.id].bounded(variant, 20));
        if (found.issues.length > 0) refused++;
      }
    }
    // The variants do break rules: the comparison is of refusals, not of empty lists.
    expect(refused).toBeGreaterThan(documentTypes.length * 10);
  }, 60_000);

  it('carry no call the runtime module does not provide', () => {
    for (const source of Object.values(sources)) expect(source).not.toMatch(/require\(/);
  });
});
