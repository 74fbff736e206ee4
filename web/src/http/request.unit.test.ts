import { describe, expect, it } from 'vitest';
import { contentCall, createRequest, errorText } from './request.ts';

type Seen = { url: string; init: RequestInit };

function fakeServer(status: number, body: unknown) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

describe('errorText (§8)', () => {
  it('prefers the first message of errors, then msg, then message, then Network Error', () => {
    expect(errorText({ errors: { phone: ['请输入正确手机号', 'x'] }, msg: 'm' })).toBe('请输入正确手机号');
    expect(errorText({ msg: 'Fail to join', message: 'other' })).toBe('Fail to join');
    expect(errorText({ message: 'Message failed' })).toBe('Message failed');
    expect(errorText(undefined)).toBe('Network Error');
    expect(errorText('<html>')).toBe('Network Error');
  });
});

describe('createRequest (§7)', () => {
  it('adds the language to GET query parameters', async () => {
    const server = fakeServer(200, { result: 1, data: [1] });
    const request = createRequest({ baseUrl: '/portal-api/', fetch: server.fetchImpl, language: () => 'en' });
    await request({ url: 'api/front/confront/products.do', data: { dataType: 'customs' } });
    expect(server.seen[0]!.url).toBe('/portal-api/api/front/confront/products.do?dataType=customs&lang=en');
    expect(server.seen[0]!.init.body).toBeUndefined();
  });

  it('form-encodes POST bodies unless json is set', async () => {
    const server = fakeServer(200, { ok: true });
    const request = createRequest({ baseUrl: '/portal-api', fetch: server.fetchImpl, language: () => 'cn' });
    await request({ method: 'POST', url: '/helpAndRuleCenter/index', data: { columnId: 4218 } });
    expect(server.seen[0]!.init.body).toBe('columnId=4218&lang=cn');
    await request({ method: 'POST', url: 'x', data: { a: { b: 1 } }, json: true });
    expect(JSON.parse(server.seen[1]!.init.body as string)).toEqual({ a: { b: 1 }, lang: 'cn' });
    expect((server.seen[1]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns statuses of 400 and above into errors with the server msg or "Error"', async () => {
    const withMsg = fakeServer(500, { msg: 'The request failed. Please try again.' });
    const request = createRequest({ baseUrl: '', fetch: withMsg.fetchImpl, language: () => 'en' });
    await expect(request({ url: 'x' })).rejects.toThrow('The request failed. Please try again.');
    const bare = fakeServer(502, '<html>bad gateway</html>');
    const request2 = createRequest({ baseUrl: '', fetch: bare.fetchImpl, language: () => 'en' });
    await expect(request2({ url: 'x' })).rejects.toMatchObject({ message: 'Error', status: 502 });
  });

  it('reports a failed fetch as Network Error', async () => {
    const request = createRequest({
      baseUrl: '',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
      language: () => 'cn',
    });
    await expect(request({ url: 'x' })).rejects.toMatchObject({
      name: 'RequestError',
      message: 'Network Error',
      status: undefined,
    });
  });

  it('unwraps content results and fails when result is not 1', async () => {
    const ok = fakeServer(200, { result: 1, data: { list: [] } });
    const request = createRequest({ baseUrl: '', fetch: ok.fetchImpl, language: () => 'cn' });
    await expect(contentCall(request, { url: 'x' })).resolves.toEqual({ list: [] });
    const bad = fakeServer(200, { result: 0, msg: 'Fail to join' });
    const request2 = createRequest({ baseUrl: '', fetch: bad.fetchImpl, language: () => 'cn' });
    await expect(contentCall(request2, { url: 'x' })).rejects.toThrow('Fail to join');
  });
});
