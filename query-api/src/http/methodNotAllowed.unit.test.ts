import type { OpenApiDocument } from '@tradelog/schemas/openapi/document';
import { describe, expect, it } from 'vitest';
import { allowedMethodsOf } from './methodNotAllowed.ts';

describe('the methods a path takes', () => {
  const allowedAt = allowedMethodsOf({
    paths: {
      '/subscriptions/changes': { post: {} },
      '/subscriptions/{id}': { get: {}, delete: {}, patch: {} },
      '/ops/rebuild/{projection}': { post: {}, get: {}, delete: {} },
      '/5666666': { get: {}, post: {} },
      '/open/info.tax': { post: {} },
    },
  } as unknown as OpenApiDocument);

  it('are those of every template the path matches, a parameter being one segment', () => {
    expect(allowedAt('/subscriptions/abc')).toEqual(['GET', 'DELETE', 'PATCH']);
    expect(allowedAt('/subscriptions/changes')).toEqual(['POST', 'GET', 'DELETE', 'PATCH']);
    expect(allowedAt('/ops/rebuild/collateral')).toEqual(['POST', 'GET', 'DELETE']);
    expect(allowedAt('/5666666')).toEqual(['GET', 'POST']);
  });

  it('are none for a path no template matches, literally', () => {
    expect(allowedAt('/subscriptions/a/b')).toBeUndefined();
    expect(allowedAt('/subscriptions')).toBeUndefined();
    expect(allowedAt('/open/infoXtax')).toBeUndefined();
    expect(allowedAt('/nope')).toBeUndefined();
  });
});
