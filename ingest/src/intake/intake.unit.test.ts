import { TradelogError } from '@tradelog/schemas';
import { documentType } from '@tradelog/schemas/documents/catalogue';
import { enterprisesNamedBy } from '@tradelog/schemas/documents/enterpriseFields';
import { examples } from '@tradelog/schemas/documents/examples';
import { createDocumentValidators } from '@tradelog/schemas/documents/validator';
import { bodySha256, canonicalSha256 } from '@tradelog/schemas/kit/log/headers';
import { failure } from '@tradelog/schemas/kit/runtime/envelope';
import { describe, expect, it } from 'vitest';
import { createIdGenerator, pooledRandom } from '../ids.ts';
import { checkContentType, parseDocument, withoutByteOrderMark } from './body.ts';
import { businessKeyOf, examineBody, rawScanFromBytes } from './examine.ts';
import { interfacePath } from './interfaces.ts';
import { acceptedBody, localizedIssues, shapeFailure, validationFailed } from './responses.ts';

const failureOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TradelogError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'ok';
};

describe('checkContentType', () => {
  it.each([
    ['application/json', 'ok'],
    ['application/json; charset=utf-8', 'ok'],
    ['Application/JSON;charset="UTF-8"', 'ok'],
    [undefined, '415 UNSUPPORTED_MEDIA_TYPE'],
    ['text/plain', '415 UNSUPPORTED_MEDIA_TYPE'],
    ['application/x-www-form-urlencoded', '415 UNSUPPORTED_MEDIA_TYPE'],
    ['application/json-patch+json', '415 UNSUPPORTED_MEDIA_TYPE'],
    ['application/json; charset=gbk', '415 UNSUPPORTED_MEDIA_TYPE'],
  ])('%s → %s', (header, expected) => {
    expect(failureOf(() => checkContentType(header))).toBe(expected);
  });
});

describe('parseDocument', () => {
  it('parses one JSON object', () => {
    expect(parseDocument(Buffer.from('{"entOrderNo":"单号-1"}'))).toEqual({ entOrderNo: '单号-1' });
  });

  it.each([
    ['{"a":', '400 MALFORMED_JSON'],
    ['', '400 MALFORMED_JSON'],
    ['\uFEFF{}', '400 MALFORMED_JSON'],
    ['[{"a":1}]', '400 NOT_AN_OBJECT'],
    ['null', '400 NOT_AN_OBJECT'],
    ['"text"', '400 NOT_AN_OBJECT'],
    ['42', '400 NOT_AN_OBJECT'],
  ])('%j → %s', (body, expected) => {
    expect(failureOf(() => parseDocument(Buffer.from(body)))).toBe(expected);
  });

  it('refuses bytes that are not UTF-8 rather than storing something else than was parsed', () => {
    expect(failureOf(() => parseDocument(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])))).toBe(
      '400 MALFORMED_JSON',
    );
  });
});

describe('withoutByteOrderMark', () => {
  it('drops a leading UTF-8 byte order mark and nothing else', () => {
    const text = '{"entOrderNo":"单号-1"}';
    expect(withoutByteOrderMark(Buffer.from(`\uFEFF${text}`)).toString('utf8')).toBe(text);
    expect(withoutByteOrderMark(Buffer.from(text)).toString('utf8')).toBe(text);
    // Only at the start, and only once: a second mark is the text's own (and refused as JSON).
    expect(withoutByteOrderMark(Buffer.from(`\uFEFF\uFEFF${text}`)).toString('utf8')).toBe(`\uFEFF${text}`);
    expect(withoutByteOrderMark(Buffer.from(`{"a":"\uFEFF"}`)).toString('utf8')).toBe('{"a":"\uFEFF"}');
    expect(withoutByteOrderMark(Buffer.from([0xef, 0xbb]))).toEqual(Buffer.from([0xef, 0xbb]));
    expect(withoutByteOrderMark(Buffer.alloc(0))).toHaveLength(0);
  });
});

describe('responses', () => {
  it('answers the common shape', () => {
    expect(acceptedBody('common', { entOrderNo: 'E1' }, 'doc-1', 'en')).toEqual({
      flag: 'success',
      code: '200',
      message: 'Document accepted',
      documentId: 'doc-1',
    });
  });

  it('adds entOrderNo and status 1 for e-commerce (§3.15, §8)', () => {
    expect(acceptedBody('ecommerce', { entOrderNo: 'E1' }, 'doc-1', 'cn')).toMatchObject({
      flag: 'success',
      code: '200',
      message: '接收成功',
      entOrderNo: 'E1',
      status: '1',
    });
  });

  it('answers tally in its §8 codes: Success when accepted, Error when refused with our code as reason', () => {
    expect(acceptedBody('tally', {}, 'doc-1', 'en')).toMatchObject({
      flag: 'success',
      code: 'Success',
      documentId: 'doc-1',
    });
    expect(shapeFailure('tally', { flag: 'failure', code: 'VALIDATION_FAILED', message: 'm' }, {})).toEqual({
      flag: 'failure',
      code: 'Error',
      reason: 'VALIDATION_FAILED',
      message: 'm',
    });
  });

  it('echoes the enterprise and returns busiCode for goods import (§3.8)', () => {
    expect(
      acceptedBody('goods', { enterpriseCode: 'C1', enterpriseName: 'N1' }, 'doc-1', 'cn'),
    ).toMatchObject({ enterpriseCode: 'C1', enterpriseName: 'N1', busiCode: 'doc-1', documentId: 'doc-1' });
  });

  it('lists every issue in the chosen language', () => {
    const issues = [
      { path: '/entOrderNo', rule: 'maxLength', message: { cn: '过长', en: 'too long' } },
      { path: '', rule: 'required', message: { cn: '缺少', en: 'missing' } },
    ];
    const answer = (lang: 'cn' | 'en', skipped = 0) => {
      const { status, body } = failure(validationFailed({ issues, skipped }), lang);
      return { status, body: localizedIssues(body, lang) };
    };
    expect(answer('en')).toEqual({
      status: 400,
      body: {
        flag: 'failure',
        code: 'VALIDATION_FAILED',
        message: 'The document failed validation (2 problems)',
        errors: [
          { path: '/entOrderNo', rule: 'maxLength', message: 'too long' },
          { path: '', rule: 'required', message: 'missing' },
        ],
        skipped: 0,
      },
    });
    expect(answer('cn').body.message).toBe('单据校验未通过（2 项）');
  });

  it('says how many issues it did not list, in both languages', () => {
    const issues = [{ path: 'a', rule: 'required', message: { cn: '缺少', en: 'missing' } }];
    const { body } = failure(validationFailed({ issues, skipped: 41 }), 'en');
    expect(body).toMatchObject({
      message: 'The document failed validation (42 problems; the first 1 are listed, 41 more are not)',
      skipped: 41,
    });
    expect(failure(validationFailed({ issues, skipped: 41 }), 'cn').body.message).toBe(
      '单据校验未通过（共 42 项；列出前 1 项，另有 41 项未列出）',
    );
  });

  it('never echoes a huge entOrderNo in an e-commerce failure', () => {
    const body = { flag: 'failure', code: 'VALIDATION_FAILED', message: 'm' };
    expect(shapeFailure('ecommerce', body, { entOrderNo: 'x'.repeat(100_000) }).entOrderNo).toBeNull();
  });

  it('gives e-commerce failures code 500 and status 2, keeping our code as reason (§8)', () => {
    const body = { flag: 'failure', code: 'VALIDATION_FAILED', message: 'm' };
    expect(shapeFailure('ecommerce', body, { entOrderNo: 'E1' })).toEqual({
      flag: 'failure',
      code: '500',
      reason: 'VALIDATION_FAILED',
      message: 'm',
      entOrderNo: 'E1',
      status: '2',
    });
    expect(shapeFailure('common', body, { entOrderNo: 'E1' })).toBe(body);
  });

  it('keys records by the business key, nested or not, else by document id', () => {
    expect(businessKeyOf({ entOrderNo: 'E1' }, 'entOrderNo')).toBe('E1');
    expect(businessKeyOf({ recordInfo: { entGoodsNo: 'G1' } }, 'recordInfo.entGoodsNo')).toBe('G1');
    expect(businessKeyOf({ orderNo: 17 }, 'orderNo')).toBe('17');
    expect(businessKeyOf({ entOrderNo: '' }, 'entOrderNo')).toBeUndefined();
    expect(businessKeyOf({}, 'a.b')).toBeUndefined();
  });

  it('substitutes the product in every place', () => {
    expect(interfacePath('/{product}/{product}-order/api/v2/doc/purchase/accept', 'acme')).toBe(
      '/acme/acme-order/api/v2/doc/purchase/accept',
    );
  });
});

describe('examineBody', () => {
  const validators = createDocumentValidators();
  const typeOf = (id: 'pod' | 'ondedEcOrder') => ({
    id,
    keyField: documentType(id).keyField,
    validate: validators[id],
  });
  const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('hands back what the rest of a submission needs, not the document', () => {
    const document: Record<string, unknown> = { ...examples.ondedEcOrder };
    const examined = examineBody(typeOf('ondedEcOrder'), bytes(document));
    expect(examined).toEqual({
      ok: true,
      sha256: bodySha256(bytes(document)),
      named: enterprisesNamedBy('ondedEcOrder', document),
      key: document.entOrderNo,
      echo: { entOrderNo: document.entOrderNo },
    });
  });

  it("fingerprints the document, not its bytes, only when asked (an Idempotency-Key's repeat)", () => {
    const document: Record<string, unknown> = { ...examples.ondedEcOrder };
    const reordered = Buffer.from(
      JSON.stringify(Object.fromEntries(Object.entries(document).reverse()), null, 2),
    );
    const first = examineBody(typeOf('ondedEcOrder'), bytes(document), { fingerprint: true });
    const again = examineBody(typeOf('ondedEcOrder'), reordered, { fingerprint: true });
    expect(first).toMatchObject({ ok: true, fingerprint: canonicalSha256(document) });
    expect(again).toMatchObject({ ok: true, fingerprint: canonicalSha256(document) });
    // The record's content hash stays the hash of the bytes each request sent.
    expect(again).toMatchObject({ sha256: bodySha256(reordered) });
    expect(first).not.toMatchObject({ sha256: bodySha256(reordered) });
    expect(examineBody(typeOf('ondedEcOrder'), bytes(document))).not.toHaveProperty('fingerprint');
  });

  it('answers a refusal as data, with what the answer repeats once the JSON was read', () => {
    const invalid = examineBody(typeOf('ondedEcOrder'), bytes({ entOrderNo: 'E-1' }));
    expect(invalid).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', status: 400 } });
    expect(invalid.echo).toEqual({ entOrderNo: 'E-1' });
    const unreadable = examineBody(typeOf('pod'), Buffer.from('{"busiOrderNo":'));
    expect(unreadable).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON' } });
    expect(unreadable.echo).toBeUndefined();
    // A value no answer should repeat is not kept.
    const huge = examineBody(typeOf('ondedEcOrder'), bytes({ entOrderNo: 'x'.repeat(5000) }));
    expect(huge.echo).toEqual({});
  });

  it('refuses a name given twice in one object, which readers of the log could read two ways', () => {
    const document = JSON.stringify({ ...examples.pod, billNo: 'B-1' });
    const twice = Buffer.from(`${document.slice(0, -1)},"billNo":"B-2"}`);
    const examined = examineBody(typeOf('pod'), twice);
    expect(examined).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', status: 400 } });
    expect(examined.ok ? [] : examined.error.details?.errors).toEqual([
      expect.objectContaining({ path: 'billNo', rule: 'duplicateName' }),
    ]);
    expect(examineBody(typeOf('pod'), Buffer.from(document))).toMatchObject({ ok: true });
  });

  it('holds a short body to the shape bounds after parsing, a long one before', () => {
    const issuesOf = (examined: ReturnType<typeof examineBody>) =>
      examined.ok ? [] : (examined.error.details?.errors as { path: string; rule: string }[]);
    const nested = (levels: number) => `{"x":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const shortDeep = Buffer.from(nested(2000));
    const longDeep = Buffer.from(nested(rawScanFromBytes));
    expect(shortDeep.length).toBeLessThan(rawScanFromBytes);
    // Parsed, then refused at the 13th level, with the path the parsed document gives.
    expect(issuesOf(examineBody(typeOf('pod'), shortDeep))).toEqual([
      expect.objectContaining({ rule: 'maxDepth', path: 'x[0][0][0][0][0][0][0][0][0][0][0]' }),
    ]);
    // Refused by the scan of its bytes, never parsed.
    expect(issuesOf(examineBody(typeOf('pod'), longDeep))).toEqual([
      expect.objectContaining({ rule: 'maxDepth', path: 'x[0][0][0][0][0][0][0][0][0][0][0]' }),
    ]);
    const properties = (count: number) =>
      Buffer.from(
        JSON.stringify({
          ...examples.pod,
          extra: Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 0])),
        }),
      );
    expect(properties(301).length).toBeLessThan(rawScanFromBytes);
    expect(issuesOf(examineBody(typeOf('pod'), properties(301)))).toEqual([
      expect.objectContaining({ rule: 'maxProperties', path: 'extra' }),
    ]);
    expect(examineBody(typeOf('pod'), properties(300)).ok).toBe(true);
  });
});

describe('ids', () => {
  it('draws distinct random bytes from the pool, refilling it when spent', () => {
    const random = pooledRandom(32);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) seen.add(random(16).toString('hex'));
    expect(seen.size).toBe(20);
    expect(random(64)).toHaveLength(64);
  });

  it('gives time-ordered UUIDv7s', () => {
    let clock = 1_700_000_000_000;
    const newId = createIdGenerator(() => clock++);
    const ids = Array.from({ length: 5 }, newId);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids)
      expect(id).toMatch(/^[\da-f]{8}-[\da-f]{4}-7[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    expect(new Set(ids).size).toBe(5);
  });
});
