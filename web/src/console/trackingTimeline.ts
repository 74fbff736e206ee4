import type { ShownTrackedItem, TrackedEvent } from '@tradelog/schemas/queries/tracking';

/**
 * The subscriber's tracking timeline, pure (house style §13): from the tracked item query-api
 * answers at `GET /subscriptions/:id/tracking` to the stops of the route diagram and the
 * entries of the timeline, each with where it came from.
 */

/** The tracked item as the console reads it: these members of the contract's (`ShownTrackedItem`). */
export type TrackedItemView = Pick<
  ShownTrackedItem,
  'family' | 'subject' | 'status' | 'statusEx' | 'location' | 'facts' | 'events'
>;

export interface TimelineEntry {
  key: string;
  /** The time as the feed wrote it. */
  time: string;
  code: string;
  title: string;
  place: string;
  estimated: boolean;
  /** Who reported it: the partner, and for ocean the source (1 carrier, 0 port area). */
  reportedBy: string;
  documentId: string;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function entryOf(family: TrackedItemView['family'], event: TrackedEvent): TimelineEntry {
  const f = event.fields;
  const base = {
    key: `${event.group}|${event.id}`,
    estimated: event.estimated,
    reportedBy:
      event.provenance.source === undefined
        ? event.provenance.partnerId
        : `${event.provenance.partnerId} (${event.provenance.source === '1' ? 'carrier' : 'port'})`,
    documentId: event.provenance.documentId,
  };
  switch (family) {
    case 'express':
      return {
        ...base,
        time: str(f.acceptTime),
        code: str(f.action),
        title: str(f.acceptStation),
        place: str(f.location),
      };
    case 'ocean':
      return {
        ...base,
        time: str(f.eventTime),
        code: str(f.eventCode),
        title: [str(f.containerNo), str(f.descriptionEn) || str(f.descriptionCn), str(f.vslName), str(f.voy)]
          .filter(Boolean)
          .join(' · '),
        place: str(f.eventPlace) || str(f.portCode),
      };
    case 'terminal': {
      const call = obj(f.transportCall);
      return {
        ...base,
        time: str(f.eventTime),
        code: str(f.equipmentEventCategory) || str(f.transportEventCategory) || str(f.shipmentEventCategory),
        title: [str(obj(f.equipment).equipmentCode), str(obj(call.vessel).vesselName), str(f.details)]
          .filter(Boolean)
          .join(' · '),
        place: str(obj(call.location).locationName) || str(call.facilityName),
      };
    }
    case 'air':
      return {
        ...base,
        time: str(f.eventTime),
        code: str(f.eventCode),
        title: [str(obj(f.flight).flightNo), str(f.details)].filter(Boolean).join(' · '),
        place: str(obj(f.location).locationName) || str(obj(f.location).locationCode),
      };
  }
}

/** Places in the order the item passed them, each once in a row: the route diagram's stops. */
export function routeStops(item: TrackedItemView): string[] {
  const routes = Array.isArray(item.facts.routes) ? item.facts.routes.map(obj) : [];
  const places =
    item.family === 'ocean' && routes.length > 0
      ? routes.flatMap((leg) => [str(leg.polName) || str(leg.polCode), str(leg.podName) || str(leg.podCode)])
      : item.events.filter((event) => !event.estimated).map((event) => entryOf(item.family, event).place);
  const stops: string[] = [];
  for (const place of places) if (place && stops[stops.length - 1] !== place) stops.push(place);
  return stops;
}

export function timelineOf(item: TrackedItemView): { stops: string[]; entries: TimelineEntry[] } {
  return { stops: routeStops(item), entries: item.events.map((event) => entryOf(item.family, event)) };
}
