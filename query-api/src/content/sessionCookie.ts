/**
 * The portal's session cookie (README "Sessions"): set by the server only, `HttpOnly` so no
 * script on the page can read or leak the token, `SameSite=Lax` so a third-party page's
 * requests do not carry it, and `Secure` when the portal is served over TLS (directly, or
 * `X-Forwarded-Proto: https` from the trusted proxy: Express's `req.secure`). Its name is the
 * spec's `SESSION` (portal spec §3); it ends when the server session ends.
 */
export const sessionCookieName = 'SESSION';

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export function sessionCookie(
  token: string,
  options: { expiresAt: Date; now: Date; secure: boolean },
): string {
  const maxAge = Math.max(0, Math.floor((options.expiresAt.getTime() - options.now.getTime()) / 1000));
  return `${sessionCookieName}=${encodeURIComponent(token)}; Max-Age=${maxAge}; ${attributes(options.secure)}`;
}

/** Tells the browser to forget the cookie (logout; a session the server no longer knows). */
export function endedSessionCookie(secure: boolean): string {
  return `${sessionCookieName}=; Max-Age=0; ${attributes(secure)}`;
}

/** The token of a `Cookie` header's SESSION; undefined when absent or empty. */
export function sessionFromCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== sessionCookieName) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
