import type { BoundedValidate } from '@tradelog/schemas/documents/boundedValidator';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type { ValidationIssue } from '@tradelog/schemas/documents/issues';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { consoleStore, useDict, useLocale } from '../app/state.ts';
import { errorText } from '../http/request.ts';
import { format, pick } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { authorizationHeader } from './consoleStore.ts';
import { documentValidator } from './documentValidators.ts';
import { PartnerDocuments } from './PartnerDocuments.tsx';
import { ingestProduct, submissionPath } from './submissionPath.ts';

/**
 * The partner tab: a document of a chosen type checked as it is typed, submitted or only
 * validated through ingest, the session's recent submissions, and the partner's documents.
 */
export function PartnerConsole(props: { apiKey: string }) {
  const t = useDict();
  const locale = useLocale();
  const [typeId, setTypeId] = useState<DocumentTypeId>('pod');
  // The chosen type's checks load on demand (web/README.md "Content Security Policy").
  const [checks, setChecks] = useState<{ typeId: DocumentTypeId; validate?: BoundedValidate }>();
  useEffect(() => {
    let current = true;
    documentValidator(typeId).then(
      (validate) => current && setChecks({ typeId, validate }),
      () => current && setChecks({ typeId }),
    );
    return () => {
      current = false;
    };
  }, [typeId]);
  const validate = checks?.typeId === typeId ? checks.validate : undefined;
  const checking = checks?.typeId !== typeId;
  const [text, setText] = useState(() => JSON.stringify(examples.pod, null, 2));
  const [busy, setBusy] = useState(false);
  const submissions = useStore(consoleStore, (state) => state.submissions);
  const [lookUp, setLookUp] = useState<string>();
  const type = documentTypes.find((candidate) => candidate.id === typeId)!;
  const id = useId();

  const { issues, parsed, parseError } = useMemo(() => {
    try {
      const value: unknown = JSON.parse(text);
      return { parsed: value, issues: validate ? validate(value) : [], parseError: undefined };
    } catch (error) {
      return {
        parsed: undefined,
        issues: [] as ValidationIssue[],
        parseError: error instanceof Error ? error.message : String(error),
      };
    }
  }, [text, validate]);

  // The submit and validate buttons wait for the checks and a clean document, and for a send in flight.
  const cannotSend = busy || checking || Boolean(parseError) || issues.length > 0;

  const choose = (next: DocumentTypeId) => {
    setTypeId(next);
    setText(JSON.stringify(examples[next], null, 2));
  };

  // `validateOnly`: ingest runs every check and appends nothing (ingest README "Validating without submitting").
  const send = async (validateOnly: boolean) => {
    if (checking || parseError || issues.length > 0) return;
    setBusy(true);
    const path = submissionPath(type.path, ingestProduct);
    try {
      const response = await fetch(validateOnly ? `${path}?validateOnly=true` : path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': locale === 'en' ? 'en' : 'zh-CN',
          ...authorizationHeader(props.apiKey),
        },
        body: JSON.stringify(parsed),
      });
      const body = (await response.json().catch(() => ({}))) as {
        flag?: string;
        code?: string;
        message?: string;
        documentId?: string;
      };
      consoleStore.getState().recordSubmission({
        documentType: type.id,
        path,
        status: response.status,
        flag: body.flag ?? (response.ok ? 'success' : 'failure'),
        code: body.code ?? String(response.status),
        message: body.message ?? errorText(body),
        ...(body.documentId ? { documentId: body.documentId } : {}),
        ...(validateOnly ? { validateOnly } : {}),
      });
    } catch {
      consoleStore.getState().recordSubmission({
        documentType: type.id,
        path,
        status: 0,
        flag: 'failure',
        code: 'NETWORK',
        message: 'Network Error',
      });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.console.partner.title}</h2>
      <form className="console-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t.console.partner.type}</label>
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
        </div>
        <div className="field">
          <label htmlFor={`${id}-body`}>{t.console.partner.body}</label>
          <textarea
            id={`${id}-body`}
            className="code-input"
            spellCheck={false}
            rows={18}
            value={text}
            aria-describedby={`${id}-status`}
            aria-invalid={parseError || issues.length > 0 ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div
          id={`${id}-status`}
          role="status"
          aria-live="polite"
          className={parseError || issues.length ? 'issues bad' : 'issues ok'}
        >
          {parseError ? (
            format(t.console.partner.parseError, { message: parseError })
          ) : checking ? (
            t.console.partner.checking
          ) : !validate ? (
            t.console.partner.checksUnavailable
          ) : issues.length === 0 ? (
            t.console.partner.valid
          ) : (
            <>
              <p>{format(t.console.partner.invalid, { count: issues.length })}</p>
              <ul>
                {issues.slice(0, 20).map((issue) => (
                  <li key={`${issue.path}-${issue.rule}`}>
                    <code>{issue.path || '/'}</code> {locale === 'en' ? issue.message.en : issue.message.cn}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="actions">
          <button type="button" className="btn" onClick={() => choose(typeId)}>
            {t.console.partner.loadExample}
          </button>
          <button type="submit" className="btn btn-primary" disabled={cannotSend}>
            {t.console.partner.submit}
          </button>
          <button type="button" className="btn" disabled={cannotSend} onClick={() => void send(true)}>
            {t.console.partner.validate}
          </button>
        </div>
      </form>
      <h3>{t.console.partner.recent}</h3>
      {submissions.length === 0 ? (
        <p className="muted">{t.console.partner.none}</p>
      ) : (
        <RefTable
          columns={[t.console.partner.time, t.console.partner.type, t.console.partner.result]}
          testId="submissions"
        >
          {submissions.map((submission) => (
            <tr key={submission.at + submission.path}>
              <td>{new Date(submission.at).toLocaleTimeString(locale === 'cn' ? 'zh-CN' : 'en-GB')}</td>
              <td>{submission.documentType}</td>
              <td className={submission.flag === 'success' ? 'ok' : 'bad'}>
                {submission.status} {submission.flag} {submission.code} — {submission.message}
                {submission.validateOnly && ` (${t.console.partner.validated})`}
                {submission.documentId && (
                  <>
                    {' '}
                    <code>{submission.documentId}</code>{' '}
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setLookUp(submission.documentId)}
                    >
                      {t.console.partner.lookUp}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </RefTable>
      )}
      <PartnerDocuments apiKey={props.apiKey} {...(lookUp ? { lookUp } : {})} />
    </section>
  );
}
