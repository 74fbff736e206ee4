import type { BoundedValidate } from '@tradelog/schemas/documents/boundedValidator';
import type { ValidationIssue } from '@tradelog/schemas/documents/issues';
import { errorText } from '../http/request.ts';
import type { Submission } from './consoleStore.ts';

export interface DocumentCheck {
  parsed: unknown;
  issues: ValidationIssue[];
  parseError: string | undefined;
}

/** The typed text parsed, and checked by the type's validator once it has loaded. */
export function checkDocument(text: string, validate: BoundedValidate | undefined): DocumentCheck {
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
}

/** ingest's answer to a submission (ingest README): any part may be missing from a proxy's error page. */
export interface IngestAnswer {
  flag?: string;
  code?: string;
  message?: string;
  documentId?: string;
}

/** The session's record of one submission, from ingest's answer or, lacking parts, the HTTP status. */
export function submissionRecord(
  sent: { documentType: string; path: string; validateOnly: boolean },
  response: { status: number; ok: boolean },
  body: IngestAnswer,
): Omit<Submission, 'at'> {
  return {
    documentType: sent.documentType,
    path: sent.path,
    status: response.status,
    flag: body.flag ?? (response.ok ? 'success' : 'failure'),
    code: body.code ?? String(response.status),
    message: body.message ?? errorText(body),
    ...(body.documentId ? { documentId: body.documentId } : {}),
    ...(sent.validateOnly ? { validateOnly: sent.validateOnly } : {}),
  };
}

/** The record of a submission that got no answer at all. */
export function networkFailureRecord(documentType: string, path: string): Omit<Submission, 'at'> {
  return { documentType, path, status: 0, flag: 'failure', code: 'NETWORK', message: 'Network Error' };
}
