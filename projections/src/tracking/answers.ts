import type { ChangeKind } from '@tradelog/schemas/changes/contract';
import { terminalEventCategories } from '@tradelog/schemas/feeds/tracking/codes';
import type { Derived, EventProvenance, Fields, TrackedEvent, TrackedItem, TrackingFamily } from './item.ts';

/**
 * The spec's answer shapes, rendered from a tracked item (query spec §3): the express instant
 * query and push item, the ocean `result`, the terminal `result.shipment`, the air `data` item.
 * Pure. The query API answers with them and the tracking projection publishes them in its change
 * events, so a push and a query of the same moment carry the same content.
 */

const present = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

const eventsOf = <E extends { group: string }>(item: { events: readonly E[] }, group: string): E[] =>
  item.events.filter((event) => event.group === group);

/** An ocean event as the answers read it: a tracked event without its identity and document provenance. */
export type OceanEvent = Pick<TrackedEvent, 'group' | 'at' | 'estimated' | 'fields'> & {
  provenance: Pick<EventProvenance, 'source'>;
};

/**
 * What an ocean answer is rendered from (./oceanView.ts): a tracked bill, or the history its
 * change event carries (`oceanHistoryOf`).
 */
export interface OceanHistory {
  facts: Fields;
  events: readonly OceanEvent[];
  derived: Pick<Derived, 'status' | 'endedAt'> & { currentEvent?: OceanEvent };
}

/** The express `reason` of a known parcel without a trace (state 0), in the express platform's words. */
export const noTraceReason = '暂无轨迹信息';

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
    // §3 reason (max 50): said while the parcel has no trace (§4 state 0); the platform's words.
    reason: item.derived.status === '0' ? noTraceReason : undefined,
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
  currentStatus(event: OceanEvent | undefined): Record<string, unknown> | null {
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

/**
 * What an ocean query answers while nothing is known about the bill or container (§4): START
 * (fetching) within the provider window, NODATA after it (./firstAsks.ts).
 */
export function oceanUnknownResult(
  params: { billNo: string; containerNo?: string },
  statusCategory: 'START' | 'NODATA' = 'START',
): Record<string, unknown> {
  return {
    billNo: params.billNo,
    containerNo: params.containerNo ?? '',
    isBillNo: params.containerNo ? 'N' : 'Y',
    statusCategory,
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
export function oceanResult(item: OceanHistory, containerNo?: string): Record<string, unknown> {
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
  // Each container's events, grouped in one pass (a bill of many containers costs its events once).
  const statusOf = new Map<unknown, Record<string, unknown>[]>();
  for (const event of events) {
    const number = event.fields.containerNo;
    if (number === undefined) continue;
    const status = statusOf.get(number) ?? [];
    if (status.length === 0) statusOf.set(number, status);
    status.push(present({ ...event.fields, source: event.provenance.source }));
  }
  const containers = listed.map((container) => ({
    ...container,
    status: statusOf.get(container.containerNo) ?? [],
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

/**
 * §5 Ocean: "carrierCode … if omitted no carrier data is obtained". A request or subscription
 * that names no carrierCode (port data only, by portCode) gets the result without the carrier's
 * part: no `carrier`, none of the events the carrier reported (source 1, §9 "Status source") in
 * the containers' statuses, and a current status taken from the port area's events (the latest
 * actual, else the first estimate; null when there is none). Places, routes, vessel and
 * documents are merged from every report field by field without a source, so they stay.
 * AUTO is a carrierCode: it recognises the carrier (§5) and keeps its data.
 */
export function withoutCarrierData(result: Record<string, unknown>): Record<string, unknown> {
  const { carrier: _carrier, ...rest } = result;
  const containers = (Array.isArray(result.containers) ? (result.containers as Fields[]) : []).map(
    (container) => ({
      ...container,
      status: (Array.isArray(container.status) ? (container.status as Fields[]) : []).filter(
        (status) => status.source !== '1',
      ),
    }),
  );
  const current = result.currentStatus as Fields | null | undefined;
  const portEvents = containers
    .flatMap((container) => container.status)
    .sort((a, b) => String(a.eventTime ?? '').localeCompare(String(b.eventTime ?? '')));
  const fromPort =
    [...portEvents].reverse().find((status) => status.isEsti !== 'Y') ??
    portEvents.find((status) => status.isEsti === 'Y');
  return {
    ...rest,
    containers,
    currentStatus:
      current && current.source !== '1'
        ? current
        : fromPort
          ? present({
              vslName: fromPort.vslName,
              voy: fromPort.voy,
              eventCode: fromPort.eventCode,
              eventTime: fromPort.eventTime,
              isEsti: fromPort.isEsti,
              eventPlace: fromPort.eventPlace,
              descriptionCn: fromPort.descriptionCn,
              descriptionEn: fromPort.descriptionEn,
              portCode: fromPort.portCode,
              source: fromPort.source,
            })
          : null,
  };
}

/** Whether an ocean request or subscription asks for the carrier's data (§5: carrierCode given). */
export const asksCarrierData = (carrierCode: string | undefined): boolean => Boolean(carrierCode?.trim());

/** The latest actual event in event time (events are kept in event-time order). */
export function latestActual<E extends { estimated: boolean }>(events: readonly E[]): E | undefined {
  for (let index = events.length - 1; index >= 0; index--)
    if (!events[index]!.estimated) return events[index];
  return undefined;
}

/** Terminal (§3 "Terminal container tracking": `result.shipment`), each event with its eventCategory. */
export function terminalResult(item: TrackedItem): Record<string, unknown> {
  const facts = item.facts;
  const list = (group: keyof typeof terminalEventCategories) =>
    eventsOf(item, group).map((event) => ({
      ...event.fields,
      eventCategory: terminalEventCategories[group],
    }));
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

/**
 * The change-event kind each family publishes and each tracking push family is pushed from
 * (projections/src/push/README.md, tracking contract).
 */
export const trackingKindOf: Readonly<Record<TrackingFamily, ChangeKind<'tracking'>>> = {
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
