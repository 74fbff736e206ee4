import { advisoryLockKey, type Queryable } from '@tradelog/projections';
import { TradelogError } from '@tradelog/schemas';
import type { DocumentEvent } from '../documents/event.ts';
import { logPosition } from '../documents/event.ts';

/**
 * Lock scopes (processors/README.md "Scale-out"): a transaction-level advisory lock per scope a
 * batch writes (an enterprise, an order key …), so that two instances' batches writing the same
 * rows wait for each other.
 *
 * Deadlock freedom: a batch **waits** for locks only once, before it loads anything, and then
 * takes every scope it can name from its records in one global order (sorted 64-bit hashes).
 * Some scopes are known only after loading (the enterprise an order key resolves a document
 * to, the keys of a pending document it releases): those are only **tried**
 * (`pg_try_advisory_xact_lock`, which never waits), so a batch never waits while holding a lock
 * out of order. A scope another batch holds fails the batch with a retriable fault; the scopes it
 * missed are remembered for its records, and the retry takes them up front, in order, with the
 * others.
 */
const lockKey = advisoryLockKey("$1 || '/' || scope");

/** Takes the scopes' locks in one global order (sorted 64-bit hashes), waiting for each. */
export async function lockScopes(
  db: Queryable,
  projection: string,
  scopes: readonly string[],
): Promise<void> {
  if (scopes.length === 0) return;
  await db.query(
    `SELECT pg_advisory_xact_lock(h) FROM (
       SELECT DISTINCT ${lockKey} AS h FROM unnest($2::text[]) AS scope ORDER BY h) AS ordered`,
    [projection, [...new Set(scopes)]],
  );
}

/** Tries the scopes' locks without waiting; answers the scopes another transaction holds. */
export async function tryLockScopes(
  db: Queryable,
  projection: string,
  scopes: readonly string[],
): Promise<string[]> {
  if (scopes.length === 0) return [];
  const { rows } = await db.query(
    `SELECT scope FROM (SELECT scope, ${lockKey} AS h FROM unnest($2::text[]) AS scope ORDER BY h) AS ordered
     WHERE NOT pg_try_advisory_xact_lock(h)`,
    [projection, [...new Set(scopes)]],
  );
  return rows.map((row) => row.scope as string);
}

/**
 * The locks a batch holds, as its projection's shell sees them: `ensure` before reading or
 * writing rows of a scope the batch's records did not name. Absent when nothing else writes the
 * version (a rebuild, a test without the runtime).
 */
export interface BatchLocks {
  ensure(scopes: readonly string[]): Promise<void>;
}

/** Thrown by `ensure` when another batch holds a scope: retried, with the scope taken up front. */
export class LockScopeBusy extends TradelogError {
  constructor(projection: string, scopes: readonly string[]) {
    super('LOCK_SCOPE_BUSY', `${projection}: ${scopes.length} lock scope(s) held by another batch`, {
      status: 503,
      retriable: true,
      details: { projection, scopes: scopes.length },
    });
    this.name = 'LockScopeBusy';
  }
}

/**
 * One consumer's lock scopes: what a batch takes up front (its records' scopes and those its
 * records missed before), and the `BatchLocks` its shell ensures further scopes with.
 */
export function createScopeLocks(projection: string, scopesOf: (event: DocumentEvent) => readonly string[]) {
  const missedBy = new Map<string, readonly string[]>();
  return {
    /** Takes the batch's known scopes in global order; answers the batch's `BatchLocks`. */
    async begin(db: Queryable, events: readonly DocumentEvent[]): Promise<BatchLocks> {
      const held = new Set(
        events.flatMap((event) => [
          ...scopesOf(event),
          ...(missedBy.get(logPosition(event.provenance)) ?? []),
        ]),
      );
      await lockScopes(db, projection, [...held]);
      return {
        async ensure(scopes) {
          // Tried every time, held or not: a lock tried under a savepoint that rolled back is
          // released with it, and trying a lock this transaction holds succeeds at once.
          const wanted = scopes.filter((scope) => !held.has(scope));
          const busy = await tryLockScopes(db, projection, wanted);
          if (busy.length === 0) return;
          for (const event of events) {
            const position = logPosition(event.provenance);
            missedBy.set(position, [...new Set([...(missedBy.get(position) ?? []), ...wanted])]);
          }
          throw new LockScopeBusy(projection, busy);
        },
      };
    },
    /** The batch committed: its records need no remembered scopes any more. */
    forget(events: readonly DocumentEvent[]): void {
      for (const event of events) missedBy.delete(logPosition(event.provenance));
    },
  };
}
