import type { SubmittedDocument } from '@tradelog/schemas/queries/documents';
import { type FormEvent, useId } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { localTime } from './consoleFormat.ts';
import { DocumentStatus } from './DocumentStatus.tsx';
import { InputField } from './InputField.tsx';
import { LoadedList } from './LoadedList.tsx';
import { type LookUpRequest, usePartnerDocuments } from './usePartnerDocuments.ts';

/**
 * A partner's own submissions as the document index recorded them, a page at a time, and one
 * submission looked up by documentId: its place in the log and its state in every projection
 * that reads it, with a dead letter's error where there is one.
 */
export function PartnerDocuments(props: { apiKey: string; lookUp?: LookUpRequest }) {
  const t = useDict();
  const p = t.console.partner;
  const id = useId();
  const { pages, documentId, setDocumentId, found, error, load, lookUp } = usePartnerDocuments(
    props.apiKey,
    props.lookUp,
  );
  const submitLookUp = (event: FormEvent) => {
    event.preventDefault();
    if (documentId.trim() !== '') void lookUp(documentId);
  };
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
        <InputField
          id={`${id}-id`}
          label={p.documentId}
          required
          maxLength={64}
          value={documentId}
          onChange={setDocumentId}
        />
        <button type="submit" className="btn">
          {p.lookUp}
        </button>
      </form>
      {found && <DocumentStatus found={found} />}
      <LoadedList rows={pages?.rows} empty={p.noneYet}>
        {(rows) => (
          <DocumentPageTable
            rows={rows}
            next={pages?.next ?? null}
            lookUp={(wanted) => void lookUp(wanted)}
            older={(before) => void load(before)}
          />
        )}
      </LoadedList>
    </section>
  );
}

/** The documents shown so far, each to look up, and the way to the older ones while there are. */
function DocumentPageTable(props: {
  rows: readonly SubmittedDocument[];
  next: string | null;
  lookUp: (documentId: string) => void;
  older: (before: string | undefined) => void;
}) {
  const t = useDict();
  const p = t.console.partner;
  const locale = useLocale();
  const { next } = props;
  return (
    <>
      <RefTable
        columns={[p.documentId, p.type, p.enterprise, p.received, t.console.subs.actions]}
        testId="my-documents"
      >
        {props.rows.map((row) => (
          <tr key={row.documentId}>
            <th scope="row">
              <code>{row.documentId}</code>
            </th>
            <td>{row.type}</td>
            <td>{row.enterprise ?? '—'}</td>
            <td>{localTime(row.receivedAt, locale)}</td>
            <td>
              <button type="button" className="btn btn-small" onClick={() => props.lookUp(row.documentId)}>
                {p.lookUp}
              </button>
            </td>
          </tr>
        ))}
      </RefTable>
      {next && (
        <button type="button" className="btn btn-small" onClick={() => props.older(next)}>
          {p.older}
        </button>
      )}
    </>
  );
}
