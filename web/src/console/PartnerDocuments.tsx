import type {
  DocumentLookUp,
  SubmittedDocument,
  SubmittedDocumentsPage,
} from '@tradelog/schemas/queries/documents';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { consoleCall } from './consoleApi.ts';

/**
 * A partner's own submissions as the document index recorded them, a page at a time, and one
 * submission looked up by documentId: its place in the log and its state in every projection
 * that reads it, with a dead letter's error where there is one.
 */
export function PartnerDocuments(props: { apiKey: string; lookUp?: string }) {
  const t = useDict();
  const locale = useLocale();
  const p = t.console.partner;
  const id = useId();
  const [pages, setPages] = useState<{ rows: SubmittedDocument[]; next: string | null }>();
  const [documentId, setDocumentId] = useState('');
  const [found, setFound] = useState<DocumentLookUp>();
  const [error, setError] = useState<string>();
  const call = useCallback(
    <T,>(path: string) => consoleCall<T>(props.apiKey, locale, path),
    [props.apiKey, locale],
  );

  const load = useCallback(
    async (before?: string) => {
      const answer = await call<SubmittedDocumentsPage>(
        `/documents?limit=20${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      if (!answer.ok) return setError(answer.message);
      setPages((current) => ({
        rows: before ? [...(current?.rows ?? []), ...answer.body.dataList] : answer.body.dataList,
        next: answer.body.next,
      }));
    },
    [call],
  );

  const lookUp = useCallback(
    async (wanted: string) => {
      setDocumentId(wanted);
      const answer = await call<DocumentLookUp>(`/documents/${encodeURIComponent(wanted.trim())}`);
      setError(answer.ok ? undefined : answer.message);
      setFound(answer.ok ? answer.body : undefined);
    },
    [call],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (props.lookUp) void lookUp(props.lookUp);
  }, [props.lookUp, lookUp]);

  const submitLookUp = (event: FormEvent) => {
    event.preventDefault();
    if (documentId.trim() !== '') void lookUp(documentId);
  };
  const time = (value: string) => new Date(value).toLocaleString(locale === 'cn' ? 'zh-CN' : 'en-GB');

  return (
    <section aria-labelledby={`${id}-title`} data-testid="partner-documents">
      <div className="section-head">
        <h3 id={`${id}-title`}>{p.mine}</h3>
        <button type="button" className="btn btn-small" onClick={() => void load()}>
          {t.console.subs.refresh}
        </button>
      </div>
      <p className="muted">{p.mineNote}</p>
      {error && <FormError>{error}</FormError>}
      <form className="console-form inline-form" onSubmit={submitLookUp}>
        <div className="field">
          <label htmlFor={`${id}-id`}>{p.documentId}</label>
          <input
            id={`${id}-id`}
            required
            maxLength={64}
            value={documentId}
            onChange={(event) => setDocumentId(event.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          {p.lookUp}
        </button>
      </form>
      {found && (
        <div data-testid="document-status">
          <h3>{p.lookupTitle}</h3>
          <p>
            <code>{found.document.documentId}</code> {found.document.type}
            {found.document.receivedAt ? ` · ${time(found.document.receivedAt)}` : ''}
          </p>
          <p className="muted small">
            {format(p.place, {
              topic: found.document.topic,
              partition: found.document.partition,
              offset: found.document.offset,
            })}
          </p>
          <RefTable columns={[p.projection, p.state, p.deadLetter]} testId="document-projections">
            {found.projections.map((row) => (
              <tr key={row.projection}>
                <th scope="row">{row.projection}</th>
                <td
                  className={
                    row.state === 'applied' ? 'ok' : row.state === 'dead-lettered' ? 'bad' : undefined
                  }
                >
                  {p.states[row.state]}
                </td>
                <td>
                  {row.deadLetter ? (
                    <>
                      <code>{row.deadLetter.errorCode}</code> {row.deadLetter.errorMessage} (
                      {row.deadLetter.state})
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </RefTable>
        </div>
      )}
      {pages === undefined ? (
        <p className="loading">{t.common.loading}</p>
      ) : pages.rows.length === 0 ? (
        <p className="muted">{p.noneYet}</p>
      ) : (
        <>
          <RefTable
            columns={[p.documentId, p.type, p.enterprise, p.received, t.console.subs.actions]}
            testId="my-documents"
          >
            {pages.rows.map((row) => (
              <tr key={row.documentId}>
                <th scope="row">
                  <code>{row.documentId}</code>
                </th>
                <td>{row.type}</td>
                <td>{row.enterprise ?? '—'}</td>
                <td>{time(row.receivedAt)}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => void lookUp(row.documentId)}>
                    {p.lookUp}
                  </button>
                </td>
              </tr>
            ))}
          </RefTable>
          {pages.next && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void load(pages.next ?? undefined)}
            >
              {p.older}
            </button>
          )}
        </>
      )}
    </section>
  );
}
