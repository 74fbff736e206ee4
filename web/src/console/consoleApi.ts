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
