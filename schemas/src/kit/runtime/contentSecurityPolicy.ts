import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of every portal and console page (web/README.md "Content Security
 * Policy"), computed here once for each way they are served: the development server `npm start`
 * runs (web/vite.config.ts), Compose's nginx (deploy/nginx.conf, checked against this by
 * deploy/nginx.unit.test.ts), the browser tests' rig, and the services' Swagger UI pages
 * (openapi/serve.ts). Pure.
 *
 * Scripts, styles, images, fonts and requests come from the page's own origin only; no plugin
 * objects, no foreign `<base>`, forms post only to the origin, and no other site may frame the
 * page. The only hosts beyond it are those of the analytics scripts and the maps service an
 * operator configured (portal content `site.analytics.scripts`, `site.maps`, query-api content
 * README "Operator content"): they may load their scripts, styles, images and beacons, and
 * nothing else does.
 */
export interface PolicyOptions {
  /** The analytics script URLs the operator configured; their origins are allowed, none otherwise. */
  analyticsScripts?: readonly string[];
  /**
   * The maps service's sources (`mapSourcesOf`): the loader's origin and those it fetches code,
   * styles, tiles and data from. None without a maps service.
   */
  mapSources?: readonly string[];
  /** Inline scripts the page carries (the development server's React refresh preamble), allowed by hash. */
  inlineScripts?: readonly string[];
  /**
   * `<style>` elements and style attributes made at run time: the development server injects CSS
   * that way, and Swagger UI styles its parts so. The built portal needs none.
   */
  inlineStyles?: boolean;
}

/** Pure: the origins (`https://host[:port]`) of http(s) script URLs; anything else is left out. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {
      // Not a URL: the content file's schema refuses it at start; nothing to allow.
    }
  }
  return [...origins].sort();
}

/** Pure: the `'sha256-…'` source of an inline script's exact text. */
export const scriptHash = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Pure: the text of every inline `<script>` (one without `src`) of an HTML page, in order. */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\ssrc\s*=/i.test(` ${match[1]}`) && match[2]!.length > 0) scripts.push(match[2]!);
  }
  return scripts;
}

/**
 * The policy of the portal's and console's pages (the built and the development ones add nothing
 * to it but by hash). No page evaluates code: the console's document checks are compiled at build
 * time (schemas/src/documents/standaloneValidators.ts), so scripts need no 'unsafe-eval'.
 */
export const portalPolicyOptions: Readonly<PolicyOptions> = Object.freeze({});

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const maps = [...new Set(options.mapSources ?? [])].sort();
  const foreign = [...new Set([...originsOf(options.analyticsScripts ?? []), ...maps])];
  const hashes = [...new Set((options.inlineScripts ?? []).map(scriptHash))];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...foreign]],
    ['style-src', ["'self'", ...(options.inlineStyles ? ["'unsafe-inline'"] : []), ...maps]],
    ['img-src', ["'self'", 'data:', ...foreign]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...foreign]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Pure: the foreign sources a parsed portal content file configures (`site.analytics.scripts`,
 * `site.maps`), none when it names neither. Read by the serving paths that are not query-api and
 * so do not load the file through its checked loader (the development server, `npm run csp`).
 */
export function contentPolicyOptions(
  content: unknown,
): Pick<PolicyOptions, 'analyticsScripts' | 'mapSources'> {
  const site = (content as { site?: { analytics?: { scripts?: unknown }; maps?: unknown } } | null)?.site;
  const scripts = site?.analytics?.scripts;
  return {
    analyticsScripts: Array.isArray(scripts)
      ? scripts.filter((entry): entry is string => typeof entry === 'string')
      : [],
    mapSources: mapSourcesOf(site?.maps),
  };
}

/**
 * Pure: what the maps service (portal content `site.maps`) loads from: its loader's origin and
 * the sources it names. Sources are CSP host sources (`https://*.example.com`), kept as given
 * when they are one; the content file's schema refuses any other at start.
 */
export function mapSourcesOf(maps: unknown): string[] {
  const setting = maps as { script?: unknown; sources?: unknown } | null | undefined;
  if (typeof setting?.script !== 'string') return [];
  const loader = originsOf([setting.script.replaceAll(/\{(key|callback)\}/g, 'x')]);
  const sources = Array.isArray(setting.sources)
    ? setting.sources.filter(
        (entry): entry is string =>
          typeof entry === 'string' && /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:[0-9]{1,5})?$/.test(entry),
      )
    : [];
  return [...new Set([...loader, ...sources])].sort();
}
