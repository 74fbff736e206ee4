import type { BoundedValidate } from '@tradelog/schemas/documents/boundedValidator';
import type { ValidationIssue } from '@tradelog/schemas/documents/issues';
import { describe, expect, it } from 'vitest';
import { checkDocument, networkFailureRecord, submissionRecord } from './documentCheck.ts';

// Only the call matters here; the bounded variant is ingest's.
const validatorOf = (issues: ValidationIssue[]) => (() => issues) as unknown as BoundedValidate;

describe('document check', () => {
  it('reports a text that is not JSON and checks nothing', () => {
    const check = checkDocument('{', validatorOf([{ path: '/a', rule: 'x' } as ValidationIssue]));
    expect(check.parsed).toBeUndefined();
    expect(check.issues).toEqual([]);
    expect(check.parseError).toBeTypeOf('string');
  });

  it('checks parsed JSON once the validator is there', () => {
    const issue = { path: '/a', rule: 'required' } as ValidationIssue;
    expect(checkDocument('{"a":1}', undefined)).toEqual({
      parsed: { a: 1 },
      issues: [],
      parseError: undefined,
    });
    expect(checkDocument('{"a":1}', validatorOf([issue])).issues).toEqual([issue]);
  });
});

describe('submission record', () => {
  const sent = { documentType: 'pod', path: '/api/pod', validateOnly: false };

  it('keeps what ingest answered', () => {
    expect(
      submissionRecord(
        sent,
        { status: 200, ok: true },
        { flag: 'success', code: '0', message: 'ok', documentId: 'd1' },
      ),
    ).toEqual({
      documentType: 'pod',
      path: '/api/pod',
      status: 200,
      flag: 'success',
      code: '0',
      message: 'ok',
      documentId: 'd1',
    });
  });

  it('falls back on the HTTP status when the answer lacks its parts, and marks a validation', () => {
    const record = submissionRecord({ ...sent, validateOnly: true }, { status: 502, ok: false }, {});
    expect(record).toMatchObject({ status: 502, flag: 'failure', code: '502', validateOnly: true });
    expect(record).not.toHaveProperty('documentId');
  });

  it('records a submission that got no answer', () => {
    expect(networkFailureRecord('pod', '/api/pod')).toEqual({
      documentType: 'pod',
      path: '/api/pod',
      status: 0,
      flag: 'failure',
      code: 'NETWORK',
      message: 'Network Error',
    });
  });
});
