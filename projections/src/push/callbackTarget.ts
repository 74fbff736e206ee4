import { BlockList, isIP } from 'node:net';

/**
 * The callback-target guard: pushes must not be turned against our own network. A
 * callback URL naming a loopback, private, link-local, CGNAT, unique-local or metadata address is
 * refused when the subscription is made (literal addresses and `localhost` names) and again at
 * delivery, on every address the host name resolves to (`checkResolvedAddress`, called from the
 * socket's lookup so the checked address is the one connected to: no DNS-rebinding gap).
 *
 * An operator allowlist (host names, or CIDRs) lets development and tests call receivers on
 * loopback. Pure: no I/O, used by query-api at subscribe time and by the push worker.
 */

export interface CallbackAllowlist {
  hosts: readonly string[];
  ranges: BlockList;
  entries: readonly string[];
}

/** Why a target is refused, in each language: the subscriber reads it in theirs, logs take the English. */
export interface Reason {
  cn: string;
  en: string;
}

export type TargetVerdict =
  | { ok: true }
  | { ok: false; code: 'CALLBACK_URL_INVALID' | 'CALLBACK_TARGET_REFUSED'; reason: Reason };

export const maxCallbackUrlLength = 255;

const refusedV4: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const refusedV6: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // ::a.b.c.d, deprecated (RFC 4291 §2.5.5.1): no translator uses it, so none of it is a target.
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['100::', 64, 'discard'],
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['fc00::', 7, 'unique local (cloud metadata)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const refusedRanges = refusedV4.map(([network, prefix, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, 'ipv4');
  return { list, family: 'ipv4' as const, name };
});
const refusedRanges6 = refusedV6.map(([network, prefix, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, 'ipv6');
  return { list, family: 'ipv6' as const, name };
});

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included). */
function hextets(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The IPv4 target an IPv6 address stands for, judged by the IPv4 ranges (a public one passes):
 * IPv4-mapped ::ffff:a.b.c.d (RFC 4291 §2.5.5.2), IPv4-translated ::ffff:0:a.b.c.d (SIIT, RFC
 * 7915) and the NAT64 well-known prefix 64:ff9b::a.b.c.d (RFC 6052). Other forms that carry an
 * IPv4 are refused whole by their ranges: IPv4-compatible ::/96, 6to4 2002::/16 (its IPv4 in the
 * second and third groups), Teredo 2001::/32 and local-use NAT64 64:ff9b:1::/48.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = hextets(address);
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const mapped = zeros(0, 5) && groups[5] === 0xffff;
  const translated = zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !translated && !nat64) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The refused ranges' names in Chinese, by their English names above. */
const rangeNamesCn: Readonly<Record<string, string>> = {
  'this network': '本网络',
  private: '内网',
  'carrier-grade NAT': '运营商级 NAT',
  loopback: '本机回环',
  'link-local (cloud metadata)': '链路本地（云元数据）',
  'IETF protocol assignments': 'IETF 协议保留',
  documentation: '文档示例',
  '6to4 relay': '6to4 中继',
  benchmarking: '基准测试',
  multicast: '组播',
  reserved: '保留',
  unspecified: '未指定',
  'IPv4-compatible (deprecated)': 'IPv4 兼容（已废弃）',
  discard: '丢弃',
  Teredo: 'Teredo',
  '6to4': '6to4',
  'local NAT64': '本地 NAT64',
  'unique local (cloud metadata)': '唯一本地（云元数据）',
  'link-local': '链路本地',
  'site-local': '站点本地',
  'not an IP address': '非 IP',
};

/** The name of the refused range an IP address falls in, or undefined for a public address. */
export function refusedRangeOf(address: string): string | undefined {
  const version = isIP(address);
  if (version === 4) return refusedRanges.find((range) => range.list.check(address, 'ipv4'))?.name;
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return refusedRangeOf(v4);
    return refusedRanges6.find((range) => range.list.check(address, 'ipv6'))?.name;
  }
  return 'not an IP address';
}

/**
 * A host as the checks compare it: without an IPv6 literal's brackets, in lower case, and
 * without the trailing dot of a fully qualified name (`localhost.` and `intranet.` are the
 * hosts `localhost` and `intranet`; with the dot they passed the subscribe-time check and were
 * refused only at every delivery).
 */
const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Parses `PUSH_CALLBACK_ALLOWLIST` entries: host names, IP addresses or CIDRs. */
export function parseAllowlist(entries: readonly string[]): CallbackAllowlist {
  const ranges = new BlockList();
  const hosts: string[] = [];
  for (const raw of entries.map((entry) => entry.trim()).filter(Boolean)) {
    const [network, prefixText] = raw.split('/') as [string, string | undefined];
    const version = isIP(network);
    if (version === 0) {
      if (prefixText !== undefined) throw new Error(`allowlist entry "${raw}": a CIDR needs an IP address`);
      hosts.push(bare(network));
      continue;
    }
    const family = version === 4 ? 'ipv4' : 'ipv6';
    const prefix = prefixText === undefined ? (version === 4 ? 32 : 128) : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (version === 4 ? 32 : 128)) {
      throw new Error(`allowlist entry "${raw}": bad prefix length`);
    }
    ranges.addSubnet(network, prefix, family);
  }
  return { hosts, ranges, entries: [...entries] };
}

export const emptyAllowlist: CallbackAllowlist = parseAllowlist([]);

function allowedAddress(address: string, allow: CallbackAllowlist): boolean {
  const version = isIP(address);
  return version !== 0 && allow.ranges.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

const refused = (reason: Reason): TargetVerdict => ({ ok: false, code: 'CALLBACK_TARGET_REFUSED', reason });
const invalid = (reason: Reason): TargetVerdict => ({ ok: false, code: 'CALLBACK_URL_INVALID', reason });

/** "… is a loopback address": `subject` says what is an address of the refused `range`. */
const inRange = (subject: Reason, range: string): Reason => ({
  cn: `${subject.cn}是${rangeNamesCn[range] ?? range}地址`,
  en: `${subject.en} a ${range} address`,
});

/**
 * Subscribe-time check: http/https, at most 255 characters (§5), no credentials in the URL
 * (a token belongs in the query string, §5), and no literal address or `localhost` name in a
 * refused range unless allowlisted. Host names are checked again, resolved, at delivery.
 */
export function checkCallbackUrl(url: string, allow: CallbackAllowlist): TargetVerdict {
  if (url.length > maxCallbackUrlLength)
    return invalid({
      cn: `超过 ${maxCallbackUrlLength} 个字符`,
      en: `longer than ${maxCallbackUrlLength} characters`,
    });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalid({ cn: '不是完整的 URL（须以 http:// 或 https:// 开头）', en: 'not an absolute URL' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return invalid({ cn: '只能使用 http 或 https', en: 'must be http or https' });
  if (parsed.username || parsed.password)
    return invalid({
      cn: '不能包含用户名或密码（令牌请放在查询串中）',
      en: 'must not carry user credentials',
    });
  const host = bare(parsed.hostname);
  if (allow.hosts.includes(host)) return { ok: true };
  if (isIP(host) !== 0) {
    if (allowedAddress(host, allow)) return { ok: true };
    const range = refusedRangeOf(host);
    return range === undefined ? { ok: true } : refused(inRange({ cn: `${host} `, en: `${host} is` }, range));
  }
  if (host === 'localhost' || host.endsWith('.localhost'))
    return refused({ cn: `${host} 指向本机回环`, en: `${host} names the loopback` });
  if (!host.includes('.'))
    return refused({ cn: `${host} 不是公网域名`, en: `${host} is not a public host name` });
  return { ok: true };
}

/** Delivery-time check of one address the callback host resolved to. */
export function checkResolvedAddress(host: string, address: string, allow: CallbackAllowlist): TargetVerdict {
  if (allow.hosts.includes(bare(host)) || allowedAddress(address, allow)) return { ok: true };
  const range = refusedRangeOf(address);
  return range === undefined
    ? { ok: true }
    : refused(
        inRange(
          { cn: `${bare(host)} 解析到 ${address}，`, en: `${bare(host)} resolves to ${address},` },
          range,
        ),
      );
}

/**
 * A callback URL as logs and stored attempts show it: query-string values (tokens, §5) and any
 * credentials replaced by `***`, parameter names kept so a subscriber can still recognise it.
 */
export function redactCallbackUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username) parsed.username = '***';
    if (parsed.password) parsed.password = '***';
    const names = [...new Set(parsed.searchParams.keys())];
    if (parsed.search) {
      parsed.search =
        names.length > 0 ? names.map((name) => `${encodeURIComponent(name)}=***`).join('&') : '';
    }
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return url.replace(/\?.*$/, '?***');
  }
}
