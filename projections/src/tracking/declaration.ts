import { declareProjection } from '../declaration.ts';
import { createTrackingTables } from './tables.ts';

/**
 * Express, air, ocean and terminal tracking (query spec §3, §4): one row per tracked item with
 * its merged history, derived state and provenance, read from the four tracking feeds.
 */
export const trackingDeclaration = declareProjection({
  name: 'tracking',
  title: { cn: '轨迹跟踪', en: 'Tracking' },
  attributes: false,
  reads: ['expressTrace', 'airCargoEvent', 'oceanContainerEvent', 'terminalEvent'],
  createTables: createTrackingTables,
  compared: [
    {
      table: 'items',
      key: 'subject',
      hash: 'md5(row(family, aliases, facts, events, derived, last_event_id)::text)',
    },
  ],
  // 2: a signed parcel is pushed again when it changes (§4 "Subscription flow"); revision 1 kept
  // a `pushes_ended` flag and published nothing after the first signed state.
  // 3: a port area's events (ocean source 0) carry the report's portCode and isExport.
  // 4: an ocean bill's change is published when a container's answer changes too (reducer rule 6).
  revision: 4,
});
