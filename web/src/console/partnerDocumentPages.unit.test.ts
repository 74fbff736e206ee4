import type { SubmittedDocument } from '@tradelog/schemas/queries/documents';
import { describe, expect, it } from 'vitest';
import { documentsPath, projectionStateClass, withPage } from './partnerDocumentPages.ts';

const row = (documentId: string) => ({ documentId }) as SubmittedDocument;

describe('partner document pages', () => {
  it('asks for the newest page or the one before a cursor', () => {
    expect(documentsPath()).toBe('/documents?limit=20');
    expect(documentsPath('2026-01-01T00:00:00Z|a b')).toBe(
      '/documents?limit=20&before=2026-01-01T00%3A00%3A00Z%7Ca%20b',
    );
  });

  it('replaces the rows with a first page and appends an older one', () => {
    const first = withPage(undefined, { dataList: [row('a')], next: 'c1' }, undefined);
    expect(first).toEqual({ rows: [row('a')], next: 'c1' });
    expect(withPage(first, { dataList: [row('b')], next: null }, 'c1')).toEqual({
      rows: [row('a'), row('b')],
      next: null,
    });
    expect(withPage(first, { dataList: [row('z')], next: null }, undefined).rows).toEqual([row('z')]);
  });

  it('marks applied and dead-lettered projections', () => {
    expect(projectionStateClass('applied')).toBe('ok');
    expect(projectionStateClass('dead-lettered')).toBe('bad');
    expect(projectionStateClass('log-replaced')).toBe('bad');
    expect(projectionStateClass('pending')).toBeUndefined();
  });
});
