import { localizedError } from '@tradelog/schemas';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { errorAnswer, flightCode } from '../http/answers.ts';
import { flightSuccess, statusCodeSuccess } from './conventions.ts';

const request = (lang = 'cn') => ({ get: () => lang, body: undefined, query: {} }) as unknown as Request;
const refusal = (rule: string) =>
  localizedError(
    'VALIDATION_FAILED',
    400,
    { cn: '参数错误', en: 'bad' },
    { errors: [{ path: 'fromAirports', rule }] },
  );

describe('reference answer conventions (query spec §8)', () => {
  it('answers statusCode 20000 on success and the HTTP status × 100 on failure, keeping the refused fields', () => {
    expect(statusCodeSuccess({ data: [] }, 'en')).toEqual({
      status: 200,
      statusCode: 20000,
      message: 'success',
      data: [],
    });
    const { status, body } = errorAnswer(refusal('required'), request(), 'statusCode');
    expect([status, body.status, body.statusCode, body.message, body.reason]).toEqual([
      400,
      400,
      40000,
      '参数错误',
      'VALIDATION_FAILED',
    ]);
    expect(body.errors).toEqual([{ path: 'fromAirports', rule: 'required' }]);
    expect(errorAnswer(new Error('boom'), request(), 'statusCode').body.statusCode).toBe(50000);
  });

  it('gives the flight API its business codes: 20000 data, 20001 none, 40000, 40001, 40600, 40100–40103, 40010, 40020, 40300, 40500, 42900, 50000', () => {
    expect(flightSuccess({ totalRecords: 2 }, 'en').code).toBe(20000);
    expect(flightSuccess({ totalRecords: 0 }, 'en').code).toBe(20001);
    expect(flightCode(400, 'VALIDATION_FAILED', [{ rule: 'required' }])).toBe(40000);
    expect(flightCode(400, 'VALIDATION_FAILED', [{ rule: 'maxItems' }])).toBe(40001);
    expect(flightCode(400, 'VALIDATION_FAILED', [{ rule: 'type' }, { rule: 'maxItems' }])).toBe(40600);
    expect(flightCode(400, 'VALIDATION_FAILED')).toBe(40600);
    expect(flightCode(401, 'API_KEY_INVALID')).toBe(40101);
    expect(flightCode(401, 'API_KEY_REVOKED')).toBe(40102);
    expect(flightCode(401, 'API_KEY_MISSING')).toBe(40103);
    expect(flightCode(401, 'SOME_OTHER_KEY_FAULT')).toBe(40100);
    expect(flightCode(405, 'METHOD_NOT_ALLOWED')).toBe(40500);
    expect(flightCode(400, 'AIRLINE_UNKNOWN')).toBe(40020);
    expect(flightCode(400, 'COORDINATE_SYSTEM_UNSUPPORTED')).toBe(40010);
    expect(flightCode(403, 'API_KEY_KIND_FORBIDDEN')).toBe(40300);
    expect(flightCode(429, 'CALL_LIMIT_EXCEEDED')).toBe(42900);
    expect(flightCode(503, 'PROJECTION_NOT_READY')).toBe(50000);
    expect(errorAnswer(refusal('maxItems'), request('en'), 'flight')).toMatchObject({
      status: 400,
      body: { code: 40001, reason: 'VALIDATION_FAILED', data: null },
    });
  });
});
