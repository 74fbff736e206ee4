import { localizedError } from '@tradelog/schemas';
import type { RequestHandler } from 'express';

/**
 * Portal writes (codes, registration, login, logout, saved forms) accept JSON from the portal's
 * own origin only (README "Writes"). A third-party page can make a visitor's browser post a
 * form or a "simple" fetch (form-encoded, multipart, text/plain) without asking first; JSON
 * needs a CORS preflight we never grant. The browser's own `Origin` and `Sec-Fetch-Site` name
 * where a request comes from; a client that sends neither is not a browser acting for a visitor.
 *
 * The portal's origins are the one the request was addressed to and those configured
 * (PORTAL_ORIGINS). The addressed one is what the visitor's browser named: a trusted proxy
 * (TRUST_PROXY) says so in X-Forwarded-Proto and X-Forwarded-Host (Compose's nginx, a cluster's
 * ingress); any other peer's word is the connection's scheme and its Host. A proxy that names
 * another host and forwards nothing (the development server's, which `npm start` runs) needs
 * the portal's origins configured: `npm start` sets them (README "Writes").
 */
export type WriteVerdict = 'ok' | 'not-json' | 'cross-origin';

export interface WriteRequest {
  contentType: string | undefined;
  origin: string | undefined;
  fetchSite: string | undefined;
  /** `scheme://host` the request was addressed to (forwarded by a trusted proxy, else its own). */
  ownOrigin: string;
  /** Further origins the portal is served from (PORTAL_ORIGINS). */
  allowedOrigins: readonly string[];
}

/** Pure: whether a portal write may proceed. */
export function judgePortalWrite(request: WriteRequest): WriteVerdict {
  const mediaType = (request.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') return 'not-json';
  const allowed = (origin: string) => origin === request.ownOrigin || request.allowedOrigins.includes(origin);
  // "null" is an opaque origin (a sandboxed frame, a data: page): never ours.
  if (request.origin !== undefined && !allowed(request.origin)) return 'cross-origin';
  if (request.fetchSite !== undefined && request.fetchSite !== 'same-origin') {
    // A sibling host we serve from (same-site) passes only when its Origin is configured.
    if (request.origin === undefined || request.origin === request.ownOrigin || !allowed(request.origin))
      return 'cross-origin';
  }
  return 'ok';
}

export function portalWriteGuard(allowedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    const verdict = judgePortalWrite({
      contentType: req.get('content-type'),
      origin: req.get('origin'),
      fetchSite: req.get('sec-fetch-site'),
      // Express reads X-Forwarded-Proto and X-Forwarded-Host only from a trusted proxy ('trust proxy', app.ts).
      ownOrigin: `${req.protocol}://${req.host ?? ''}`,
      allowedOrigins,
    });
    if (verdict === 'ok') return next();
    next(
      verdict === 'not-json'
        ? localizedError('PORTAL_WRITE_NOT_JSON', 415, {
            cn: '请求须为 JSON（application/json）',
            en: 'Portal writes must be JSON (application/json)',
          })
        : localizedError('PORTAL_WRITE_CROSS_ORIGIN', 403, {
            cn: '只接受来自本站页面的请求',
            en: "Only the portal's own pages may send this request",
          }),
    );
  };
}
