import type { PortalContent } from '@tradelog/schemas/portal/content';

/**
 * §7 `api/transfer/redirect` ("redirect helper, payload is the target url"). A helper that sends
 * a visitor wherever a payload says is an open redirect: a link on our domain that lands on a
 * phishing page. So the target must be one of the places the portal itself links to — a path on
 * the portal's own site, a regional site, the chat page or a scan-code target of the operator's
 * settings, or one of the portal's origins (PORTAL_ORIGINS) — and anything else is refused
 * (README "Redirect helper"). Pure: the router passes the settings in.
 */
export type RedirectVerdict = { ok: true; url: string } | { ok: false };

export function redirectOrigins(content: PortalContent, portalOrigins: readonly string[]): Set<string> {
  const { site } = content;
  const addresses = [
    ...site.regionalSites.flatMap((regional) => (regional.url ? [regional.url] : [])),
    ...(site.chat ? [site.chat.www, site.chat.other] : []),
    ...Object.values(site.scanCodes ?? {}),
    ...portalOrigins,
  ];
  const origins = new Set<string>();
  for (const address of addresses) {
    try {
      origins.add(new URL(address).origin);
    } catch {
      // The content file's addresses are checked as URIs at start; a bad PORTAL_ORIGINS entry adds nothing.
    }
  }
  return origins;
}

export function judgeRedirect(target: unknown, origins: ReadonlySet<string>): RedirectVerdict {
  if (typeof target !== 'string' || target === '' || target.length > 2000) return { ok: false };
  // A path of the portal's own: one leading slash, never `//host` or `/\host`, which browsers read as another host.
  if (/^\/(?![/\\])/.test(target) && !/[\s\\]/.test(target)) return { ok: true, url: target };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false };
  if (url.username !== '' || url.password !== '') return { ok: false };
  return origins.has(url.origin) ? { ok: true, url: url.href } : { ok: false };
}
