import { isTradelogError, localizedError, type TradelogError } from '@tradelog/schemas';
import pg from 'pg';

/**
 * Whether a failure is Postgres being away rather than anything of the request: so answered
 * 503 `DATABASE_UNAVAILABLE` (retry shortly) where it was a 500 "internal error", as `/ready`
 * already says (processors classify the same SQLSTATE classes as transient: runtime/faults.ts).
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

export const databaseUnavailable = (cause: unknown): TradelogError =>
  localizedError(
    'DATABASE_UNAVAILABLE',
    503,
    { cn: '数据库暂不可用，请稍后重试', en: 'The database is unavailable right now; retry shortly' },
    {},
    { cause },
  );
