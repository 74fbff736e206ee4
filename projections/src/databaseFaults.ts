import { isTradelogError } from '@tradelog/schemas';
import pg from 'pg';

/**
 * Whether a failure is Postgres being away rather than anything of the request or the record:
 * the query API answers it 503 `DATABASE_UNAVAILABLE` (retry shortly), the processors retry the
 * batch (runtime/faults.ts: transient), never isolating or dead-lettering a record for it.
 *
 * - the server says so: SQLSTATE class 08 (connection exception), 53 (insufficient resources,
 *   too many connections), 57P01–57P03 (shut down by an operator, crashed, starting up);
 * - the socket failed: a Node `E…` code (ECONNREFUSED, ECONNRESET, ETIMEDOUT …);
 * - pg and pg-pool lost or could not get a connection. These two errors carry no code, so they
 *   are told by their message, the one exception to classifying by type and code.
 */
const unavailableStates = /^(08|53|57P0[123])/;
const connectionLost = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (isTradelogError(error)) return false;
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof pg.DatabaseError) return typeof code === 'string' && unavailableStates.test(code);
  if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return true;
  return error instanceof Error && connectionLost.has(error.message);
}
