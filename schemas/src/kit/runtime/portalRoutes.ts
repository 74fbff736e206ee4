/**
 * Which service behind the portal's origin answers a path: what the reverse proxy in front of the
 * pages forwards (deploy/nginx.conf under Compose, the development and preview servers' proxy in
 * web/vite.config.ts under `npm start`, the browser suites' portal). One list for the three, so
 * that a path the browser suites reach is a path a user reaches. Every operation either service
 * describes is reachable at the portal's origin, not only what the pages call: the portal's API
 * reference (/api-reference/…/docs) sends "Try it out" there. deploy/nginx.unit.test.ts holds
 * nginx.conf to this list and every operation of both OpenAPI documents to its service (their
 * own /health, /ready, /metrics and /docs excepted). A prefix matches as nginx's prefix
 * locations and Vite's proxy keys do: the path starts with it. Any other path is a page.
 */
export type PortalService = 'ingest' | 'query-api';

export interface PortalRoute {
  prefix: string;
  service: PortalService;
}

/**
 * The routes with ingest's product (`INGEST_PRODUCT`, default `tradelog`) in the submission
 * paths of submission spec §7: `/api/v2/…`, `/{product}/{product}-order/…`, `/{product}-order/…`.
 */
export function portalRoutes(product = 'tradelog'): readonly PortalRoute[] {
  return [
    { prefix: '/portal-api/', service: 'query-api' },
    { prefix: '/open/', service: 'query-api' },
    { prefix: '/ops/', service: 'query-api' },
    { prefix: '/subscriptions', service: 'query-api' },
    { prefix: '/documents', service: 'query-api' },
    { prefix: '/logistics/', service: 'query-api' },
    { prefix: '/usage/', service: 'query-api' },
    // Two reference look-ups at the paths the query spec gives them (vessel archive, transport bill).
    { prefix: '/5666666', service: 'query-api' },
    { prefix: '/gjys', service: 'query-api' },
    { prefix: '/api/', service: 'ingest' },
    { prefix: `/${product}/`, service: 'ingest' },
    { prefix: `/${product}-order/`, service: 'ingest' },
  ];
}

/** The service that answers a path; undefined for a page of the portal. */
export function portalServiceOf(routes: readonly PortalRoute[], path: string): PortalService | undefined {
  return routes.find((route) => path.startsWith(route.prefix))?.service;
}
