import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentPolicyOptions,
  contentSecurityPolicy,
  inlineScriptsOf,
  mapSourcesOf,
  originsOf,
  portalPolicyOptions,
} from './contentSecurityPolicy.ts';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

describe('the pages’ Content-Security-Policy (web/README.md "Content Security Policy")', () => {
  it('allows the own origin only when no analytics are configured', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    );
    expect(contentSecurityPolicy({ analyticsScripts: [] })).toBe(contentSecurityPolicy());
  });

  it('lets no portal page evaluate strings or run inline scripts', () => {
    expect(directives(contentSecurityPolicy(portalPolicyOptions))['script-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy(portalPolicyOptions)).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('adds the configured analytics origins to scripts, images and requests, nowhere else', () => {
    const policy = directives(
      contentSecurityPolicy({
        analyticsScripts: [
          'https://hm.baidu.com/hm.js?abc',
          'https://hm.baidu.com/other.js',
          'http://stats.example.com:8443/s.js',
          'javascript:alert(1)',
          'not a url',
        ],
      }),
    );
    const analytics = ['http://stats.example.com:8443', 'https://hm.baidu.com'];
    expect(policy['script-src']).toEqual(["'self'", ...analytics]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', ...analytics]);
    expect(policy['connect-src']).toEqual(["'self'", ...analytics]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
  });

  it('allows the page’s inline scripts by their hash, and inline styles only when asked', () => {
    const preamble = 'import { injectIntoGlobalHook } from "/@react-refresh";\ninjectIntoGlobalHook(window);';
    const hash = createHash('sha256').update(preamble).digest('base64');
    const policy = directives(
      contentSecurityPolicy({ inlineScripts: [preamble, preamble], inlineStyles: true }),
    );
    expect(policy['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('finds the inline scripts of a page, not the ones with a source', () => {
    const html = `<html><head><script type="module">one();</script>
<script type="module" src="/@vite/client"></script><SCRIPT>two();</SCRIPT><script></script></head></html>`;
    expect(inlineScriptsOf(html)).toEqual(['one();', 'two();']);
  });

  it('reads the analytics scripts and maps sources of a content file, none when it configures none', () => {
    expect(
      contentPolicyOptions({ site: { analytics: { hosts: ['a'], scripts: ['https://x.test/a.js', 3] } } }),
    ).toEqual({ analyticsScripts: ['https://x.test/a.js'], mapSources: [] });
    expect(contentPolicyOptions({ site: {} })).toEqual({ analyticsScripts: [], mapSources: [] });
    expect(contentPolicyOptions(null)).toEqual({ analyticsScripts: [], mapSources: [] });
    expect(originsOf(['ftp://x.test/a'])).toEqual([]);
  });

  it('allows the maps service only where configured: its loader and the sources it names (web/README.md "Maps")', () => {
    const maps = {
      script: 'https://api.maps.test/api?v=1.0&ak={key}&callback={callback}',
      key: 'k',
      sources: [
        'https://*.tiles.test',
        'https://api.maps.test',
        'javascript:alert(1)',
        'https://a.test/path',
      ],
      office: { lng: 114.06, lat: 22.54 },
    };
    const sources = mapSourcesOf(maps);
    expect(sources).toEqual(['https://*.tiles.test', 'https://api.maps.test']);
    const policy = directives(contentSecurityPolicy({ mapSources: sources }));
    for (const name of ['script-src', 'style-src', 'img-src', 'connect-src'])
      expect(policy[name], name).toEqual(expect.arrayContaining(sources));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['font-src']).toEqual(["'self'", 'data:']);
    // Without a maps service nothing foreign is allowed.
    expect(contentSecurityPolicy({ mapSources: mapSourcesOf(undefined) })).toBe(contentSecurityPolicy());
  });
});
