import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  analyticsScriptsOf,
  contentSecurityPolicy,
  inlineScriptsOf,
  portalPolicyOptions,
} from '@tradelog/schemas/runtime/contentSecurityPolicy';
import { port } from '@tradelog/schemas/runtime/env';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

// The dev server forwards the backends' prefixes so the portal talks to them same-origin,
// exactly as a reverse proxy does in production (deploy/). Ports come from the same env keys
// the services read.
const ingest = `http://127.0.0.1:${port(process.env, 'INGEST_PORT', 8080)}`;
const queryApi = `http://127.0.0.1:${port(process.env, 'QUERY_API_PORT', 8082)}`;

// The services' interactive API references (GET /docs, /openapi.json), mounted under a prefix.
const reference = {
  '/api-reference/ingest': {
    target: ingest,
    rewrite: (path: string) => path.replace(/^\/api-reference\/ingest/, ''),
  },
  '/api-reference/query': {
    target: queryApi,
    rewrite: (path: string) => path.replace(/^\/api-reference\/query/, ''),
  },
};

/**
 * The pages' Content-Security-Policy (web/README.md "Content Security Policy") on every page the
 * development and preview servers answer themselves: the policy of
 * schemas/src/runtime/contentSecurityPolicy.ts, with the analytics hosts of the operator's
 * content file (PORTAL_CONTENT_FILE, as query-api reads it; default the shipped sample, which
 * names none). In development the page's inline script (React's refresh preamble) is allowed by
 * its hash, computed from the page as it is sent, and Vite's injected `<style>` elements by
 * 'unsafe-inline' for styles. Answers the proxy brings keep their own policy (Swagger UI's).
 */
function contentSecurityPolicyHeader(options: { development: boolean }): Connect.NextHandleFunction {
  const contentFile =
    process.env.PORTAL_CONTENT_FILE ||
    fileURLToPath(new URL('../query-api/content/portal-content.sample.json', import.meta.url));
  const analyticsScripts = analyticsScriptsOf(JSON.parse(readFileSync(contentFile, 'utf8')));
  return (_req, res: ServerResponse, next) => {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const body = args[0];
      if (
        !res.headersSent &&
        !res.hasHeader('content-security-policy') &&
        String(res.getHeader('content-type') ?? '').startsWith('text/html')
      ) {
        const html = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
        res.setHeader(
          'Content-Security-Policy',
          contentSecurityPolicy({
            ...portalPolicyOptions,
            analyticsScripts,
            inlineScripts: inlineScriptsOf(html),
            inlineStyles: options.development,
          }),
        );
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };
}

const contentSecurityPolicyPlugin: Plugin = {
  name: 'tradelog-content-security-policy',
  configureServer(server) {
    server.middlewares.use(contentSecurityPolicyHeader({ development: true }));
  },
  configurePreviewServer(server) {
    server.middlewares.use(contentSecurityPolicyHeader({ development: false }));
  },
};

export default defineConfig({
  plugins: [react(), contentSecurityPolicyPlugin],
  server: {
    proxy: {
      '/portal-api': queryApi,
      '/open': queryApi,
      '/ops': queryApi,
      '/subscriptions': queryApi,
      '/documents': queryApi,
      '/logistics': queryApi,
      '/api': ingest,
      '/tradelog': ingest,
      ...reference,
    },
  },
  preview: {
    proxy: {
      '/portal-api': queryApi,
      '/open': queryApi,
      '/ops': queryApi,
      '/subscriptions': queryApi,
      '/documents': queryApi,
      '/logistics': queryApi,
      '/api': ingest,
      '/tradelog': ingest,
      ...reference,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
