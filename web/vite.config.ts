import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { documentValidatorModules } from '@tradelog/schemas/documents/standaloneValidators';
import {
  contentPolicyOptions,
  contentSecurityPolicy,
  inlineScriptsOf,
  portalPolicyOptions,
} from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';
import { port } from '@tradelog/schemas/kit/runtime/env';
import { portalRoutes } from '@tradelog/schemas/kit/runtime/portalRoutes';
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
 * schemas/src/kit/runtime/contentSecurityPolicy.ts, with the analytics and maps hosts of the operator's
 * content file (PORTAL_CONTENT_FILE, as query-api reads it; default the shipped sample, which
 * names none). Answers the proxy brings replace it with their own (Swagger UI's).
 */
function foreignSourcesConfigured(): ReturnType<typeof contentPolicyOptions> {
  const contentFile =
    process.env.PORTAL_CONTENT_FILE ||
    fileURLToPath(new URL('../query-api/content/portal-content.sample.json', import.meta.url));
  return contentPolicyOptions(JSON.parse(readFileSync(contentFile, 'utf8')));
}

/**
 * Development: the page's inline script (React's refresh preamble) is allowed by its hash,
 * computed from the page as it is sent (Vite sends a page whole, with `end`), and Vite's
 * injected `<style>` elements by 'unsafe-inline' for styles.
 */
function developmentPolicy(): Connect.NextHandleFunction {
  const foreign = foreignSourcesConfigured();
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
            ...foreign,
            inlineScripts: inlineScriptsOf(html),
            inlineStyles: true,
          }),
        );
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };
}

/** Preview: the built pages carry no inline script or style; one policy, set before the file is streamed. */
function previewPolicy(): Connect.NextHandleFunction {
  const policy = contentSecurityPolicy({
    ...portalPolicyOptions,
    ...foreignSourcesConfigured(),
  });
  return (_req, res: ServerResponse, next) => {
    res.setHeader('Content-Security-Policy', policy);
    next();
  };
}

const contentSecurityPolicyPlugin: Plugin = {
  name: 'tradelog-content-security-policy',
  configureServer(server) {
    server.middlewares.use(developmentPolicy());
  },
  configurePreviewServer(server) {
    server.middlewares.use(previewPolicy());
  },
};

/**
 * `virtual:document-validators`: the partner console's document checks, compiled ahead of time
 * from the schemas ingest uses (schemas/src/documents/standaloneValidators.ts), so no page
 * compiles code at run time and the policy above needs no 'unsafe-eval'. The module maps each
 * document type to a loader of its own module (`virtual:document-validators/<type>`), a chunk
 * of its own: a page loads the validator of the type its partner picked. Compiled once per
 * server start or build.
 */
const validatorsId = 'virtual:document-validators';
let validatorModules: Record<string, string> | undefined;
const documentValidatorsPlugin: Plugin = {
  name: 'tradelog-document-validators',
  resolveId: (source) => (source.startsWith(validatorsId) ? `\0${source}` : undefined),
  load(id) {
    if (!id.startsWith(`\0${validatorsId}`)) return undefined;
    validatorModules ??= documentValidatorModules();
    if (id === `\0${validatorsId}`)
      return `export default {\n${Object.keys(validatorModules)
        .map(
          (type) => `  ${JSON.stringify(type)}: () => import(${JSON.stringify(`${validatorsId}/${type}`)}),`,
        )
        .join('\n')}\n};`;
    const source = validatorModules[id.slice(`\0${validatorsId}/`.length)];
    if (source === undefined) this.error(`no document type ${id.slice(`\0${validatorsId}/`.length)}`);
    return source;
  },
};

/**
 * The services' paths (schemas/src/kit/runtime/portalRoutes.ts, as deploy/nginx.conf forwards
 * them), proxied alike by the dev server and the preview of the build.
 */
const services = { ingest, 'query-api': queryApi };
const proxy = {
  ...Object.fromEntries(
    portalRoutes(process.env.INGEST_PRODUCT || undefined).map((route) => [
      route.prefix,
      services[route.service],
    ]),
  ),
  ...reference,
};

export default defineConfig({
  plugins: [react(), contentSecurityPolicyPlugin, documentValidatorsPlugin],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
