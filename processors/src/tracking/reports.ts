import {
  airSubject,
  expressSubject,
  oceanSubject,
  terminalSubject,
} from '@tradelog/projections/push/families';
import type {
  EventProvenance,
  Fields,
  TrackedEvent,
  TrackingFamily,
} from '@tradelog/projections/tracking/item';
import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import {
  type Document,
  type DocumentEvent,
  listOf,
  logPosition,
  sha256,
  text,
  untyped,
} from '../documents/event.ts';

/**
 * A feed document read as a report on one tracked item (query spec §3): which item, the facts it
 * states, and its events, each with an identity so that the same happening reported twice — in
 * a repeated report, by another source, or late — is recognised (README "Merge rules").
 */
export interface Report {
  family: TrackingFamily;
  subject: string;
  aliases: string[];
  facts: Fields;
  events: TrackedEvent[];
}

/** The feed types and their families. */
export const feedFamilies: Readonly<Record<string, TrackingFamily>> = {
  expressTrace: 'express',
  airCargoEvent: 'air',
  oceanContainerEvent: 'ocean',
  terminalEvent: 'terminal',
};

/** Event times as UTC ISO (feeds write Beijing time without an offset, schemas/README); the raw text otherwise. */
export function eventInstant(value: unknown): string {
  if (typeof value !== 'string') return '';
  return parseTradeDateTime(value)?.toISOString() ?? value;
}

const eventLists: Readonly<Record<TrackingFamily, readonly string[]>> = {
  express: ['traces'],
  air: ['shipmentEvents', 'transportEvents', 'equipmentEvents'],
  ocean: ['events'],
  terminal: ['equipmentEvents', 'transportEvents', 'shipmentEvents'],
};

const place = (fields: Document | undefined) =>
  text(fields, 'locationCode') ?? text(fields, 'locationName') ?? '';

/** The identity of an event: what makes two reports of it the same happening. */
function identityOf(family: TrackingFamily, group: string, f: Document): string {
  switch (family) {
    case 'express':
      // A trace is its time and its words; the carrier repeats both exactly when it repeats a trace.
      return `${eventInstant(f.acceptTime)}|${sha256(String(f.acceptStation ?? '')).slice(0, 16)}`;
    case 'air': {
      const flight = f.flight as Document | undefined;
      return [
        group,
        text(f, 'eventCode'),
        text(flight, 'flightNo') ?? '',
        place(f.location as Document),
      ].join('|');
    }
    case 'ocean':
      return [
        text(f, 'containerNo') ?? '',
        text(f, 'eventCode'),
        text(f, 'portCode') ?? text(f, 'eventPlace') ?? '',
      ].join('|');
    case 'terminal': {
      const category =
        text(f, 'equipmentEventCategory') ??
        text(f, 'transportEventCategory') ??
        text(f, 'shipmentEventCategory');
      const call = f.transportCall as Document | undefined;
      const equipment =
        text(f.equipment as Document | undefined, 'equipmentCode') ?? text(f, 'documentRef') ?? '';
      return [
        group,
        category,
        equipment,
        text(call, 'facilityCode') ?? place(call?.location as Document),
      ].join('|');
    }
  }
}

function estimatedOf(family: TrackingFamily, f: Document): boolean {
  if (family === 'ocean') return f.isEsti === 'Y';
  if (family === 'terminal') return f.eventClassifier === 'EST';
  return false;
}

function timeOf(family: TrackingFamily, f: Document): string {
  return eventInstant(family === 'express' ? f.acceptTime : f.eventTime);
}

function keysOf(
  family: TrackingFamily,
  document: Document,
): { subject: string; aliases: string[] } | undefined {
  switch (family) {
    case 'express': {
      const shipperCode = text(document, 'shipperCode');
      const logisticCode = text(document, 'logisticCode');
      if (!shipperCode || !logisticCode) return undefined;
      return { subject: expressSubject({ shipperCode, logisticCode }), aliases: [] };
    }
    case 'air': {
      const number = text(document, 'businessNumber');
      return number ? { subject: airSubject({ businessNumber: number }), aliases: [] } : undefined;
    }
    case 'ocean': {
      const billNo = text(document, 'billNo');
      if (!billNo) return undefined;
      const containers = new Set<string>();
      for (const container of listOf(document, 'containers')) {
        const number = text(container, 'containerNo');
        if (number) containers.add(number);
      }
      for (const event of listOf(document, 'events')) {
        const number = text(event, 'containerNo');
        if (number) containers.add(number);
      }
      const bookingNo = text(document, 'bookingNo');
      const aliases = [
        ...(bookingNo && bookingNo !== billNo ? [oceanSubject({ billNo: bookingNo })] : []),
        ...[...containers].sort().map((containerNo) => oceanSubject({ billNo, containerNo })),
      ];
      return { subject: oceanSubject({ billNo }), aliases };
    }
    case 'terminal': {
      const businessNumber = text(document, 'businessNumber');
      const portCode = text(document, 'portCode');
      const ieid = text(document, 'ieid');
      if (!businessNumber || !portCode || !ieid) return undefined;
      return { subject: terminalSubject({ businessNumber, portCode, ieid }), aliases: [] };
    }
  }
}

/**
 * A port area's report (ocean source 0) speaks for one port and one direction (§3 ocean params
 * portCode, isExport; §5 "isExport required to get port data"): each of its events carries
 * them, so that a container's status says which port and direction it came from. An event's own
 * portCode wins over the report's.
 */
function portAreaOf(document: Document): Fields | undefined {
  const portCode = text(document, 'portCode');
  const isExport = text(document, 'isExport');
  if (portCode === undefined && isExport === undefined) return undefined;
  return { ...(portCode === undefined ? {} : { portCode }), ...(isExport === undefined ? {} : { isExport }) };
}

/** The report a feed record makes; undefined for a record of another type or naming no item. */
export function reportOf(event: DocumentEvent): Report | undefined {
  const family = feedFamilies[event.type];
  if (!family) return undefined;
  const keys = keysOf(family, event.document);
  if (!keys) return undefined;
  const lists = eventLists[family];
  const source = family === 'ocean' ? text(event.document, 'source') : undefined;
  const provenance: EventProvenance = {
    documentId: event.provenance.documentId,
    partnerId: event.provenance.partnerId,
    position: logPosition(event.provenance),
    receivedAt: event.provenance.receivedAt,
    ...(source === undefined ? {} : { source }),
  };
  const events: TrackedEvent[] = [];
  const portArea = source === '0' ? portAreaOf(event.document) : undefined;
  for (const group of lists) {
    for (const fields of listOf(untyped(event.document), group)) {
      events.push({
        id: identityOf(family, group, fields),
        group,
        at: timeOf(family, fields),
        estimated: estimatedOf(family, fields),
        fields: portArea ? { ...portArea, ...fields } : fields,
        provenance,
      });
    }
  }
  const facts = Object.fromEntries(Object.entries(event.document).filter(([name]) => !lists.includes(name)));
  return { family, subject: keys.subject, aliases: keys.aliases, facts, events };
}
