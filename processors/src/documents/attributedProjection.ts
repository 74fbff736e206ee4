import type { Queryable } from '@tradelog/projections';
import {
  deletePendingDocuments,
  findAttributionKeys,
  findPendingByKeys,
  insertPendingDocuments,
  type PendingDocumentRow,
  upsertAttributionKeys,
} from '@tradelog/projections/attribution/tables';
import type { BatchLocks } from '../runtime/lockScopes.ts';
import { nothingApplied, type Projection, settledInOrder } from '../runtime/projection.ts';
import {
  type AttributionState,
  attributeDocuments,
  type KeyOwner,
  learn,
  orderKeysOf,
  type PendingDocument,
  partnerEnterpriseOf,
} from './attribution.ts';
import { enterpriseOf } from './enterpriseKey.ts';
import { type DocumentEvent, type DocumentTypeId, sha256 } from './event.ts';

/**
 * The batch shell of attribution around a projection (processors/README.md, "Attribution"):
 * loads the order keys and pending documents the batch's documents name (`= ANY`, `&&`), folds
 * the pure rules of attribution.ts in log order, writes what changed with one statement per
 * table, and hands the inner projection the attributed documents — late ones included — in the
 * same transaction. Deterministic under rebuild: everything comes from the log.
 *
 * Locks (processors/README.md "Scale-out"): up front, each document's own or partner
 * enterprise and its order keys. Rows of an order key are read and written only under its lock,
 * and a pending document is released only under the locks of all its keys (so two batches never
 * release it both); the scopes learnt by loading — the keys of pending documents, the enterprise
 * a document is attributed to through an order — are ensured before their rows are touched.
 */
export interface AttributionOptions {
  /**
   * The document types the inner projection derives rows from; the others it reads only to
   * attribute (their order keys resolve pending documents). All, when absent.
   */
  applies?: readonly DocumentTypeId[];
  /**
   * The inner projection sees every document when it arrives, attributed or not, and a document
   * attributed late again when it is (the document index). Documents of types outside
   * `attributes` (feeds) pass through as they are.
   */
  everyArrival?: { attributes: readonly DocumentTypeId[] };
}

const fromRow = (row: PendingDocumentRow): PendingDocument => ({
  position: row.position,
  keys: row.keys,
  // Stored by toRow below from an event that was decoded from the log.
  event: row.event as DocumentEvent,
});

const toRow = (entry: PendingDocument): PendingDocumentRow => ({
  position: entry.position,
  keys: [...entry.keys],
  documentType: entry.event.type,
  documentId: entry.event.provenance.documentId,
  partnerId: entry.event.provenance.partnerId,
  receivedAt: entry.event.provenance.receivedAt,
  event: entry.event,
});

// Hashed: a key is the partner's text, and a lock scope must be storable whatever it holds
// (a NUL would fail the lock for the whole batch instead of dead-lettering its record).
const orderScope = (key: string) => `order:${sha256(key)}`;

export function attributedProjection(inner: Projection, options: AttributionOptions = {}): Projection {
  const applied = (event: DocumentEvent) =>
    options.applies === undefined || options.applies.includes(event.type);
  const attributed = (event: DocumentEvent) =>
    options.everyArrival === undefined || options.everyArrival.attributes.includes(event.type);
  /** The inner projection's scopes for the enterprise a document is known to belong to before loading. */
  const scopesBeforeLoading = (event: DocumentEvent) => {
    const partner = partnerEnterpriseOf(event);
    return partner === undefined || enterpriseOf(event.type, event.document) !== undefined
      ? inner.lockScopesOf(event)
      : inner.lockScopesOf({ ...event, attribution: { enterprise: partner, via: 'partner' } });
  };
  return {
    declaration: inner.declaration,
    lockScopesOf: (event) =>
      attributed(event)
        ? [...scopesBeforeLoading(event), ...orderKeysOf(event).map(orderScope)]
        : inner.lockScopesOf(event),
    async applyBatch(db, schema, events, locks) {
      const batch = events.filter(attributed);
      const store = attributionStore(db, schema, locks);
      const batchKeys = [...new Set(batch.flatMap(orderKeysOf))].sort();
      await store.loadKeys(batchKeys);
      await store.loadPending(batchKeys);
      let state = store.state();

      const folded = attributeDocuments(state, batch);
      state = folded.state;
      // What the inner projection sees. The index sees every document as it arrived, then the
      // attributed ones again (its reducer keeps the first entry and takes a late enterprise).
      const forInner = options.everyArrival ? [...events, ...folded.released] : folded.released;

      // Keys the batch taught may resolve pending documents it did not name: ask for each once,
      // until no key is new. Every round asks at least one key not
      // asked before, and keys come only from the batch's and the loaded documents: it ends, and
      // leaves nothing pending that the batch resolved.
      const asked = new Set(batchKeys);
      for (;;) {
        const fresh = [...state.keys]
          .filter(([key, owner]) => owner && !asked.has(key) && store.taught(key, owner))
          .map(([key]) => key);
        if (fresh.length === 0) break;
        for (const key of fresh) asked.add(key);
        state = await store.loadMore(state, fresh);
        const taught = fresh.flatMap((key) => {
          const owner = state.keys.get(key);
          return owner ? [[key, owner] as const] : [];
        });
        state = learn(state, forInner, taught).state;
      }
      // Sent, not awaited: the inner projection reads none of the attribution tables, so it
      // prepares its batch (look-ups, their keys) while Postgres writes them.
      const saved = store.save(state);
      const handed = forInner.filter(applied);
      const innerApplied = (async () => {
        // The enterprises documents were attributed to through an order are known only now.
        await locks?.ensure(
          handed.filter((event) => event.attribution).flatMap((e) => inner.lockScopesOf(e)),
        );
        return handed.length > 0 ? inner.applyBatch(db, schema, handed, locks) : nothingApplied();
      })();
      await settledInOrder([saved, innerApplied]);
      return innerApplied;
    },
  };
}

/**
 * The attribution rows a batch has loaded, and what it changes in them. Every key read is read
 * under its lock: the batch's own up front, the keys of the pending documents it loads ensured
 * before their rows are read.
 */
function attributionStore(db: Queryable, schema: string, locks: BatchLocks | undefined) {
  const loadedKeys = new Map<string, KeyOwner>();
  const askedKeys = new Set<string>();
  const loadedPending = new Map<string, PendingDocument>();

  async function loadKeys(keys: readonly string[]): Promise<void> {
    const missing = keys.filter((key) => !askedKeys.has(key));
    for (const key of missing) askedKeys.add(key);
    for (const [key, owner] of await findAttributionKeys(db, schema, missing)) loadedKeys.set(key, owner);
  }

  /** Loads the pending documents holding any of the keys (already locked); answers the new ones. */
  async function loadPending(keys: readonly string[]): Promise<PendingDocument[]> {
    const rows = (await findPendingByKeys(db, schema, keys)).filter(
      (row) => !loadedPending.has(row.position),
    );
    const more = rows.map(fromRow);
    for (const entry of more) loadedPending.set(entry.position, entry);
    const theirKeys = [...new Set(more.flatMap((entry) => entry.keys))].sort();
    // Releasing a pending document takes the locks of all its keys: a batch that loaded it
    // through another key waits, so no two batches release it both.
    await locks?.ensure(theirKeys.map(orderScope));
    await loadKeys(theirKeys);
    return more;
  }

  return {
    loadKeys,
    loadPending,
    /** Whether the batch taught the key this owner (it was unknown, or another's). */
    taught: (key: string, owner: KeyOwner) => loadedKeys.get(key) !== owner,
    state: (): AttributionState => ({ keys: new Map(loadedKeys), pending: new Map(loadedPending) }),
    /** Adds the pending documents the keys resolve, and their keys, to the batch's state. */
    async loadMore(state: AttributionState, keys: readonly string[]): Promise<AttributionState> {
      const more = (await loadPending(keys)).filter((entry) => !state.pending.has(entry.position));
      if (more.length === 0) return state;
      const known = new Map(state.keys);
      for (const [key, owner] of loadedKeys) if (!known.has(key)) known.set(key, owner);
      const pending = new Map(state.pending);
      for (const entry of more) pending.set(entry.position, entry);
      return { keys: known, pending };
    },
    async save(state: AttributionState): Promise<void> {
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
        [...loadedPending.keys()].filter((position) => !state.pending.has(position)),
      );
    },
  };
}
