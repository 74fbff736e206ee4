import { describe, expect, it } from 'vitest';
import { classifyAttempt } from './reply.ts';

const reply = (status: number, body: unknown, latencyMs = 20) => ({
  kind: 'reply' as const,
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  latencyMs,
});

describe('reply classification', () => {
  it('delivers on 200 with a reply that reports no failure', () => {
    expect(classifyAttempt(reply(200, { ok: true }), 10_000, 'ocean')).toMatchObject({
      delivered: true,
      errorCode: null,
    });
    expect(classifyAttempt(reply(200, { success: true, updateTime: 'x' }), 10_000, 'ocean').delivered).toBe(
      true,
    );
    expect(classifyAttempt(reply(200, ''), 10_000, 'ocean').delivered).toBe(true);
    expect(classifyAttempt(reply(200, 'OK'), 10_000, 'ocean').delivered).toBe(true);
  });

  it('fails a 200 whose reply says ok:false or success:false; retried only when it says retriable:true (§8), express by §9', () => {
    expect(classifyAttempt(reply(200, { ok: false, retriable: true }), 10_000, 'ocean')).toMatchObject({
      delivered: false,
      retriable: true,
      errorCode: 'REPLY_NOT_OK',
    });
    expect(classifyAttempt(reply(200, { ok: false, errorCode: 'X' }), 10_000, 'ocean')).toMatchObject({
      delivered: false,
      retriable: false,
    });
    expect(classifyAttempt(reply(200, { success: false, reason: 'busy' }), 10_000, 'express')).toMatchObject({
      delivered: false,
      retriable: true,
    });
    expect(classifyAttempt(reply(200, { ok: false, retriable: false }), 10_000, 'ocean')).toMatchObject({
      delivered: false,
      retriable: false,
    });
  });

  it('fails any other status, retried only when the reply says retriable:true (§8)', () => {
    expect(classifyAttempt(reply(500, 'boom'), 10_000, 'ocean')).toMatchObject({
      retriable: false,
      errorCode: 'HTTP_500',
    });
    expect(classifyAttempt(reply(500, { ok: false, retriable: true }), 10_000, 'ocean')).toMatchObject({
      retriable: true,
      errorCode: 'HTTP_500',
    });
    expect(classifyAttempt(reply(500, 'boom'), 10_000, 'express').retriable).toBe(true);
    expect(classifyAttempt(reply(201, { ok: true }), 10_000, 'ocean')).toMatchObject({
      delivered: false,
      errorCode: 'HTTP_201',
    });
    expect(classifyAttempt(reply(400, { ok: false, retriable: false }), 10_000, 'ocean').retriable).toBe(
      false,
    );
  });

  it('fails a reply later than the limit, timeouts and connection errors (retriable), refused targets (not)', () => {
    expect(classifyAttempt(reply(200, { ok: true }, 10_001), 10_000, 'ocean')).toMatchObject({
      errorCode: 'TIMEOUT',
      retriable: true,
    });
    expect(classifyAttempt(reply(500, 'late', 10_001), 10_000, 'ocean')).toMatchObject({
      errorCode: 'TIMEOUT',
      retriable: true,
    });
    expect(classifyAttempt({ kind: 'timeout', latencyMs: 10_000 }, 10_000, 'ocean')).toMatchObject({
      retriable: true,
      errorCode: 'TIMEOUT',
    });
    expect(
      classifyAttempt({ kind: 'network', code: 'ECONNREFUSED', latencyMs: 1 }, 10_000, 'ocean'),
    ).toMatchObject({
      retriable: true,
      errorCode: 'CONNECTION_FAILED',
    });
    expect(classifyAttempt({ kind: 'refused', reason: 'loopback' }, 10_000, 'ocean')).toMatchObject({
      retriable: false,
      errorCode: 'TARGET_REFUSED',
    });
  });

  it('keeps only an excerpt of a long reply', () => {
    const verdict = classifyAttempt(reply(500, 'x'.repeat(5000)), 10_000, 'ocean');
    expect(verdict.replyExcerpt!.length).toBeLessThanOrEqual(501);
  });
});
