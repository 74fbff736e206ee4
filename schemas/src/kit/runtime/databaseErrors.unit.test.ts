import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { surviveConnectionLoss } from './databaseErrors.ts';
import { createLogger } from './log.ts';

describe('a pool that survives connection loss', () => {
  it('logs a checked-out client’s lost connection instead of throwing it', () => {
    const lines: string[] = [];
    const logger = createLogger({ service: 'test' }, { write: (line) => void lines.push(line) });
    const pool = surviveConnectionLoss(new EventEmitter(), logger, { pool: 'main' });
    const client = new EventEmitter();
    pool.emit('connect', client);
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    // Without a listener, EventEmitter throws an 'error' event: that is what ended the process.
    expect(() => client.emit('error', reset)).not.toThrow();
    expect(() => pool.emit('error', reset, client)).not.toThrow();
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['database connection lost']);
  });
});
