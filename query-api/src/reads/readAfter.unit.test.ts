import { describe, expect, it } from 'vitest';
import { parseAfter } from './readAfter.ts';

describe('?after= of a query', () => {
  it('takes the position of a submission answer', () => {
    expect(parseAfter('tradelog.doc.purchase.v1:3:17')).toEqual({
      kind: 'position',
      position: { topic: 'tradelog.doc.purchase.v1', partition: 3, offset: 17n },
    });
  });

  it('takes a document id', () => {
    expect(parseAfter('019a7c1e-5cd5-7671-880e-ba48caf68a45')).toEqual({
      kind: 'document',
      documentId: '019a7c1e-5cd5-7671-880e-ba48caf68a45',
    });
  });

  it('refuses anything else with a bilingual 400', () => {
    for (const value of ['', 'a b', 'topic:x:1', ['one', 'two'], 'x'.repeat(300)]) {
      expect(() => parseAfter(value)).toThrow(
        expect.objectContaining({ code: 'AFTER_INVALID', status: 400 }),
      );
    }
  });
});
