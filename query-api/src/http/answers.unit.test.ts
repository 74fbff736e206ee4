import { localizedError } from '@tradelog/schemas';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { errorAnswer } from './answers.ts';

const request = (headers: Record<string, string> = {}, body?: unknown) =>
  ({ get: (name: string) => headers[name.toLowerCase()], body, query: {} }) as unknown as Request;

describe('errorAnswer: one error, each interface its convention', () => {
  const limit = localizedError('CALL_LIMIT_EXCEEDED', 429, { cn: '调用次数超限', en: 'Call limit exceeded' });

  it('answers the envelope in the Accept-Language language (Chinese by default)', () => {
    expect(errorAnswer(limit, request(), 'envelope')).toEqual({
      status: 429,
      body: { flag: 'failure', code: 'CALL_LIMIT_EXCEEDED', message: '调用次数超限' },
    });
    expect(errorAnswer(limit, request({ 'accept-language': 'en-GB' }), 'envelope').body.message).toBe(
      'Call limit exceeded',
    );
  });

  it('answers flights with their business codes (query spec §8: 42900)', () => {
    expect(errorAnswer(limit, request({ 'accept-language': 'en' }), 'flight')).toEqual({
      status: 429,
      body: { code: 42900, message: 'Call limit exceeded', reason: 'CALL_LIMIT_EXCEEDED', data: null },
    });
    expect(errorAnswer(new Error('boom'), request(), 'flight').body.code).toBe(50000);
  });

  it('answers tax information with result/resultmsg (query spec §8: anything but 000000 is an error)', () => {
    expect(errorAnswer(limit, request({ 'accept-language': 'en' }), 'tax')).toEqual({
      status: 429,
      body: { result: '100429', resultmsg: 'Call limit exceeded' },
    });
    const forbidden = localizedError('ENTERPRISE_NOT_GRANTED', 403, { cn: '无权查询', en: 'Forbidden' });
    expect(errorAnswer(forbidden, request(), 'tax').body).toEqual({
      result: '100403',
      resultmsg: '无权查询',
    });
    expect(errorAnswer(new Error('boom'), request(), 'tax').body.result).toBe('100500');
  });

  it('answers express interfaces with success/reason, the reason at most 50 characters', () => {
    const long = localizedError(
      'VALIDATION_FAILED',
      400,
      { cn: '错'.repeat(80), en: 'x'.repeat(80) },
      { errors: [] },
    );
    expect(errorAnswer(long, request({ 'accept-language': 'en' }), 'express')).toEqual({
      status: 400,
      body: { success: false, reason: 'x'.repeat(50), code: 'VALIDATION_FAILED', errors: [] },
    });
  });

  it('answers the portal with {result: 0, msg} in the payload language, hiding server faults', () => {
    expect(errorAnswer(limit, request({}, { lang: 'en' }), 'portal')).toEqual({
      status: 429,
      body: { result: 0, msg: 'Call limit exceeded' },
    });
    expect(errorAnswer(new Error('secret detail'), request({}, { lang: 'en' }), 'portal')).toEqual({
      status: 500,
      body: { result: 0, msg: 'The request failed. Please try again.' },
    });
  });

  it("maps the body parsers' errors without echoing the body", () => {
    const tooLarge = Object.assign(new Error('request entity too large: {"secret"'), {
      status: 413,
      type: 'entity.too.large',
    });
    expect(errorAnswer(tooLarge, request({ 'accept-language': 'en' }), 'envelope')).toEqual({
      status: 413,
      body: { flag: 'failure', code: 'BODY_TOO_LARGE', message: 'The request body is too large' },
    });
    const malformed = Object.assign(new Error('Unexpected token } in JSON at {"secret"'), {
      status: 400,
      type: 'entity.parse.failed',
    });
    expect(JSON.stringify(errorAnswer(malformed, request(), 'envelope'))).not.toContain('secret');
  });
});
