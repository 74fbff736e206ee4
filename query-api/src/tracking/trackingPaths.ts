/** The tracking queries' paths (query spec §3; the air and timeline paths ours). */
export const trackingQueryPaths = {
  expressInstantQuery: '/open/logistics/express/bird/instantQuery',
  expressRouteMapInstantQuery: '/open/logistics/express/bird/instantQuery/route/map',
  oceanTracking: '/open/freightower/trace/ocean',
  terminalTracking: '/open/freightower/trace/shipment',
  airTracking: '/open/freightower/trace/air',
  timeline: '/open/tracking/timeline',
} as const;
