import type { DocumentLookUp, SubmittedDocumentsPage } from '@tradelog/schemas/queries/documents';
import { useCallback, useEffect, useState } from 'react';
import { useLocale } from '../app/state.ts';
import { consoleCall } from './consoleApi.ts';
import { type DocumentPages, documentsPath, withPage } from './partnerDocumentPages.ts';

/**
 * The partner's documents a page at a time, and one looked up: by the form, by a row, or by the
 * submission the page above points at (`wanted`).
 */
export function usePartnerDocuments(apiKey: string, wanted: string | undefined) {
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

  const lookUp = useCallback(
    async (next: string) => {
      setDocumentId(next);
      const answer = await call<DocumentLookUp>(`/documents/${encodeURIComponent(next.trim())}`);
      setError(answer.ok ? undefined : answer.message);
      setFound(answer.ok ? answer.body : undefined);
    },
    [call],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (wanted) void lookUp(wanted);
  }, [wanted, lookUp]);

  return { pages, documentId, setDocumentId, found, error, load, lookUp };
}
