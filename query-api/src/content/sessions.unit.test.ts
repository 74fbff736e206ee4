import { describe, expect, it } from 'vitest';
import { leadSender } from './accounts.ts';
import { endedSessionCookie, sessionCookie, sessionFromCookies } from './sessionCookie.ts';
import { judgePortalWrite, type WriteRequest } from './writeGuard.ts';

describe('session cookie (README "Sessions")', () => {
  const now = new Date(Date.UTC(2026, 0, 1));
  it('is HttpOnly and SameSite=Lax, Secure only over TLS, and ends with the server session', () => {
    const expiresAt = new Date(now.getTime() + 86_400_000);
    expect(sessionCookie('a b', { expiresAt, now, secure: false })).toBe(
      'SESSION=a%20b; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(sessionCookie('t', { expiresAt, now, secure: true })).toMatch(/; Secure$/);
    expect(endedSessionCookie(false)).toBe('SESSION=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });
  it('reads the SESSION pair of a Cookie header', () => {
    expect(sessionFromCookies('a=1; SESSION=tok%2Fen; b=2')).toBe('tok/en');
    expect(sessionFromCookies('XSESSION=1; SESSION=')).toBeUndefined();
    expect(sessionFromCookies(undefined)).toBeUndefined();
    expect(sessionFromCookies('SESSION=%E0%A4%A')).toBeUndefined();
  });
});

describe('portal writes: JSON from the own origin only (README "Writes")', () => {
  const own = 'https://portal.example';
  const write = (over: Partial<WriteRequest>): WriteRequest => ({
    contentType: 'application/json',
    origin: undefined,
    fetchSite: undefined,
    ownOrigin: own,
    allowedOrigins: [],
    ...over,
  });
  it('lets the portal’s own pages and non-browser clients through', () => {
    expect(judgePortalWrite(write({ origin: own, fetchSite: 'same-origin' }))).toBe('ok');
    expect(judgePortalWrite(write({ contentType: 'application/json; charset=utf-8' }))).toBe('ok');
    expect(
      judgePortalWrite(
        write({
          origin: 'https://www.portal.example',
          fetchSite: 'same-site',
          allowedOrigins: ['https://www.portal.example'],
        }),
      ),
    ).toBe('ok');
  });
  it('refuses the bodies a cross-site form can send without asking', () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      undefined,
    ])
      expect(judgePortalWrite(write({ contentType, origin: own }))).toBe('not-json');
  });
  it('refuses other origins, opaque ones and cross-site fetches', () => {
    expect(judgePortalWrite(write({ origin: 'https://evil.example' }))).toBe('cross-origin');
    expect(judgePortalWrite(write({ origin: 'null' }))).toBe('cross-origin');
    expect(judgePortalWrite(write({ fetchSite: 'cross-site' }))).toBe('cross-origin');
    expect(judgePortalWrite(write({ origin: own, fetchSite: 'same-site' }))).toBe('cross-origin');
  });
  it('takes a page served through a proxy that names another host only when its origin is configured', () => {
    // The development server forwards /portal-api as 127.0.0.1:8082; the page is on :5173.
    const devServer = write({
      origin: 'http://127.0.0.1:5173',
      fetchSite: 'same-origin',
      ownOrigin: 'http://127.0.0.1:8082',
    });
    expect(judgePortalWrite(devServer)).toBe('cross-origin');
    expect(
      judgePortalWrite({ ...devServer, allowedOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'] }),
    ).toBe('ok');
    // TLS ended at a proxy that is not trusted: the request looks plain http to us.
    const untrustedTls = write({ origin: own, fetchSite: 'same-origin', ownOrigin: 'http://portal.example' });
    expect(judgePortalWrite(untrustedTls)).toBe('cross-origin');
    expect(judgePortalWrite({ ...untrustedTls, allowedOrigins: [own] })).toBe('ok');
  });
});

describe('lead senders (README "Leads")', () => {
  const account = { phone: '13912345678', name: '李明', companyName: '前海', grantedRole: null };
  it('is the account when logged in, whatever the form says', () => {
    expect(leadSender({ name: '别人', phone: '13800000000' }, account)).toEqual({
      accountPhone: '13912345678',
      name: '李明',
      phone: '13912345678',
    });
  });
  it('is the name and phone an anonymous form gives', () => {
    expect(leadSender({ contactPerson: '王芳', phone: '020-87654321' }, null)).toEqual({
      accountPhone: null,
      name: '王芳',
      phone: '020-87654321',
    });
    expect(leadSender({ content: 'x' }, null)).toEqual({ accountPhone: null, name: null, phone: null });
  });
});
