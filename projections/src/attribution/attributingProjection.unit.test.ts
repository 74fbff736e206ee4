import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { describe, expect, it } from 'vitest';
import { tradeDocumentTypes, withAttributionTables } from './attributingProjection.ts';

describe('an attributing projection', () => {
  it('reads the logistics and business documents, and no feed', () => {
    const groupOf = new Map(documentTypes.map((type) => [type.id, type.group]));
    expect(tradeDocumentTypes.length).toBeGreaterThan(0);
    for (const id of tradeDocumentTypes) expect(['logistics', 'business']).toContain(groupOf.get(id));
    expect(tradeDocumentTypes).toEqual(
      documentTypes.filter((type) => ['logistics', 'business'].includes(type.group)).map((type) => type.id),
    );
  });

  it('creates its own tables first, then the attribution tables in the same schema', async () => {
    const made: string[] = [];
    const db = {
      query: async (text: string) => {
        made.push(text.includes('attribution_keys') ? 'attribution' : text);
        return { rows: [], rowCount: 0 };
      },
    } as never;
    await withAttributionTables(async (_db, schema) => {
      made.push(`own ${schema}`);
    })(db, 'v_1');
    expect(made).toEqual(['own v_1', 'attribution']);
  });
});
