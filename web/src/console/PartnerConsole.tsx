import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { type FormEvent, useId, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { DocumentCheckStatus } from './DocumentCheckStatus.tsx';
import { LabelledField } from './LabelledField.tsx';
import { PartnerDocuments } from './PartnerDocuments.tsx';
import { RecentSubmissions } from './RecentSubmissions.tsx';
import { ingestProduct, submissionPath } from './submissionPath.ts';
import { usePartnerDocument } from './usePartnerDocument.ts';
import { askToLookUp, type LookUpRequest } from './usePartnerDocuments.ts';

/**
 * The partner tab: a document of a chosen type checked as it is typed, submitted or only
 * validated through ingest, the session's recent submissions, and the partner's documents.
 */
export function PartnerConsole(props: { apiKey: string }) {
  const t = useDict();
  // Held here, not in the form: React runs a parent's effects after its children's, so the
  // type's checks keep loading after the documents list has asked for its rows.
  const draft = usePartnerDocument(props.apiKey);
  const [lookUp, setLookUp] = useState<LookUpRequest>();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.console.partner.title}</h2>
      <PartnerDocumentForm id={id} draft={draft} />
      <RecentSubmissions
        lookUp={(documentId) => setLookUp((previous) => askToLookUp(previous, documentId))}
      />
      <PartnerDocuments apiKey={props.apiKey} {...(lookUp ? { lookUp } : {})} />
    </section>
  );
}

function PartnerDocumentForm(props: { id: string; draft: ReturnType<typeof usePartnerDocument> }) {
  const p = useDict().console.partner;
  const locale = useLocale();
  const { id, draft } = props;
  const { typeId, parseError, issues, cannotSend, choose, send } = draft;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };
  return (
    <form className="console-form" onSubmit={submit}>
      <LabelledField id={`${id}-type`} label={p.type}>
        <select
          id={`${id}-type`}
          value={typeId}
          onChange={(event) => choose(event.target.value as DocumentTypeId)}
        >
          {documentTypes.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {pick(candidate.title, locale)} — {submissionPath(candidate.path, ingestProduct)}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id={`${id}-body`} label={p.body}>
        <textarea
          id={`${id}-body`}
          className="code-input"
          spellCheck={false}
          rows={18}
          value={draft.text}
          aria-describedby={`${id}-status`}
          aria-invalid={parseError || issues.length > 0 ? true : undefined}
          onChange={(event) => draft.setText(event.target.value)}
        />
      </LabelledField>
      <DocumentCheckStatus
        id={`${id}-status`}
        parseError={parseError}
        checking={draft.checking}
        validate={draft.validate}
        issues={issues}
      />
      <div className="actions">
        <button type="button" className="btn" onClick={() => choose(typeId)}>
          {p.loadExample}
        </button>
        <button type="submit" className="btn btn-primary" disabled={cannotSend}>
          {p.submit}
        </button>
        <button type="button" className="btn" disabled={cannotSend} onClick={() => void send(true)}>
          {p.validate}
        </button>
      </div>
    </form>
  );
}
