import { localizedError } from '@tradelog/schemas';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './databaseFaults.ts';

const databaseError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('Postgres being away, told from a fault of the request', () => {
  it.each([
    ['refused', socketError('ECONNREFUSED')],
    ['reset', socketError('ECONNRESET')],
    ['an operator shut it down', databaseError('57P01')],
    ['it is starting', databaseError('57P03')],
    ['a connection exception', databaseError('08006')],
    ['too many connections', databaseError('53300')],
    ['the connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool waited for a connection in vain', new Error('timeout exceeded when trying to connect')],
  ])('is away when %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', databaseError('23505')],
    ['a syntax error of ours', databaseError('42601')],
    ['a bad value', databaseError('22P02')],
    ['a bug', new TypeError('x is undefined')],
    ['a typed answer', localizedError('VALIDATION_FAILED', 400, { cn: '', en: '' })],
    ['nothing', undefined],
  ])('is not away on %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
