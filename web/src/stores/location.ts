import { createStore } from 'zustand/vanilla';
import type { KeyValueStorage } from './storage.ts';

/**
 * The city-location dialog of portal spec §4: shown on the home page when the visitor's IP city
 * belongs to another regional site than the current host, or when the host is a non-main site
 * and the city is unknown; once shown, a flag is kept until the next local midnight.
 */
export interface RegionalSite {
  id: 'gba' | 'huangshi' | 'yinchuan';
  host: string;
  cities: readonly string[];
  main: boolean;
}

export const regionalSites: readonly RegionalSite[] = [
  {
    id: 'gba',
    host: 'www',
    main: true,
    cities: ['广州', '深圳', '珠海', '佛山', '东莞', '中山', '江门', '惠州', '肇庆', '香港', '澳门'],
  },
  { id: 'huangshi', host: 'hs', main: false, cities: ['黄石', '武汉', '鄂州', '黄冈'] },
  { id: 'yinchuan', host: 'yc', main: false, cities: ['银川', '石嘴山', '吴忠', '中卫', '固原'] },
];

export const locationFlagKey = 'locationShownUntil';

/** The site serving a host: the first label names it (hs.example.com → Huangshi); default main. */
export function siteOfHost(host: string): RegionalSite {
  const label = host.split('.')[0] ?? '';
  return regionalSites.find((site) => site.host === label) ?? regionalSites[0]!;
}

export function siteOfCity(city: string | undefined): RegionalSite | undefined {
  if (!city) return undefined;
  return regionalSites.find((site) => site.cities.some((name) => city.startsWith(name)));
}

/** The next local midnight after `now` (ms since epoch). */
export function nextLocalMidnight(now: number): number {
  const date = new Date(now);
  date.setHours(24, 0, 0, 0);
  return date.getTime();
}

export type LocationDecision = { show: false } | { show: true; suggested: RegionalSite | undefined };

export function decideLocationDialog(input: {
  host: string;
  city: string | undefined;
  shownUntil: number | undefined;
  now: number;
}): LocationDecision {
  if (input.shownUntil !== undefined && input.now < input.shownUntil) return { show: false };
  const current = siteOfHost(input.host);
  const cityOf = siteOfCity(input.city);
  if (cityOf && cityOf.id !== current.id) return { show: true, suggested: cityOf };
  if (!cityOf && !current.main) return { show: true, suggested: undefined };
  return { show: false };
}

/** Address of a regional site, keeping the visitor's scheme and domain (§4: hasSetLocation=true). */
export function regionalSiteUrl(site: RegionalSite, currentHost: string, protocol: string): string {
  const labels = currentHost.split('.');
  const domain = labels.length > 2 ? labels.slice(1).join('.') : currentHost;
  return `${protocol}//${site.host}.${domain}/?hasSetLocation=true`;
}

export interface LocationState {
  open: boolean;
  suggested: RegionalSite | undefined;
  city: string | undefined;
  consider(input: { host: string; city: string | undefined; now: number }): void;
  close(): void;
}

export function createLocationStore(storage: KeyValueStorage) {
  return createStore<LocationState>()((set) => ({
    open: false,
    suggested: undefined,
    city: undefined,
    consider({ host, city, now }) {
      const raw = Number(storage.getItem(locationFlagKey));
      const shownUntil = Number.isFinite(raw) && raw > 0 ? raw : undefined;
      const decision = decideLocationDialog({ host, city, shownUntil, now });
      set({ city });
      if (!decision.show) return;
      storage.setItem(locationFlagKey, String(nextLocalMidnight(now)));
      set({ open: true, suggested: decision.suggested });
    },
    close: () => set({ open: false }),
  }));
}
export type LocationStore = ReturnType<typeof createLocationStore>;
