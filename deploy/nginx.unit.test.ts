import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import {
  contentSecurityPolicy,
  portalPolicyOptions,
} from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';
import { portalRoutes, portalServiceOf } from '@tradelog/schemas/kit/runtime/portalRoutes';
import { serviceOperations } from '@tradelog/schemas/openapi/serviceOperations';
import { describe, expect, it } from 'vitest';
import { interfacePath } from '../ingest/src/intake/interfaces.ts';
import { ingestOpenApi } from '../ingest/src/openapi.ts';
import { queryApiOpenApi } from '../query-api/src/openapi.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe('Compose nginx: the pages’ Content-Security-Policy (web/README.md "Content Security Policy")', () => {
  const conf = readFileSync(here('./nginx.conf'), 'utf8');

  it('sends the computed policy, without analytics hosts, on every page of the portal and console', () => {
    const pages = /location \/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    const header = /add_header Content-Security-Policy "([^"]+)" always;/.exec(pages)?.[1];
    expect(header).toBe(contentSecurityPolicy(portalPolicyOptions));
    expect(pages).toContain('try_files $uri /index.html;');
    // Only that location adds headers, so no other location silently drops it (nginx inherits
    // add_header only into locations that set none) and the services' pages keep their own.
    expect(conf.match(/add_header/g)).toHaveLength(1);
  });

  it('`npm run csp` prints the policy for an operator’s content file, with its analytics origins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tradelog-csp-'));
    try {
      const file = join(dir, 'content.json');
      writeFileSync(
        file,
        JSON.stringify({
          site: { analytics: { hosts: ['www.example.com'], scripts: ['https://hm.baidu.com/hm.js?x'] } },
        }),
      );
      const printed = (args: string[]) =>
        execFileSync(process.execPath, [here('./csp.ts'), ...args], {
          encoding: 'utf8',
          env: { ...process.env, PORTAL_CONTENT_FILE: '' },
        }).trim();
      expect(printed([file])).toBe(
        contentSecurityPolicy({ ...portalPolicyOptions, analyticsScripts: ['https://hm.baidu.com/hm.js?x'] }),
      );
      // The shipped sample configures none: what nginx.conf sends.
      expect(printed([])).toBe(contentSecurityPolicy(portalPolicyOptions));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The portal's routes (schemas/src/kit/runtime/portalRoutes.ts) are what users reach: Compose's
 * nginx forwards exactly them, the development server and the browser suites' portal are built
 * from them, and every operation the two services describe goes to the service that serves it.
 */
describe('the portal’s routes to the services', () => {
  const routes = portalRoutes();
  const conf = readFileSync(here('./nginx.conf'), 'utf8');

  it('are the locations Compose’s nginx forwards to ingest and the query API', () => {
    const forwarded = [
      ...conf.matchAll(/location (\S+) \{ proxy_pass http:\/\/(ingest|query-api):\d+; \}/g),
    ].map(([, prefix, service]) => ({ prefix: prefix as string, service: service as string }));
    const byPrefix = (a: { prefix: string }, b: { prefix: string }) => a.prefix.localeCompare(b.prefix);
    expect(forwarded.sort(byPrefix)).toEqual([...routes].sort(byPrefix));
  });

  /** A path template's concrete form: each `{parameter}` one segment. */
  const concrete = (template: string) => template.replaceAll(/\{[^}]+\}/g, 'x');
  const ownPaths = (paths: Record<string, unknown>) => {
    const serviceOwn = new Set(serviceOperations('any').map((operation) => operation.path));
    return Object.keys(paths).filter((path) => !serviceOwn.has(path));
  };

  it('send every submission interface to ingest', () => {
    const document = ingestOpenApi(
      documentTypes.map((type) => ({ id: type.id, path: interfacePath(type.path, 'tradelog') })),
      1024,
    );
    const paths = ownPaths(document.paths);
    expect(paths.length).toBe(documentTypes.length);
    for (const path of paths)
      expect([path, portalServiceOf(routes, concrete(path))]).toEqual([path, 'ingest']);
    // Another product names other submission paths, routed alike.
    const acme = portalRoutes('acme');
    expect(portalServiceOf(acme, '/acme-order/api/v2/doc/clearance/accept')).toBe('ingest');
    expect(portalServiceOf(acme, '/tradelog-order/api/v2/doc/clearance/accept')).toBeUndefined();
  });

  it('send every query API operation to the query API, and a page to neither', () => {
    const paths = ownPaths(queryApiOpenApi({ product: 'tradelog' }).paths);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths)
      expect([path, portalServiceOf(routes, concrete(path))]).toEqual([path, 'query-api']);
    expect(portalServiceOf(routes, '/en/console/partner')).toBeUndefined();
  });
});
