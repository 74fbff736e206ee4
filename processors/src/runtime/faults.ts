import { isDatabaseUnavailable } from '@tradelog/projections/databaseFaults';
import { isTradelogError } from '@tradelog/schemas';
import pg from 'pg';

/**
 * What a failure is, by its type and code, never by its message text (house style: kafkajs
 * `errors.js` classes with `retriable`):
 *
 * - `record`: the record's own fault, the same on every try: undecodable bytes, a schema
 *   mismatch, a value Postgres cannot store (SQLSTATE class 22 data exception, 23 integrity),
 *   a reducer rejecting it (a non-retriable TradelogError). It goes to dead letters.
 * - `transient`: the state of a dependency: the broker, the registry (retriable
 *   TradelogError), the database connection or its contention (classes 08 connection, 40
 *   serialization failure and deadlock, 53 resources, 55 lock not available, 57 operator
 *   intervention / shutdown, 58 system error), a Node socket error (`E…` codes), a connection
 *   pg or pg-pool lost (projections/src/databaseFaults.ts). The batch is
 *   retried with backoff, never dead-lettered, never skipped.
 * - `unclear`: anything else (a bug, an unexpected error without a class). The runtime isolates
 *   the batch record by record once, then decides (faultVerdicts.ts).
 */
export type FaultKind = 'record' | 'transient' | 'unclear';

const transientClasses = new Set(['08', '40', '53', '55', '57', '58']);
const recordClasses = new Set(['22', '23']);

export function classifyFault(error: unknown): FaultKind {
  if (isTradelogError(error)) return error.retriable ? 'transient' : 'record';
  if (error instanceof pg.DatabaseError && typeof error.code === 'string') {
    const sqlClass = error.code.slice(0, 2);
    if (transientClasses.has(sqlClass)) return 'transient';
    if (recordClasses.has(sqlClass)) return 'record';
    return 'unclear';
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return 'transient';
  // A connection pg or pg-pool lost or could not get: Postgres away, as the query API reads it.
  if (isDatabaseUnavailable(error)) return 'transient';
  return 'unclear';
}

/**
 * A transient fault that is another writer's doing, not a dependency's state: a deadlock or
 * serialization failure (class 40), a lock not available (55P03), a lock scope another
 * instance's batch holds (LOCK_SCOPE_BUSY, lockScopes.ts). Retried with the jittered backoff of
 * any transient fault, quietly at first; only a persistent one is reported as waiting
 * (partitionRetry.ts).
 */
export function isContention(error: unknown): boolean {
  if (isTradelogError(error)) return error.code === 'LOCK_SCOPE_BUSY';
  return (
    error instanceof pg.DatabaseError &&
    typeof error.code === 'string' &&
    (error.code.startsWith('40') || error.code === '55P03')
  );
}

/** A stable code for a dead letter or a log line: the error's own code where it has one. */
export function faultCode(error: unknown): string {
  if (isTradelogError(error)) return error.code;
  if (error instanceof pg.DatabaseError && error.code) return `PG_${error.code}`;
  return error instanceof Error ? error.name.replace(/[^A-Za-z0-9]/g, '_').toUpperCase() : 'APPLY_FAILED';
}
