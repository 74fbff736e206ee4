import type { Fields, TrackedEvent, TrackedItem, TrackingFamily } from './item.ts';

/**
 * The spec's answer shapes, rendered from a tracked item (query spec §3): the express instant
 * query and push item, the ocean `result`, the terminal `result.shipment`, the air `data` item.
 * Pure. The query API answers with them and the tracking projection publishes them in its change
 * events, so a push and a query of the same moment carry the same content.
 */

const present = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

const eventsOf = (item: TrackedItem, group: string): TrackedEvent[] =>
  item.events.filter((event) => event.group === group);

/** Express (§3 "Express"): instant query answer and push item fields. `descending` is sort = 1. */
export function expressAnswer(
  item: TrackedItem,
  options: { descending?: boolean } = {},
): Record<string, unknown> {
  const traces = eventsOf(item, 'traces').map((event) => present({ ...event.fields }));
  if (options.descending) traces.reverse();
  const facts = item.facts;
  return present({
    shipperCode: facts.shipperCode,
    logisticCode: facts.logisticCode,
    orderCode: facts.orderCode,
    success: true,
    state: item.derived.status,
    stateEx: item.derived.statusEx,
    location: item.derived.location,
    routeMapUrl: facts.routeMapUrl,
    coordinates: facts.coordinates,
    deliveryManTel: facts.deliveryManTel,
    senderCityLatAndLng: facts.senderCityLatAndLng,
    traces,
  });
}

const ocean = {
  currentStatus(event: TrackedEvent | undefined): Record<string, unknown> | null {
    if (!event) return null;
    const f = event.fields;
    return present({
      vslName: f.vslName,
      voy: f.voy,
      eventCode: f.eventCode,
      eventTime: f.eventTime,
      isEsti: f.isEsti,
      eventPlace: f.eventPlace,
      descriptionCn: f.descriptionCn,
      descriptionEn: f.descriptionEn,
      portCode: f.portCode,
      source: event.provenance.source,
    });
  },
};

/** What an ocean query answers before anything is known about the bill (§4: START, fetching). */
export function oceanStartResult(params: { billNo: string; containerNo?: string }): Record<string, unknown> {
  return {
    billNo: params.billNo,
    containerNo: params.containerNo ?? '',
    isBillNo: params.containerNo ? 'N' : 'Y',
    statusCategory: 'START',
    currentStatus: null,
    containers: [],
    routes: [],
    places: [],
  };
}

/**
 * Ocean (§3 "Ocean container tracking" result). With a container number (it takes priority,
 * §3) the containers and current status are that container's.
 */
export function oceanResult(item: TrackedItem, containerNo?: string): Record<string, unknown> {
  const facts = item.facts;
  const wanted = containerNo?.trim().toUpperCase();
  const events = eventsOf(item, 'events').filter(
    (event) => !wanted || event.fields.containerNo === undefined || event.fields.containerNo === wanted,
  );
  const listed = (Array.isArray(facts.containers) ? (facts.containers as Fields[]) : []).filter(
    (container) => !wanted || container.containerNo === wanted,
  );
  const known = new Set(listed.map((container) => String(container.containerNo)));
  for (const event of events) {
    const number = event.fields.containerNo;
    if (typeof number === 'string' && !known.has(number) && (!wanted || number === wanted)) {
      known.add(number);
      listed.push({ containerNo: number });
    }
  }
  const containers = listed.map((container) => ({
    ...container,
    status: events
      .filter((event) => event.fields.containerNo === container.containerNo)
      .map((event) => present({ ...event.fields, source: event.provenance.source })),
  }));
  const current = wanted
    ? (latestActual(events) ?? events.find((event) => event.estimated))
    : item.derived.currentEvent;
  return present({
    billNo: facts.billNo,
    containerNo: wanted ?? '',
    isBillNo: wanted ? 'N' : 'Y',
    endTime: item.derived.endedAt ?? facts.endTime,
    statusCategory: item.derived.status,
    carrier: facts.carrier,
    receipt: facts.receipt,
    delivery: facts.delivery,
    firstVessel: facts.firstVessel,
    currentStatus: ocean.currentStatus(current),
    places: facts.places ?? [],
    routes: facts.routes ?? [],
    terminalPlan: facts.terminalPlan,
    containers,
    vessel: facts.vessel,
    document: facts.document,
  });
}

/** The latest actual event in event time (events are kept in event-time order). */
export function latestActual(events: readonly TrackedEvent[]): TrackedEvent | undefined {
  for (let index = events.length - 1; index >= 0; index--)
    if (!events[index]!.estimated) return events[index];
  return undefined;
}

/** Terminal (§3 "Terminal container tracking": `result.shipment`). */
export function terminalResult(item: TrackedItem): Record<string, unknown> {
  const facts = item.facts;
  const list = (group: string) => eventsOf(item, group).map((event) => ({ ...event.fields }));
  return {
    shipment: present({
      businessNumber: facts.businessNumber,
      tradeType: facts.tradeType,
      shipmentDocuments: facts.shipmentDocuments ?? [],
      status: item.derived.status,
      shipmentEquipments: facts.shipmentEquipments ?? [],
      equipmentEvents: list('equipmentEvents'),
      transportEvents: list('transportEvents'),
      shipmentEvents: list('shipmentEvents'),
      shipmentLocations: facts.shipmentLocations ?? [],
      transports: facts.transports ?? [],
    }),
  };
}

/** Air (§3 "Air tracking": one `data` item). */
export function airData(item: TrackedItem): Record<string, unknown> {
  const facts = item.facts;
  const list = (group: string) => eventsOf(item, group).map((event) => ({ ...event.fields }));
  return present({
    origin: facts.origin,
    status: item.derived.status,
    businessNumber: facts.businessNumber,
    carrier: facts.carrier,
    shipmentEquipments: facts.shipmentEquipments ?? [],
    shipmentLocations: facts.shipmentLocations ?? [],
    shipmentEvents: list('shipmentEvents'),
    transportEvents: list('transportEvents'),
    equipmentEvents: list('equipmentEvents'),
  });
}

/** The change-event kind each family publishes (processors/src/push/README.md, tracking contract). */
export const trackingKindOf: Readonly<Record<TrackingFamily, string>> = {
  express: 'express.traces',
  air: 'air.status',
  ocean: 'ocean.status',
  terminal: 'terminal.status',
};

/**
 * What a subscriber is pushed about an item: the spec's answer shape, as the change event's
 * data (express push item fields; `{ result }` for ocean and terminal; `{ data }` for air), with
 * the item's aliases as further match keys.
 */
export function pushedView(item: TrackedItem): Record<string, unknown> {
  switch (item.family) {
    case 'express':
      return expressAnswer(item);
    case 'air':
      return { data: airData(item) };
    case 'ocean':
      return { result: oceanResult(item) };
    case 'terminal':
      return { result: terminalResult(item) };
  }
}
