import type { DocumentLookUp, SubmittedDocumentsPage } from '@tradelog/schemas/queries/documents';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from '../app/state.ts';
import { consoleCall } from './consoleApi.ts';
import { type DocumentPages, documentsPath, withPage } from './partnerDocumentPages.ts';

/**
 * A look-up asked for from outside the list (a recent submission's button). A request, not a
 * value: each ask carries its own number, so asking for the same document again fetches its
 * state again (it moves on as the projections apply the document).
 */
export interface LookUpRequest {
  documentId: string;
  ask: number;
}

/** The next request for `documentId` after `previous`. */
export const askToLookUp = (previous: LookUpRequest | undefined, documentId: string): LookUpRequest => ({
  documentId,
  ask: (previous?.ask ?? 0) + 1,
});

/**
 * The partner's documents a page at a time, and one looked up: by the form, by a row, or by the
 * submission the page above points at (`wanted`).
 */
export function usePartnerDocuments(apiKey: string, wanted: LookUpRequest | undefined) {
  const locale = useLocale();
  const [pages, setPages] = useState<DocumentPages>();
  const [documentId, setDocumentId] = useState('');
  const [found, setFound] = useState<DocumentLookUp>();
  const [error, setError] = useState<string>();
  const call = useCallback(<T>(path: string) => consoleCall<T>(apiKey, locale, path), [apiKey, locale]);

  const load = useCallback(
    async (before?: string) => {
      const answer = await call<SubmittedDocumentsPage>(documentsPath(before));
      if (!answer.ok) return setError(answer.message);
      setPages((current) => withPage(current, answer.body, before));
    },
    [call],
  );

  // Only the latest look-up's answer is shown: an earlier one answering late is older news.
  const latest = useRef(0);
  const lookUp = useCallback(
    async (next: string) => {
      const asked = ++latest.current;
      setDocumentId(next);
      const answer = await call<DocumentLookUp>(`/documents/${encodeURIComponent(next.trim())}`);
      if (asked !== latest.current) return;
      setError(answer.ok ? undefined : answer.message);
      setFound(answer.ok ? answer.body : undefined);
    },
    [call],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (wanted) void lookUp(wanted.documentId);
  }, [wanted, lookUp]);

  return { pages, documentId, setDocumentId, found, error, load, lookUp };
}
