import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { ConfigError } from '@tradelog/schemas';
import type { IP2RegionResult } from 'ip2region';

// A CommonJS package whose class is `module.exports.default`; `require` reads it alike under Node and vitest.
const { default: IpDatabase } = createRequire(import.meta.url)('ip2region') as {
  default: new () => { search(ip: string): IP2RegionResult | null };
};

/**
 * The IP-to-city look-up behind `/{product}-official/ip2region/search` (portal spec §4, §7): the
 * ip2region database that ships inside the `ip2region` package (IPv4 and IPv6, city names in
 * Chinese such as 银川市), so the city dialog's rules run without a network service.
 */
export function cityOf(result: IP2RegionResult | null): string | undefined {
  const city = result?.city ?? '';
  // Private and loopback ranges answer 内网IP ("internal address"): no city.
  return city === '' || city === '内网IP' ? undefined : city;
}

/**
 * The operator's own table (README "Operator content", `PORTAL_IP_CITIES_FILE`), consulted before
 * the database: one `cidr,city` per line (IPv4 or IPv6; `#` starts a comment), for an intranet
 * the database calls 内网IP or a range it places wrongly. The most specific range wins.
 */
export interface CityRange {
  range: BlockList;
  prefix: number;
  city: string;
}

/** Pure: the table's ranges, most specific first; a bad line fails naming the file and line. */
export function parseCityTable(csv: string, source: string): CityRange[] {
  const ranges: CityRange[] = [];
  csv.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const fail = (why: string) =>
      new ConfigError('PORTAL_IP_CITIES_FILE', `${source}:${index + 1}: ${why} ("${raw.trim()}")`);
    const [cidr = '', city = '', ...rest] = line.split(',').map((part) => part.trim());
    const [address = '', bits = ''] = cidr.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    if (family === 0 || !/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128))
      throw fail('expected an IPv4 or IPv6 range such as 10.0.0.0/8');
    if (city === '' || rest.length > 0) throw fail('expected "cidr,city"');
    const range = new BlockList();
    range.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    ranges.push({ range, prefix, city });
  });
  return ranges.sort((a, b) => b.prefix - a.prefix);
}

/** Pure: the table's city for an address, if a range holds it. */
export function cityFromTable(ranges: readonly CityRange[], address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return ranges.find((entry) => entry.range.check(address, type))?.city;
}

export function readCityTable(path: string): CityRange[] {
  let csv: string;
  try {
    csv = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('PORTAL_IP_CITIES_FILE', `cannot read ${path}: ${(error as Error).message}`);
  }
  return parseCityTable(csv, path);
}

export function createIpLocator(table: readonly CityRange[] = []): (ip: string) => string | undefined {
  const database = new IpDatabase();
  return (ip) => {
    const address = ip.replace(/^::ffff:/, '');
    const own = cityFromTable(table, address);
    if (own !== undefined) return own;
    try {
      return cityOf(database.search(address));
    } catch {
      // Not an address the database can parse (a unix socket's empty address, a zone id).
      return undefined;
    }
  };
}
