import { errorText } from '../http/request.ts';
import { authorizationHeader } from './consoleStore.ts';

/**
 * The console's calls to ingest and query-api: JSON, the API key as `Authorization: Bearer`,
 * answers in the `{flag, code, message, …}` envelope. A failure carries the server's message
 * (in the console's language, via Accept-Language) or the §8 fallback text.
 */
export interface ConsoleAnswer<T> {
  ok: boolean;
  status: number;
  body: T & { flag?: string; code?: string; message?: string };
  message: string;
}

export async function consoleCall<T = Record<string, unknown>>(
  apiKey: string,
  locale: 'cn' | 'en',
  path: string,
  options: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<ConsoleAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        'Accept-Language': locale === 'en' ? 'en' : 'zh-CN',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...authorizationHeader(apiKey),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, status: 0, body: {} as ConsoleAnswer<T>['body'], message: 'Network Error' };
  }
  const body = (await response.json().catch(() => ({}))) as ConsoleAnswer<T>['body'];
  const ok = response.ok && body.flag !== 'failure';
  const message =
    typeof body.message === 'string' && body.message !== '' ? body.message : ok ? '' : errorText(body);
  return {
    ok,
    status: response.status,
    body,
    message: ok || message !== 'Network Error' ? message : `${response.status} Error`,
  };
}

const exportTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * A query's answer as a file: the same request with `Accept` asking CSV or a workbook, which
 * query-api answers with its one serializer (query-api/README.md "Exports"), saved under the
 * name the server gives. A failure answers JSON in the envelope, whose message is shown.
 */
export async function consoleExport(
  apiKey: string,
  locale: 'cn' | 'en',
  path: string,
  /** The query's body; undefined for a GET (the portfolio). */
  body: unknown,
  format: keyof typeof exportTypes,
): Promise<{ ok: boolean; message: string }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Accept: exportTypes[format],
        'Accept-Language': locale === 'en' ? 'en' : 'zh-CN',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...authorizationHeader(apiKey),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, message: 'Network Error' };
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => ({}))) as { message?: string };
    return { ok: false, message: failure.message || `${response.status} ${errorText(failure)}` };
  }
  // An interface whose answer has no table form (one answering in a convention of its own) answers JSON.
  if (!(response.headers.get('content-type') ?? '').startsWith(exportTypes[format])) {
    return { ok: false, message: `${response.status} ${response.headers.get('content-type') ?? ''}`.trim() };
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `answer.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true, message: '' };
}
