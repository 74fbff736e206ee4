import type { SubmittedDocument, SubmittedDocumentsPage } from '@tradelog/schemas/queries/documents';

/** Pages of the partner's documents, newest first; `next` is the cursor of the page after. */
export interface DocumentPages {
  rows: SubmittedDocument[];
  next: string | null;
}

export const documentsPageSize = 20;

/** `/documents`: the newest page, or the one before a cursor. */
export function documentsPath(before?: string): string {
  return `/documents?limit=${documentsPageSize}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
}

/** A first page replaces what was shown; an older page is added under it. */
export function withPage(
  current: DocumentPages | undefined,
  page: Pick<SubmittedDocumentsPage, 'dataList' | 'next'>,
  before: string | undefined,
): DocumentPages {
  return { rows: before ? [...(current?.rows ?? []), ...page.dataList] : page.dataList, next: page.next };
}

/**
 * A projection that applied the document reads well; one that dead-lettered it, or was built
 * from another log and applies nothing until rebuilt, badly; others plain.
 */
export function projectionStateClass(state: string): 'ok' | 'bad' | undefined {
  if (state === 'applied') return 'ok';
  return state === 'dead-lettered' || state === 'log-replaced' ? 'bad' : undefined;
}
