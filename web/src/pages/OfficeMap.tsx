import type { MapsSetting } from '@tradelog/schemas/portal/content';
import { useRef, useState } from 'react';
import { useDict } from '../app/state.ts';
import { loadMaps } from '../layout/mapsLoader.ts';

/** How close the map shows the office when the operator names no zoom: a few streets around it. */
const defaultZoom = 16;

/**
 * The office on a map (contact page), drawn only when the visitor asks: the provider's script
 * loads then, not with the page (§7 "on demand"; web/README.md "Maps").
 */
export function OfficeMap(props: { maps: MapsSetting; address: string }) {
  const t = useDict();
  const canvas = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'closed' | 'loading' | 'shown' | 'failed'>('closed');

  const open = () => {
    setState('loading');
    loadMaps(props.maps).then(
      (api) => {
        if (!canvas.current) return;
        const { lng, lat, zoom } = props.maps.office;
        const map = new api.Map(canvas.current);
        const office = new api.Point(lng, lat);
        map.centerAndZoom(office, zoom ?? defaultZoom);
        map.addOverlay(new api.Marker(office));
        setState('shown');
      },
      () => setState('failed'),
    );
  };

  return (
    <section className="office-map" aria-labelledby="office-map-heading">
      <h2 id="office-map-heading">{t.maps.heading}</h2>
      {(state === 'closed' || state === 'failed') && (
        <button type="button" className="btn" onClick={open}>
          {t.maps.show}
        </button>
      )}
      {state === 'loading' && <p role="status">{t.maps.loading}</p>}
      {state === 'failed' && <p role="alert">{t.maps.failed}</p>}
      <div
        ref={canvas}
        className="office-map-canvas"
        role="img"
        aria-label={`${t.maps.label}: ${props.address}`}
        hidden={state === 'closed' || state === 'failed'}
      />
    </section>
  );
}
