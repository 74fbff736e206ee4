import type { MapsSetting } from '@tradelog/schemas/portal/content';

/**
 * §7 "a maps service script loads on demand with an access key {key}" (web/README.md "Maps"):
 * the provider's loader is added to the page the first time a visitor asks for a map, never
 * before, and calls back when its API is ready.
 */

/** The provider's WebGL maps API, as much of it as the contact page draws with (`BMapGL`). */
export interface MapsApi {
  Map: new (
    container: HTMLElement,
  ) => { centerAndZoom(point: unknown, zoom: number): void; addOverlay(overlay: unknown): void };
  Point: new (lng: number, lat: number) => unknown;
  Marker: new (point: unknown) => unknown;
}

/** The global function the loader calls when its API is ready. */
export const mapsCallback = 'tradelogMapsReady';

/** Pure: the loader's address, the key and the callback filled in. */
export function mapsScriptUrl(maps: Pick<MapsSetting, 'script' | 'key'>, callback = mapsCallback): string {
  return maps.script
    .replaceAll('{key}', encodeURIComponent(maps.key))
    .replaceAll('{callback}', encodeURIComponent(callback));
}

let loading: Promise<MapsApi> | undefined;

/**
 * The provider's API, its script loaded once on the first call. A load that fails (refused,
 * blocked, offline, or no answer within `timeoutMs`) is forgotten, so the visitor may try again.
 */
export function loadMaps(maps: MapsSetting, timeoutMs = 20_000): Promise<MapsApi> {
  if (loading) return loading;
  const scope = window as unknown as Record<string, unknown>;
  const script = document.createElement('script');
  loading = new Promise<MapsApi>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      delete scope[mapsCallback];
      const api = scope.BMapGL as MapsApi | undefined;
      if (!error && api) return resolve(api);
      script.remove();
      loading = undefined;
      reject(error ?? new Error('the maps script called back without its API'));
    };
    const timer = setTimeout(() => settle(new Error('the maps script did not answer in time')), timeoutMs);
    scope[mapsCallback] = () => settle();
    script.onerror = () => settle(new Error('the maps script could not be loaded'));
    script.src = mapsScriptUrl(maps);
    script.async = true;
    document.head.append(script);
  });
  return loading;
}
