import {
  deletePendingDocuments,
  findAttributionKeys,
  findPendingByKeys,
  insertPendingDocuments,
  type PendingDocumentRow,
  upsertAttributionKeys,
} from '@tradelog/projections/attribution/tables';
import type { Projection } from '../runtime/projection.ts';
import {
  type AttributionState,
  attributeDocuments,
  type KeyOwner,
  learn,
  orderKeysOf,
  type PendingDocument,
} from './attribution.ts';
import { type DocumentEvent, sha256 } from './event.ts';

/**
 * The batch shell of attribution around a projection (processors/README.md, "Attribution"):
 * loads the order keys and pending documents the batch's documents name (`= ANY`, `&&`), folds
 * the pure rules of attribution.ts in log order, writes what changed with one statement per
 * table, and hands the inner projection the attributed documents — late ones included — in the
 * same transaction. Deterministic under rebuild: everything comes from the log.
 */
const maxCascadeRounds = 8;

const fromRow = (row: PendingDocumentRow): PendingDocument => ({
  position: row.position,
  keys: row.keys,
  event: row.event as unknown as DocumentEvent,
});

const toRow = (entry: PendingDocument): PendingDocumentRow => ({
  position: entry.position,
  keys: [...entry.keys],
  documentType: entry.event.type,
  documentId: entry.event.provenance.documentId,
  partnerId: entry.event.provenance.partnerId,
  receivedAt: entry.event.provenance.receivedAt,
  event: entry.event as unknown as Record<string, unknown>,
});

/**
 * `applies`: the document types the inner projection derives rows from; the others it reads
 * only to attribute (their order keys resolve pending documents). All, when absent.
 */
export function attributedProjection(
  inner: Projection,
  applies?: readonly DocumentEvent['type'][],
): Projection {
  const applied = (event: DocumentEvent) => applies === undefined || applies.includes(event.type);
  return {
    declaration: inner.declaration,
    lockScopesOf: (event) => [
      ...inner.lockScopesOf(event),
      // Hashed: a key is the partner's text, and a lock scope must be storable whatever it holds
      // (a NUL would fail the lock for the whole batch instead of dead-lettering its record).
      ...orderKeysOf(event).map((key) => `order:${sha256(key)}`),
    ],
    async applyBatch(db, schema, events) {
      const batchKeys = [...new Set(events.flatMap(orderKeysOf))].sort();
      const loadedKeys = await findAttributionKeys(db, schema, batchKeys);
      const loadedPending = new Set<string>();
      const pendingRows = await findPendingByKeys(db, schema, batchKeys);
      for (const row of pendingRows) loadedPending.add(row.position);
      let state: AttributionState = {
        keys: new Map(loadedKeys),
        pending: new Map(pendingRows.map((row) => [row.position, fromRow(row)])),
      };
      const first = attributeDocuments(state, events);
      state = first.state;
      const released = first.released;
      // Keys learnt from released documents may resolve pending documents the batch did not name.
      const asked = new Set(batchKeys);
      for (let round = 0; round < maxCascadeRounds; round++) {
        const fresh = [...state.keys].filter(([key, owner]) => owner && !asked.has(key)).map(([key]) => key);
        if (fresh.length === 0) break;
        for (const key of fresh) asked.add(key);
        const more = (await findPendingByKeys(db, schema, fresh)).filter(
          (row) => !loadedPending.has(row.position),
        );
        if (more.length === 0) continue;
        for (const row of more) loadedPending.add(row.position);
        const moreKeys = [...new Set(more.flatMap((row) => row.keys))].filter((key) => !state.keys.has(key));
        for (const [key, owner] of await findAttributionKeys(db, schema, moreKeys))
          loadedKeys.set(key, owner);
        const pending = new Map(state.pending);
        for (const row of more) pending.set(row.position, fromRow(row));
        const keys = new Map(state.keys);
        for (const key of moreKeys) if (loadedKeys.has(key)) keys.set(key, loadedKeys.get(key) as KeyOwner);
        state = { keys, pending };
        const taught = fresh.flatMap((key) => {
          const owner = state.keys.get(key);
          return owner ? [[key, owner] as const] : [];
        });
        state = learn(state, released, taught).state;
      }
      await upsertAttributionKeys(
        db,
        schema,
        [...state.keys]
          .filter(([key, owner]) => !loadedKeys.has(key) || loadedKeys.get(key) !== owner)
          .map(([orderKey, enterprise]) => ({ orderKey, enterprise })),
      );
      await insertPendingDocuments(
        db,
        schema,
        [...state.pending.values()].filter((entry) => !loadedPending.has(entry.position)).map(toRow),
      );
      await deletePendingDocuments(
        db,
        schema,
        [...loadedPending].filter((position) => !state.pending.has(position)),
      );
      const forInner = released.filter(applied);
      return forInner.length > 0 ? inner.applyBatch(db, schema, forInner) : [];
    },
  };
}
