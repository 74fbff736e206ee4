import type { RegionalSiteSetting } from '@tradelog/schemas/portal/content';
import { createStore } from 'zustand/vanilla';
import type { KeyValueStorage } from './storage.ts';

/**
 * The city-location dialog of portal spec §4: shown on the home page when the visitor's IP city
 * belongs to another regional site than the current host, or when the host is a non-main site
 * and the city is unknown; once shown, a flag is kept until the next local midnight. The sites,
 * their addresses and cities are the operator's settings (content API `home/bottom.do`); a site
 * without an address is never suggested.
 */
export const locationFlagKey = 'locationShownUntil';

const hostOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

/** The site serving a host (its address's host); any other host is the main site. */
export function siteOfHost(
  sites: readonly RegionalSiteSetting[],
  host: string,
): RegionalSiteSetting | undefined {
  return sites.find((site) => hostOf(site.url) === host) ?? sites.find((site) => site.main);
}

export function siteOfCity(
  sites: readonly RegionalSiteSetting[],
  city: string | undefined,
): RegionalSiteSetting | undefined {
  if (!city) return undefined;
  return sites.find((site) => site.cities.some((name) => city.startsWith(name)));
}

/** The next local midnight after `now` (ms since epoch). */
export function nextLocalMidnight(now: number): number {
  const date = new Date(now);
  date.setHours(24, 0, 0, 0);
  return date.getTime();
}

/** `target` is where "go to site" leads: the city's site, or the main site when the city is unknown. */
export type LocationDecision =
  | { show: false }
  | { show: true; suggested: RegionalSiteSetting | undefined; target: RegionalSiteSetting };

export function decideLocationDialog(input: {
  sites: readonly RegionalSiteSetting[];
  host: string;
  city: string | undefined;
  shownUntil: number | undefined;
  now: number;
}): LocationDecision {
  if (input.shownUntil !== undefined && input.now < input.shownUntil) return { show: false };
  const current = siteOfHost(input.sites, input.host);
  if (!current) return { show: false };
  const cityOf = siteOfCity(input.sites, input.city);
  if (cityOf && cityOf.id !== current.id && cityOf.url)
    return { show: true, suggested: cityOf, target: cityOf };
  const main = input.sites.find((site) => site.main);
  if (!cityOf && !current.main && main?.url) return { show: true, suggested: undefined, target: main };
  return { show: false };
}

/** §4: going to a regional site carries hasSetLocation=true. */
export function regionalSiteUrl(site: RegionalSiteSetting): string {
  const url = new URL(site.url ?? '/', 'http://invalid');
  url.searchParams.set('hasSetLocation', 'true');
  return url.href;
}

export interface LocationState {
  open: boolean;
  suggested: RegionalSiteSetting | undefined;
  target: RegionalSiteSetting | undefined;
  city: string | undefined;
  consider(input: {
    sites: readonly RegionalSiteSetting[];
    host: string;
    city: string | undefined;
    now: number;
  }): void;
  close(): void;
}

export function createLocationStore(storage: KeyValueStorage) {
  return createStore<LocationState>()((set) => ({
    open: false,
    suggested: undefined,
    target: undefined,
    city: undefined,
    consider({ sites, host, city, now }) {
      const raw = Number(storage.getItem(locationFlagKey));
      const shownUntil = Number.isFinite(raw) && raw > 0 ? raw : undefined;
      const decision = decideLocationDialog({ sites, host, city, shownUntil, now });
      set({ city });
      if (!decision.show) return;
      storage.setItem(locationFlagKey, String(nextLocalMidnight(now)));
      set({ open: true, suggested: decision.suggested, target: decision.target });
    },
    close: () => set({ open: false }),
  }));
}
export type LocationStore = ReturnType<typeof createLocationStore>;
