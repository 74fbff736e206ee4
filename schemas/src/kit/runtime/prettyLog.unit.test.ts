import { describe, expect, it } from 'vitest';
import { createLogger } from './log.ts';
import { logFormatFor, prettyLogLine } from './prettyLog.ts';

describe('readable log lines', () => {
  it('auto: readable in a terminal, JSON elsewhere; an explicit setting wins', () => {
    expect(logFormatFor('auto', true)).toBe('pretty');
    expect(logFormatFor('auto', false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });

  it('prints time, level, message and the context as key=value, secrets still masked', () => {
    const lines: string[] = [];
    const log = createLogger(
      { service: 'processors' },
      {
        write: (line) => lines.push(line),
        now: () => new Date('2026-01-02T10:21:07.412Z'),
        format: 'pretty',
      },
    );
    log.scope({ component: 'push' }).info('push delivered', {
      deliveryId: 'd-1',
      durationMs: 12,
      secret: 'whsec_abc',
      note: 'two words',
    });
    expect(lines).toEqual([
      '10:21:07.412 INFO  push delivered  service=processors component=push deliveryId=d-1 durationMs=12 secret=*** note="two words"',
    ]);
  });

  it('puts an error message, code, stack and cause on the lines below', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const json = JSON.stringify({
      time: '2026-01-02T10:21:07.412Z',
      level: 'error',
      msg: 'batch not recorded',
      error: {
        name: 'Error',
        message: 'query failed',
        stack: new Error('query failed').stack,
        cause: { ...cause, name: 'Error', message: cause.message, stack: cause.stack },
      },
    });
    const text = prettyLogLine(json, { colour: false }).split('\n');
    expect(text[0]).toBe('10:21:07.412 ERROR batch not recorded  error="query failed"');
    expect(text[1]).toBe('    Error: query failed');
    expect(text.some((line) => /^\s+at /.test(line))).toBe(true);
    expect(text).toContain('    caused by:');
    expect(text).toContain('      Error: connect ECONNREFUSED [ECONNREFUSED]');
  });

  it('colours the level only when asked, and passes a line that is not JSON through', () => {
    const json = JSON.stringify({ time: '2026-01-02T10:21:07.412Z', level: 'warn', msg: 'slow' });
    expect(prettyLogLine(json, { colour: true })).toContain('\x1b[33mWARN \x1b[0m');
    expect(prettyLogLine('plain text', { colour: true })).toBe('plain text');
  });
});
