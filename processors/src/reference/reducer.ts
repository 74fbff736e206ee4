import { lookupKey, type ReferenceFamily } from '@tradelog/projections/reference/tables';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import { canonicalJson, canonicalSha256 } from '@tradelog/schemas/kit/log/headers';
import type { Reduction } from '../changes.ts';
import {
  type Document,
  type DocumentEvent,
  type DocumentOf,
  type DocumentTypeId,
  logPosition,
  numberOf,
  text,
} from '../documents/event.ts';
import { olderThan, placeOf } from '../documents/logOrder.ts';

/**
 * Logistics reference data (query spec §3 "Vessel archive and AIS", "International transport
 * bill", "Route schedule", "Terminal vessel plan", "Flight schedule", "Truck"; §7). The spec
 * shows these only as look-up answers; how provider data becomes the current state is ours
 * (processors/README.md "Reference data"):
 *
 * 1. Each feed document describes one item: a vessel (archive, by mmsi), a vessel's AIS position
 *    (by mmsi), a bill (customerCode, billNo, sybknoteno), a route service (carriercd, service),
 *    a vessel call (portCode, English name, import and export voyage), a flight (flightId) or a
 *    truck (plate). Names and call signs are compared upper-case with blanks collapsed, so any
 *    spelling finds the vessel.
 * 2. Archive, bill, route service and vessel call: the later record in log order replaces the
 *    item (reference data is restated whole; the record key keeps one item's records in order);
 *    an older record (an operator's retry of an old dead letter) is superseded
 *    (documents/logOrder.ts).
 * 3. AIS position and flight: the record with the later event time (`updateTime`, `updated`)
 *    is current; an older one is superseded, an equal time goes to the later record in log order.
 * 4. Truck: every report is a point of its track; the current position is the report with the
 *    latest `utc` (equal times: the later record). The 24-hour track (§3 track24s) keeps the
 *    points whose `utc` is within 24 hours before the latest one; older points are dropped, and
 *    a report older than that is not kept at all. Which points remain depends only on event
 *    times, so a rebuild in any batch order yields the same rows.
 *    Carrier (by carrierCode, upper case) likewise.
 * 5. A record whose content equals the current item changes nothing (the same state object).
 *
 * Keys of the state map are `<family>:<natural key>`; the table key is the natural key.
 */
export interface ReferenceItem {
  family: ReferenceFamily;
  key: string;
  columns: Readonly<Record<string, string | null>>;
  fields: Document;
  source: Readonly<{ documentId: string; position: string; receivedAt: string; contentSha256: string }>;
}

export type ReferenceState = ReadonlyMap<string, ReferenceItem>;

export const trackWindowMs = 24 * 60 * 60 * 1000;

const familyOf = {
  vesselArchiveFeed: 'vessel',
  aisPositionFeed: 'ais',
  transportBillFeed: 'bill',
  routeScheduleFeed: 'route',
  vesselPlanFeed: 'call',
  flightFeed: 'flight',
  truckPositionFeed: 'truck',
  carrierFeed: 'carrier',
} as const satisfies Partial<Record<DocumentTypeId, ReferenceFamily>>;

const instant = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  const parsed = parseTradeDateTime(value) ?? (Number.isNaN(Date.parse(value)) ? undefined : new Date(value));
  return parsed ? parsed.toISOString() : null;
};

const millis = (iso: string | null | undefined): number | undefined =>
  iso === null || iso === undefined ? undefined : Date.parse(iso);

const nested = (document: Document, field: string): Document | undefined => {
  const value = document[field];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Document)
    : undefined;
};

/** What one feed document states: the item's family, natural key and filter columns. */
interface Statement {
  family: ReferenceFamily;
  key: string;
  columns: Record<string, string | null>;
}

/** A vessel's archive entry, by mmsi. */
function vesselArchiveStatement(d: DocumentOf<'vesselArchiveFeed'>): Statement | undefined {
  const mmsi = text(d, 'mmsi');
  if (!mmsi) return undefined;
  return {
    family: familyOf.vesselArchiveFeed,
    key: mmsi,
    columns: {
      imo: text(d, 'imo') ?? null,
      name_key: lookupKey(text(d, 'vesselNameEn')),
      callsign_key: lookupKey(text(d, 'callsign')),
    },
  };
}

/** A vessel's AIS position, by mmsi; none without its event time (rule 3). */
function aisPositionStatement(d: DocumentOf<'aisPositionFeed'>): Statement | undefined {
  const mmsi = text(d, 'mmsi');
  const updateTime = instant(text(d, 'updateTime'));
  if (!mmsi || !updateTime) return undefined;
  return {
    family: familyOf.aisPositionFeed,
    key: mmsi,
    columns: {
      imo: text(d, 'imo') ?? null,
      name_key: lookupKey(text(d, 'nameEn')),
      callsign_key: lookupKey(text(d, 'callSign')),
      update_time: updateTime,
    },
  };
}

/** A bill, by customer, bill and booking number (one of the two numbers at least). */
function transportBillStatement(d: DocumentOf<'transportBillFeed'>): Statement | undefined {
  const customer = text(d, 'customerCode');
  const billNo = text(d, 'billNo') ?? null;
  const bookingNo = text(d, 'sybknoteno') ?? null;
  if (!customer || (billNo === null && bookingNo === null)) return undefined;
  return {
    family: familyOf.transportBillFeed,
    key: `${customer}|${billNo ?? ''}|${bookingNo ?? ''}`,
    columns: { customer_code: customer, bill_no: billNo, booking_no: bookingNo },
  };
}

/** A route service, by carrier and service. */
function routeScheduleStatement(d: DocumentOf<'routeScheduleFeed'>): Statement | undefined {
  const carrier = text(d, 'carriercd');
  const service = text(d, 'service');
  if (!carrier || !service) return undefined;
  return {
    family: familyOf.routeScheduleFeed,
    key: `${carrier}|${service}`,
    columns: { carriercd: carrier, service, route: lookupKey(text(d, 'route')) },
  };
}

/** A vessel call, by port, vessel and voyages (one of the two voyages at least). */
function vesselPlanStatement(d: DocumentOf<'vesselPlanFeed'>): Statement | undefined {
  const port = text(d, 'portCode');
  const vessel = lookupKey(text(d, 'vesselNameEn'));
  const ivoyage = lookupKey(text(d, 'ivoyage'));
  const evoyage = lookupKey(text(d, 'evoyage'));
  if (!port || !vessel || (ivoyage === null && evoyage === null)) return undefined;
  return {
    family: familyOf.vesselPlanFeed,
    key: `${port}|${vessel}|${ivoyage ?? ''}|${evoyage ?? ''}`,
    columns: { port_code: port, vessel_key: vessel, ivoyage, evoyage },
  };
}

/** A flight, by flight id; none without its event time (rule 3). */
function flightStatement(d: DocumentOf<'flightFeed'>): Statement | undefined {
  const id = text(d, 'flightId');
  const updated = instant(text(d, 'updated'));
  const departure = nested(d, 'departure');
  const arrival = nested(d, 'arrival');
  if (!id || !updated) return undefined;
  return {
    family: familyOf.flightFeed,
    key: id,
    columns: {
      dep_airport: text(departure, 'airportIcao') ?? null,
      arr_airport: text(arrival, 'airportIcao') ?? null,
      dep_time: instant(text(departure, 'scheduledTime')),
      arr_time: instant(text(arrival, 'scheduledTime')),
      updated,
    },
  };
}

/** A truck's report, by plate; none without its event time (rule 4). */
function truckPositionStatement(d: DocumentOf<'truckPositionFeed'>): Statement | undefined {
  const plate = lookupKey(text(d, 'vclN'));
  const at = instant(text(d, 'utc'));
  if (!plate || !at) return undefined;
  return { family: familyOf.truckPositionFeed, key: plate, columns: { last_time: at } };
}

/** A carrier, by carrier code (upper case). */
function carrierStatement(d: DocumentOf<'carrierFeed'>): Statement | undefined {
  const carrier = lookupKey(text(d, 'carrierCode'));
  return carrier ? { family: familyOf.carrierFeed, key: carrier, columns: {} } : undefined;
}

export function statementOf(event: DocumentEvent): Statement | undefined {
  // Destructured together, so that each case reads its own feed's fields.
  const { type, document: d } = event;
  switch (type) {
    case 'vesselArchiveFeed':
      return vesselArchiveStatement(d);
    case 'aisPositionFeed':
      return aisPositionStatement(d);
    case 'transportBillFeed':
      return transportBillStatement(d);
    case 'routeScheduleFeed':
      return routeScheduleStatement(d);
    case 'vesselPlanFeed':
      return vesselPlanStatement(d);
    case 'flightFeed':
      return flightStatement(d);
    case 'truckPositionFeed':
      return truckPositionStatement(d);
    case 'carrierFeed':
      return carrierStatement(d);
    default:
      return undefined;
  }
}

/** The state keys an event reads or writes. */
export function referenceKeysOf(event: DocumentEvent): string[] {
  const statement = statementOf(event);
  return statement ? [`${statement.family}:${statement.key}`] : [];
}

const sourceOf = (event: DocumentEvent, contentSha256: string): ReferenceItem['source'] => ({
  documentId: event.provenance.documentId,
  position: logPosition(event.provenance),
  receivedAt: event.provenance.receivedAt,
  contentSha256,
});

/** A point of a truck's 24-hour track (§3 track24s) and the position info (§3 positionInfo). */
export interface TrackPoint {
  agl: number | null;
  gtm: string;
  hgt: number | null;
  lat: number;
  lon: number;
  mlg: number | null;
  spd: number | null;
}

const trackPointOf = (d: Document, at: string): TrackPoint => ({
  agl: numberOf(d, 'drc') ?? null,
  gtm: at,
  hgt: numberOf(d, 'hgt') ?? null,
  lat: numberOf(d, 'lat') ?? 0,
  lon: numberOf(d, 'lon') ?? 0,
  mlg: numberOf(d, 'mil') ?? null,
  spd: numberOf(d, 'spd') ?? null,
});

const positionInfoOf = (d: Document, at: string): Document => {
  const info: Record<string, unknown> = { utc: at };
  for (const name of ['adr', 'drc', 'lat', 'lon', 'spd', 'province', 'city', 'country', 'mil']) {
    if (d[name] !== undefined) info[name] = d[name];
  }
  return info;
};

/**
 * A truck's stage (§4 "Truck stages"): the latest stated one, with the time of the report that
 * stated it. A report without a stage, or an older report arriving late, leaves it.
 */
function stageOf(current: ReferenceItem | undefined, d: Document, at: string): Document | undefined {
  const known = current?.fields.stage as { stage: string; stageTime: string } | undefined;
  const stated = text(d, 'stage');
  if (stated === undefined || (known && Date.parse(at) < Date.parse(known.stageTime))) return known;
  return { stage: stated, stageTime: at };
}

function reduceTruck(
  current: ReferenceItem | undefined,
  statement: Statement,
  event: DocumentEvent,
  sha: string,
): ReferenceItem | undefined {
  const at = statement.columns.last_time as string;
  const t = Date.parse(at);
  const latest = millis(current?.columns.last_time);
  if (latest !== undefined && t < latest - trackWindowMs) return undefined;
  const track = ((current?.fields.track24s as TrackPoint[] | undefined) ?? []).slice();
  const point = trackPointOf(event.document, at);
  const same = track.findIndex((p) => Date.parse(p.gtm) === t);
  const isLatest = latest === undefined || t >= latest;
  if (same >= 0 && canonicalJson(track[same]) === canonicalJson(point)) {
    // The same point again; only a restated position or stage of the latest point can still change.
    if (
      !isLatest ||
      (canonicalJson(current?.fields.positionInfo) === canonicalJson(positionInfoOf(event.document, at)) &&
        canonicalJson(current?.fields.stage) === canonicalJson(stageOf(current, event.document, at)))
    )
      return undefined;
  }
  if (same >= 0) track[same] = point;
  else track.push(point);
  const newest = Math.max(latest ?? t, t);
  const kept = track
    .filter((p) => Date.parse(p.gtm) >= newest - trackWindowMs)
    .sort((a, b) => Date.parse(a.gtm) - Date.parse(b.gtm));
  const stage = stageOf(current, event.document, at);
  return {
    family: 'truck',
    key: statement.key,
    columns: { last_time: new Date(newest).toISOString() },
    fields: {
      truckNo: text(current?.fields, 'truckNo') ?? text(event.document, 'vclN') ?? statement.key,
      positionInfo: isLatest
        ? positionInfoOf(event.document, at)
        : (current?.fields.positionInfo as Document),
      track24s: kept,
      ...(stage ? { stage } : {}),
    },
    source: isLatest || !current ? sourceOf(event, sha) : current.source,
  };
}

/** Event time of families ordered by it (rule 3). */
const eventTimeColumn: Partial<Record<ReferenceFamily, string>> = { ais: 'update_time', flight: 'updated' };

export function reduceReference(state: ReferenceState, event: DocumentEvent): Reduction<ReferenceState> {
  const unchanged = { state, changes: [] };
  const superseded = { ...unchanged, superseded: true } as const;
  const statement = statementOf(event);
  if (!statement) return unchanged;
  const stateKey = `${statement.family}:${statement.key}`;
  const current = state.get(stateKey);
  const sha = canonicalSha256(event.document);
  let next: ReferenceItem | undefined;
  if (statement.family === 'truck') {
    next = reduceTruck(current, statement, event, sha);
  } else {
    if (current?.source.contentSha256 === sha) return unchanged;
    const olderRecord = olderThan(
      event.provenance,
      current && placeOf(current.source.position, current.source.receivedAt),
    );
    const timeColumn = eventTimeColumn[statement.family];
    const before = timeColumn ? millis(current?.columns[timeColumn]) : undefined;
    const now = timeColumn ? millis(statement.columns[timeColumn]) : undefined;
    if (before !== undefined && now !== undefined) {
      if (now < before || (now === before && olderRecord)) return superseded;
    } else if (olderRecord) {
      return superseded;
    }
    next = {
      family: statement.family,
      key: statement.key,
      columns: statement.columns,
      fields: event.document,
      source: sourceOf(event, sha),
    };
  }
  if (!next) return unchanged;
  const updated = new Map(state);
  updated.set(stateKey, next);
  return { state: updated, changes: [] };
}
