import { TradelogError } from '@tradelog/schemas';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { classifyFault, isContention } from './faults.ts';
import { LockScopeBusy } from './lockScopes.ts';

const pgError = (code: string) => {
  const error = new pg.DatabaseError('from postgres', 0, 'error');
  error.code = code;
  return error;
};

describe('faults by what they are', () => {
  it('classifies by class and code, not by message text but where pg gives no code', () => {
    expect(classifyFault(pgError('22P05'))).toBe('record');
    expect(classifyFault(pgError('23505'))).toBe('record');
    expect(classifyFault(pgError('08006'))).toBe('transient');
    expect(classifyFault(pgError('40P01'))).toBe('transient');
    expect(classifyFault(pgError('42P01'))).toBe('unclear');
    expect(classifyFault(new TradelogError('SCHEMA_MISMATCH', 'x', { status: 400 }))).toBe('record');
    expect(classifyFault(new TradelogError('REGISTRY_UNAVAILABLE', 'x', { retriable: true }))).toBe(
      'transient',
    );
    expect(classifyFault(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBe('transient');
    expect(classifyFault(new Error('deadlock detected'))).toBe('unclear');
    // pg and pg-pool give these no code: Postgres away, retried, never a record's fault.
    expect(classifyFault(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyFault(new Error('timeout exceeded when trying to connect'))).toBe('transient');
  });

  it('tells another writer’s contention from a dependency being down', () => {
    expect(isContention(pgError('40P01'))).toBe(true);
    expect(isContention(pgError('40001'))).toBe(true);
    expect(isContention(pgError('55P03'))).toBe(true);
    expect(isContention(new LockScopeBusy('link-node', ['enterprise:E1']))).toBe(true);
    expect(isContention(pgError('08006'))).toBe(false);
    expect(isContention(new TradelogError('REGISTRY_UNAVAILABLE', 'x', { retriable: true }))).toBe(false);
  });
});
