import { describe, expect, it } from 'vitest';
import { ConfigError, localizedError, TradelogError } from '../../errors/tradelogError.ts';
import * as env from './env.ts';
import { failure, languageOf, success } from './envelope.ts';
import { requestIdOf } from './http.ts';
import { createLogger, errorReason } from './log.ts';

describe('env helpers', () => {
  it('names the variable and the problem', () => {
    expect(() => env.port({ INGEST_PORT: 'eighty' }, 'INGEST_PORT', 8080)).toThrow(
      new ConfigError('INGEST_PORT', 'must be a whole number, got "eighty"'),
    );
    expect(() => env.port({ INGEST_PORT: '70000' }, 'INGEST_PORT', 8080)).toThrow(
      /INGEST_PORT: must be at most 65535/,
    );
    expect(() => env.text({}, 'DATABASE_URL')).toThrow(/DATABASE_URL: is required/);
    expect(() => env.hostPorts({ KAFKA_BROKERS: 'localhost' }, 'KAFKA_BROKERS')).toThrow(
      /each entry must be host:port/,
    );
    expect(() => env.flag({ X: 'maybe' }, 'X', false)).toThrow(/X: must be true or false/);
  });

  it('applies defaults and parses values', () => {
    expect(env.port({}, 'P', 8080)).toBe(8080);
    expect(env.hostPorts({ K: '127.0.0.1:9092, kafka:9093' }, 'K')).toEqual(['127.0.0.1:9092', 'kafka:9093']);
    expect(env.flag({ X: 'yes' }, 'X', false)).toBe(true);
    expect(env.oneOf({ L: 'debug' }, 'L', ['debug', 'info'], 'info')).toBe('debug');
  });

  it('never echoes a password from a malformed or valid URL', () => {
    expect(env.redactUrl('postgres://user:secret@db:5432/x')).toBe('postgres://user:***@db:5432/x');
    expect(env.redactUrl('http://receiver/cb?token=abc')).toBe('http://receiver/cb?***');
  });
});

describe('response envelope', () => {
  it('chooses Chinese unless English is preferred', () => {
    expect(languageOf(undefined)).toBe('cn');
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf('zh-CN,en;q=0.5')).toBe('cn');
  });

  it('weighs English against Chinese by quality, not by which comes first', () => {
    // A system in another language that reads English, and lists it second.
    expect(languageOf('fr-FR,fr;q=0.9,en;q=0.8')).toBe('en');
    expect(languageOf('en;q=0.5, zh-CN;q=0.9')).toBe('cn');
    expect(languageOf('de-DE')).toBe('cn');
    expect(languageOf('*')).toBe('cn');
    expect(languageOf('en;q=0')).toBe('cn');
    // A tie goes to the earlier entry.
    expect(languageOf('en, zh')).toBe('en');
    expect(languageOf('zh, en')).toBe('cn');
    expect(languageOf('EN-gb ; Q=0.7, ja;q=0.9')).toBe('en');
    expect(languageOf('en;q=bogus')).toBe('en');
  });

  it('maps typed errors to their status, code and localized message', () => {
    const error = new TradelogError('VALIDATION_FAILED', 'invalid', {
      status: 400,
      details: { message: { cn: '校验失败', en: 'Validation failed' }, errors: [{ path: 'a' }] },
    });
    expect(failure(error, 'en')).toEqual({
      status: 400,
      body: {
        flag: 'failure',
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: [{ path: 'a' }],
      },
    });
  });

  it('localizedError carries both languages; the answer picks one, the log reads English', () => {
    const error = localizedError(
      'KEY_IN_USE',
      409,
      { cn: '请求处理中', en: 'In progress' },
      { documentId: 'd1' },
      { retriable: true },
    );
    expect(error).toMatchObject({ code: 'KEY_IN_USE', status: 409, retriable: true, message: 'In progress' });
    expect(failure(error, 'cn').body).toEqual({
      flag: 'failure',
      code: 'KEY_IN_USE',
      message: '请求处理中',
      documentId: 'd1',
    });
    expect(failure(error, 'en').body.message).toBe('In progress');
  });

  it('hides the text of unexpected errors', () => {
    expect(failure(new Error('password=hunter2 leaked'), 'cn')).toEqual({
      status: 500,
      body: { flag: 'failure', code: 'INTERNAL', message: '服务内部错误，请稍后重试' },
    });
    expect(success({ documentId: 'd' })).toEqual({
      flag: 'success',
      code: '200',
      message: 'success',
      documentId: 'd',
    });
  });
});

describe('request ids', () => {
  it('echoes sane request ids only', () => {
    expect(requestIdOf('req-1:abc', () => 'new')).toBe('req-1:abc');
    expect(requestIdOf('bad id with spaces', () => 'new')).toBe('new');
    expect(requestIdOf(undefined, () => 'new')).toBe('new');
    expect(requestIdOf('x'.repeat(129), () => 'new')).toBe('new');
  });
});

describe('logger', () => {
  it('writes one JSON line with scope and masks secret-looking keys', () => {
    const lines: string[] = [];
    const log = createLogger(
      { service: 'ingest' },
      { write: (line) => lines.push(line), now: () => new Date(0) },
    );
    log.scope({ partition: 2 }).info('batch applied', { apiKey: 'tl_live_x', durationMs: 4 });
    log.debug('hidden at info level');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: '1970-01-01T00:00:00.000Z',
        level: 'info',
        msg: 'batch applied',
        service: 'ingest',
        partition: 2,
        apiKey: '***',
        durationMs: 4,
      },
    ]);
  });

  it('writes each line with its own time, to the millisecond', () => {
    const lines: string[] = [];
    let at = 0;
    const log = createLogger(
      { service: 'ingest' },
      { write: (line) => lines.push(line), now: () => new Date(at) },
    );
    for (const ms of [0, 0, 1, 1_000, 1_000]) {
      at = ms;
      log.info('submission', { ms });
    }
    expect(lines.map((line) => JSON.parse(line).time)).toEqual([
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.001Z',
      '1970-01-01T00:00:01.000Z',
      '1970-01-01T00:00:01.000Z',
    ]);
  });

  it('keeps error stacks and causes, and masks secrets at any depth', () => {
    const lines: string[] = [];
    const log = createLogger({ service: 'query-api' }, { write: (line) => lines.push(line) });
    const cause = new Error('connect ECONNREFUSED');
    log.error('request failed', {
      error: new Error('query failed', { cause }),
      headers: { authorization: 'Bearer tl_secret', 'x-api-key': 'tl_other', accept: 'json' },
      subscription: { id: 's1', secret: 'whsec_abc' },
    });
    const line = JSON.parse(lines[0]!);
    expect(line.error.stack).toMatch(/query failed\n\s+at /);
    expect(line.error.cause.message).toBe('connect ECONNREFUSED');
    expect(line.headers).toEqual({ authorization: '***', 'x-api-key': '***', accept: 'json' });
    expect(line.subscription).toEqual({ id: 's1', secret: '***' });
    expect(lines.join('')).not.toMatch(/tl_secret|tl_other|whsec_abc/);
  });

  it('keeps the first errors of an aggregate, and counts the rest', () => {
    const lines: string[] = [];
    const log = createLogger({ service: 'processors' }, { write: (line) => lines.push(line) });
    const tries = [
      'LEADER_NOT_AVAILABLE',
      'NOT_LEADER_OR_FOLLOWER',
      'REQUEST_TIMED_OUT',
      'UNKNOWN_TOPIC_OR_PARTITION',
    ];
    const failed = new AggregateError(
      tries.map((code) => Object.assign(new Error(`broker answered ${code}`), { code })),
      'listOffsets failed 4 times.',
    );
    log.warn('the log’s identity was not readable', {
      error: new Error('could not read', { cause: failed }),
    });
    const cause = JSON.parse(lines[0]!).error.cause;
    expect(cause.message).toBe('listOffsets failed 4 times.');
    expect(cause.errors.map((error: { code: string }) => error.code)).toEqual(tries.slice(0, 3));
    expect(cause.errorsLeftOut).toBe(1);
  });

  it('says an error on one line, from its message to its innermost cause or first aggregated error', () => {
    const leader = Object.assign(new Error('leader not available'), { code: 'LEADER_NOT_AVAILABLE' });
    const failed = new Error('could not read the log', {
      cause: new AggregateError([leader], 'listOffsets failed'),
    });
    expect(errorReason(failed)).toBe(
      'could not read the log ← listOffsets failed ← leader not available [LEADER_NOT_AVAILABLE]',
    );
    expect(errorReason('timeout')).toBe('timeout');
  });
});
