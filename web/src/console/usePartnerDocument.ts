import type { BoundedValidate } from '@tradelog/schemas/documents/boundedValidator';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { useEffect, useMemo, useState } from 'react';
import { consoleStore, useLocale } from '../app/state.ts';
import { authorizationHeader } from './consoleStore.ts';
import { checkDocument, type IngestAnswer, networkFailureRecord, submissionRecord } from './documentCheck.ts';
import { documentValidator } from './documentValidators.ts';
import { ingestProduct, submissionPath } from './submissionPath.ts';

/** The chosen type's checks load on demand (web/README.md "Content Security Policy"). */
function useDocumentValidator(typeId: DocumentTypeId) {
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
  return { validate, checking };
}

/**
 * The partner's document: its type, its text checked as it is typed, and sending it to ingest,
 * each send recorded in the session's submissions.
 */
export function usePartnerDocument(apiKey: string) {
  const locale = useLocale();
  const [typeId, setTypeId] = useState<DocumentTypeId>('pod');
  const { validate, checking } = useDocumentValidator(typeId);
  const [text, setText] = useState(() => JSON.stringify(examples.pod, null, 2));
  const [busy, setBusy] = useState(false);
  const type = documentTypes.find((candidate) => candidate.id === typeId)!;
  const { issues, parsed, parseError } = useMemo(() => checkDocument(text, validate), [text, validate]);

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
          ...authorizationHeader(apiKey),
        },
        body: JSON.stringify(parsed),
      });
      const body = (await response.json().catch(() => ({}))) as IngestAnswer;
      consoleStore
        .getState()
        .recordSubmission(submissionRecord({ documentType: type.id, path, validateOnly }, response, body));
    } catch {
      consoleStore.getState().recordSubmission(networkFailureRecord(type.id, path));
    } finally {
      setBusy(false);
    }
  };

  return { typeId, text, setText, validate, checking, issues, parseError, cannotSend, choose, send };
}
