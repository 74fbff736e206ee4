import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Router } from 'express';
import type { OpenApiDocument } from '../../openapi/document.ts';
import { swaggerUiAssets } from '../../openapi/referenceAssets.ts';
import { contentSecurityPolicy } from '../runtime/contentSecurityPolicy.ts';

/**
 * `GET /openapi.json` and the interactive reference at `/docs` for a service. The reference is
 * Swagger UI from the `swagger-ui-dist` package, served from node_modules: no CDN, so it works
 * offline and behind a firewall. Paths are relative to `/docs`, so a reverse proxy may mount a
 * service under a prefix (the portal serves them at /api-reference/{ingest,query}/docs). The page's own script (not inline: a strict CSP can forbid
 * inline scripts) points Swagger UI at this service's document.
 */
const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/swagger-ui-standalone-preset.js"></script>
<script src="docs/reference.js"></script>
</body>
</html>
`;
}

const initializer = `window.ui = SwaggerUIBundle({
  // Relative to the page, so the reference also works behind a path prefix (the portal's proxy).
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#reference',
  deepLinking: true,
  // The key typed into Authorize stays in this page's memory, never in localStorage: the
  // portal's origin may load an operator's analytics scripts (web/README.md "Console").
  persistAuthorization: false,
  tryItOutEnabled: true,
  // No badge from validator.swagger.io: the page loads nothing from another origin (its CSP).
  validatorUrl: null,
  displayRequestDuration: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'BaseLayout',
});
`;

export function createOpenApiRouter(document: OpenApiDocument): Router {
  const router = express.Router();
  const json = JSON.stringify(document);
  const html = page(`${String(document.info.title)} — API reference`);
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  // The page's scripts are files of this router; Swagger UI styles its parts at run time.
  const policy = contentSecurityPolicy({ inlineStyles: true });
  router.get('/docs', (_req, res) => {
    res.type('html').set('Content-Security-Policy', policy).send(html);
  });
  const files = new Map<string, { type: string; body: Buffer | string }>([
    ['reference.js', { type: 'application/javascript', body: initializer }],
    ...swaggerUiAssets.map((asset): [string, { type: string; body: Buffer }] => [
      asset,
      { type: asset.split('.').pop()!, body: readFileSync(join(swaggerDir, asset)) },
    ]),
  ]);
  router.get('/docs/:asset', (req, res, next) => {
    const file = files.get(req.params.asset);
    if (!file) return next();
    res.type(file.type).set('Cache-Control', 'public, max-age=3600').send(file.body);
  });
  return router;
}
