import { referenceDeclaration } from '@tradelog/projections/reference/declaration';
import {
  findReferenceRows,
  type ReferenceFamily,
  referenceFamilies,
  upsertReferenceRows,
} from '@tradelog/projections/reference/tables';
import { keyedProjection } from '../runtime/projection.ts';
import { type ReferenceItem, reduceReference, referenceKeysOf } from './reducer.ts';

const split = (stateKey: string): [ReferenceFamily, string] => {
  const at = stateKey.indexOf(':');
  return [stateKey.slice(0, at) as ReferenceFamily, stateKey.slice(at + 1)];
};

/** The reference projection: one keyed state over seven tables, one statement per table per batch. */
export const referenceProjection = keyedProjection<ReferenceItem>({
  declaration: referenceDeclaration,
  keysOf: referenceKeysOf,
  async load(db, schema, keys) {
    const loaded = new Map<string, ReferenceItem>();
    for (const family of referenceFamilies) {
      const wanted = keys.filter((key) => key.startsWith(`${family}:`)).map((key) => split(key)[1]);
      if (wanted.length === 0) continue;
      for (const row of await findReferenceRows(db, schema, family, wanted)) {
        loaded.set(`${family}:${row.key}`, {
          family,
          key: row.key,
          columns: row.columns,
          fields: row.fields,
          source: row.source as ReferenceItem['source'],
        });
      }
    }
    return loaded;
  },
  reduce: reduceReference,
  async save(db, schema, rows) {
    for (const family of referenceFamilies) {
      const ofFamily = rows.filter(([, item]) => item.family === family).map(([, item]) => item);
      await upsertReferenceRows(db, schema, family, ofFamily);
    }
  },
});
