import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentSecurityPolicy,
  portalPolicyOptions,
} from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';
import { describe, expect, it } from 'vitest';

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
