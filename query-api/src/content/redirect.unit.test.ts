import { describe, expect, it } from 'vitest';
import { loadPortalContent } from './operatorContent.ts';
import { judgeRedirect, redirectOrigins } from './redirect.ts';

describe('redirect helper (§7 api/transfer/redirect; README "Redirect helper")', () => {
  const sample = loadPortalContent();
  const content = {
    ...sample,
    site: {
      regionalSites: [{ id: 'huangshi' as const, main: false, cities: [], url: 'https://hs.example.org/' }],
      chat: { www: 'https://chat.example.org/www', other: 'https://kefu.example.org/other' },
      scanCodes: { consult: 'https://work.example.org/adviser' },
    },
  };
  const origins = redirectOrigins(content, ['https://portal.example.org']);

  it('sends a visitor to the portal own paths, its regional sites, chat page and scan-code targets', () => {
    expect(judgeRedirect('/zh/about.html?x=1', origins)).toEqual({ ok: true, url: '/zh/about.html?x=1' });
    expect(judgeRedirect('https://hs.example.org/?hasSetLocation=true', origins).ok).toBe(true);
    expect(judgeRedirect('https://work.example.org/adviser', origins).ok).toBe(true);
    expect(judgeRedirect('https://portal.example.org/index', origins)).toEqual({
      ok: true,
      url: 'https://portal.example.org/index',
    });
    expect(judgeRedirect('https://kefu.example.org/other', origins).ok).toBe(true);
  });

  it('refuses every other place: another host, a protocol-relative or backslashed path, script, credentials', () => {
    for (const target of [
      'https://evil.example.net/',
      '//evil.example.net/x',
      '/\\evil.example.net',
      'javascript:alert(1)',
      'https://user:pw@portal.example.org/',
      'https://portal.example.org.evil.example.net/',
      '',
      42,
      undefined,
    ]) {
      expect(judgeRedirect(target, origins), String(target)).toEqual({ ok: false });
    }
  });
});
