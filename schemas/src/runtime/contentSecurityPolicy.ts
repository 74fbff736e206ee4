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
 * page. The only hosts beyond it are those of the analytics scripts an operator configured
 * (portal content `site.analytics.scripts`, query-api content README "Operator content"): they
 * may load their script, images and beacons, and nothing else does.
 */
export interface PolicyOptions {
  /** The analytics script URLs the operator configured; their origins are allowed, none otherwise. */
  analyticsScripts?: readonly string[];
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
  const analytics = originsOf(options.analyticsScripts ?? []);
  const hashes = [...new Set((options.inlineScripts ?? []).map(scriptHash))];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...analytics]],
    ['style-src', ["'self'", ...(options.inlineStyles ? ["'unsafe-inline'"] : [])]],
    ['img-src', ["'self'", 'data:', ...analytics]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...analytics]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Pure: the analytics script URLs of a parsed portal content file (`site.analytics.scripts`),
 * none when it configures no analytics. Read by the serving paths that are not query-api and
 * so do not load the file through its checked loader (the development server).
 */
export function analyticsScriptsOf(content: unknown): string[] {
  const scripts = (content as { site?: { analytics?: { scripts?: unknown } } } | null)?.site?.analytics
    ?.scripts;
  return Array.isArray(scripts) ? scripts.filter((entry): entry is string => typeof entry === 'string') : [];
}
