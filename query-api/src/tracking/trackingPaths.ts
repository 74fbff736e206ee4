import { queryPath } from '../reads/requests.ts';

/** The tracking paths this router serves: the query catalogue's, and the timeline, which is ours. */
export const trackingQueryPaths = {
  expressInstantQuery: queryPath('expressInstantQuery'),
  expressRouteMapInstantQuery: queryPath('expressRouteMapInstantQuery'),
  oceanTracking: queryPath('oceanTracking'),
  terminalTracking: queryPath('terminalTracking'),
  airTracking: queryPath('airTracking'),
  timeline: '/open/tracking/timeline',
} as const;
