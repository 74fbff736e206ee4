import { describe, expect, it } from 'vitest';
import {
  checkCallbackUrl,
  checkResolvedAddress,
  emptyAllowlist,
  parseAllowlist,
  redactCallbackUrl,
  refusedRangeOf,
} from './callbackTarget.ts';

describe('callback-target guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.7', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'this network'],
    ['::1', 'loopback'],
    ['fd00:ec2::254', 'unique local (cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local (cloud metadata)'],
    ['224.0.0.1', 'multicast'],
    // Every IPv6 form that embeds an IPv4, in hex and dotted spellings.
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local (cloud metadata)'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'link-local (cloud metadata)'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['::a9fe:a9fe', 'IPv4-compatible (deprecated)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['2002:7f00:1::', '6to4'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['64:ff9b:1::a9fe:a9fe', 'local NAT64'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedRangeOf(address)).toBe(range);
  });

  it.each([
    '93.184.216.34',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::ffff:93.184.216.34',
    '::ffff:0:93.184.216.34',
    '64:ff9b::8.8.8.8',
    '8.8.8.8',
  ])('lets the public address %s through', (address) => {
    expect(refusedRangeOf(address)).toBeUndefined();
  });

  it('checks literal addresses and localhost names at subscribe time, in every spelling the URL parser accepts', () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://2130706433/hook',
      'http://0x7f.1/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:0:127.0.0.1]/hook',
      'http://[0:0:0:0:0:ffff:169.254.169.254]/hook',
      'http://[64:ff9b::169.254.169.254]/hook',
      'http://169.254.169.254/latest/meta-data',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'http://metadata/computeMetadata',
      // A fully qualified name's trailing dot names the same host.
      'https://localhost./hook',
      'https://API.localhost./hook',
      'http://metadata./computeMetadata',
      'http://intranet./hook',
    ]) {
      expect(checkCallbackUrl(url, emptyAllowlist), url).toMatchObject({
        ok: false,
        code: 'CALLBACK_TARGET_REFUSED',
      });
    }
    expect(checkCallbackUrl('http://127.0.0.1:8080/hook', emptyAllowlist)).toMatchObject({
      reason: { cn: '127.0.0.1 是本机回环地址', en: '127.0.0.1 is a loopback address' },
    });
    expect(checkCallbackUrl('http://intranet/hook', emptyAllowlist)).toMatchObject({
      reason: { cn: 'intranet 不是公网域名', en: 'intranet is not a public host name' },
    });
    expect(checkCallbackUrl('https://erp.example.com/hooks?token=abc', emptyAllowlist)).toEqual({ ok: true });
    expect(checkCallbackUrl('https://93.184.216.34/hook', emptyAllowlist)).toEqual({ ok: true });
  });

  it('rejects URLs that are not http(s), too long, or carry credentials', () => {
    expect(checkCallbackUrl('ftp://example.com/x', emptyAllowlist)).toMatchObject({
      code: 'CALLBACK_URL_INVALID',
    });
    expect(checkCallbackUrl(`https://example.com/${'a'.repeat(240)}`, emptyAllowlist)).toMatchObject({
      code: 'CALLBACK_URL_INVALID',
    });
    expect(checkCallbackUrl('https://u:p@example.com/', emptyAllowlist)).toMatchObject({
      code: 'CALLBACK_URL_INVALID',
    });
    expect(checkCallbackUrl('not a url', emptyAllowlist)).toMatchObject({ code: 'CALLBACK_URL_INVALID' });
  });

  it('lets an operator allowlist host names and CIDRs', () => {
    const allow = parseAllowlist(['localhost', '127.0.0.0/8', '::1']);
    expect(checkCallbackUrl('http://127.0.0.1:9/x', allow)).toEqual({ ok: true });
    expect(checkCallbackUrl('http://localhost:9/x', allow)).toEqual({ ok: true });
    expect(checkCallbackUrl('http://localhost.:9/x', allow)).toEqual({ ok: true });
    expect(checkResolvedAddress('localhost.', '127.0.0.1', parseAllowlist(['localhost']))).toEqual({
      ok: true,
    });
    expect(checkCallbackUrl('http://[::1]:9/x', allow)).toEqual({ ok: true });
    expect(checkCallbackUrl('http://10.0.0.1/x', allow)).toMatchObject({ ok: false });
    expect(() => parseAllowlist(['example.com/8'])).toThrow();
  });

  it('checks every resolved address at delivery', () => {
    expect(checkResolvedAddress('hooks.example.com', '10.0.0.8', emptyAllowlist)).toMatchObject({
      ok: false,
      reason: {
        cn: 'hooks.example.com 解析到 10.0.0.8，是内网地址',
        en: 'hooks.example.com resolves to 10.0.0.8, a private address',
      },
    });
    expect(checkResolvedAddress('hooks.example.com', '93.184.216.34', emptyAllowlist)).toEqual({ ok: true });
    // A name resolving to an IPv6 form of a refused IPv4 is refused as that IPv4 would be.
    for (const address of ['::ffff:0:7f00:1', '::7f00:1', '64:ff9b::a9fe:a9fe'])
      expect(checkResolvedAddress('hooks.example.com', address, emptyAllowlist), address).toMatchObject({
        ok: false,
      });
    expect(checkResolvedAddress('hooks.example.com', '127.0.0.1', parseAllowlist(['127.0.0.1/32']))).toEqual({
      ok: true,
    });
  });

  it('redacts query-string values and credentials, keeping the parameter names', () => {
    expect(redactCallbackUrl('https://erp.example.com/hooks/express?token=7f3c9a&x=1#frag')).toBe(
      'https://erp.example.com/hooks/express?token=***&x=***',
    );
    expect(redactCallbackUrl('https://erp.example.com/hooks')).toBe('https://erp.example.com/hooks');
    expect(redactCallbackUrl('https://u:p@erp.example.com/h')).toBe('https://***:***@erp.example.com/h');
  });
});
