import { createRequire } from 'node:module';
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

export function createIpLocator(): (ip: string) => string | undefined {
  const database = new IpDatabase();
  return (ip) => {
    const address = ip.replace(/^::ffff:/, '');
    try {
      return cityOf(database.search(address));
    } catch {
      // Not an address the database can parse (a unix socket's empty address, a zone id).
      return undefined;
    }
  };
}
