/**
 * The site's request helper (portal spec §7, §8). GET and DELETE send their data as query
 * parameters; other methods send a form-encoded body unless `json` is set; the current
 * language is added to every payload; statuses below 400 are accepted and the response is
 * unwrapped to its body. Error texts follow §8 exactly.
 */
export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
export type Payload = Record<string, unknown>;

export interface RequestOptions {
  method?: Method;
  url: string;
  data?: Payload;
  json?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface RequestDeps {
  /** The site's API root (portal content API prefix), e.g. `/portal-api`. */
  baseUrl: string;
  fetch: typeof fetch;
  language: () => string;
}

export class RequestError extends Error {
  readonly status: number | undefined;
  readonly body: unknown;
  constructor(message: string, status: number | undefined, body: unknown) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.body = body;
  }
}

export const networkErrorText = 'Network Error';

/** §8: first message of an `errors` object, else `msg`, else `message`, else "Network Error". */
export function errorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const errors = record.errors;
    if (errors && typeof errors === 'object') {
      for (const value of Object.values(errors as Record<string, unknown>)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string' && first !== '') return first;
      }
    }
    if (typeof record.msg === 'string' && record.msg !== '') return record.msg;
    if (typeof record.message === 'string' && record.message !== '') return record.message;
  }
  return networkErrorText;
}

function encodeForm(data: Payload): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
}

export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function createRequest(deps: RequestDeps) {
  return async function request<T = unknown>(options: RequestOptions): Promise<T> {
    const method = options.method ?? 'GET';
    const data: Payload = { ...(options.data ?? {}), lang: deps.language() };
    let url = joinUrl(deps.baseUrl, options.url);
    const headers: Record<string, string> = { Accept: 'application/json', ...(options.headers ?? {}) };
    let body: string | undefined;
    if (method === 'GET' || method === 'DELETE') {
      const query = encodeForm(data).toString();
      url += (url.includes('?') ? '&' : '?') + query;
    } else if (options.json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = encodeForm(data).toString();
    }
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      throw new RequestError(networkErrorText, undefined, error);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // A non-JSON body (an HTML error page from a proxy) is kept as text.
    }
    if (response.status >= 400) {
      // §8: "a non-accepted status becomes an error with the server msg or 'Error'".
      const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      const message =
        typeof record.msg === 'string' && record.msg !== '' ? record.msg : errorTextOrDefault(parsed);
      throw new RequestError(message, response.status, parsed);
    }
    return parsed as T;
  };
}

function errorTextOrDefault(body: unknown): string {
  const text = errorText(body);
  return text === networkErrorText ? 'Error' : text;
}

export type Request = ReturnType<typeof createRequest>;

/**
 * Content calls answer `{result, msg, data}` (§7: "result equal to 1 and a data list"); a result
 * other than 1 is a failure whose text §8 picks.
 */
export async function contentCall<T>(request: Request, options: RequestOptions): Promise<T> {
  const body = await request<{ result?: number; data?: T }>(options);
  if (body?.result !== 1) throw new RequestError(errorText(body), 200, body);
  return body.data as T;
}
