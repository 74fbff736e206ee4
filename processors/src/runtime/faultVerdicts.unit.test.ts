import { TradelogError } from '@tradelog/schemas';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { faultVerdict, isSystemicFailure } from './faultVerdicts.ts';

const pgError = (code: string) => {
  const error = new pg.DatabaseError('from postgres', 0, 'error');
  error.code = code;
  return error;
};
const transient = pgError('08006');
const recordFault = new TradelogError('SCHEMA_MISMATCH', 'x', { status: 400 });
const missingTable = () => pgError('42P01');

describe('faultVerdict: what the loop does with a fault, by where it struck', () => {
  it('given a transient fault, when it strikes anywhere, then the batch is retried', () => {
    for (const stage of ['decode', 'whole', 'record'] as const)
      expect(faultVerdict(transient, stage)).toBe('retry');
  });

  it('given a record fault or an unclear one, when a whole batch fails, then the batch is isolated', () => {
    expect(faultVerdict(recordFault, 'whole')).toBe('isolate');
    expect(faultVerdict(missingTable(), 'whole')).toBe('isolate');
  });

  it('given a record fault or an unclear one, when decoding or one isolated record fails, then the record is dead-lettered', () => {
    for (const stage of ['decode', 'record'] as const) {
      expect(faultVerdict(recordFault, stage)).toBe('dead-letter');
      expect(faultVerdict(new Error('bug'), stage)).toBe('dead-letter');
    }
  });
});

describe('isSystemicFailure: no record’s fault when all fail alike', () => {
  it('given every isolated record failing with the same unclear code, when judged, then it is systemic', () => {
    expect(isSystemicFailure([missingTable(), missingTable(), missingTable()], 3)).toBe(true);
  });

  it('given some records applying, when judged, then the failing ones are their own fault', () => {
    expect(isSystemicFailure([missingTable(), missingTable()], 3)).toBe(false);
  });

  it('given all failing with unclear faults of different codes, when judged, then each is its record’s fault', () => {
    expect(isSystemicFailure([missingTable(), pgError('42703')], 2)).toBe(false);
  });

  it('given all failing with record faults, when judged, then they are dead-lettered, not retried', () => {
    expect(isSystemicFailure([recordFault, recordFault], 2)).toBe(false);
  });

  it('given nothing tried or nothing failing, when judged, then it is not systemic', () => {
    expect(isSystemicFailure([], 0)).toBe(false);
    expect(isSystemicFailure([], 2)).toBe(false);
  });
});
