import { parseTradeDateTime } from '@tradelog/schemas/documents/formats';
import { canonicalJsonEqual } from '@tradelog/schemas/kit/log/headers';
import { oceanSubject } from '../push/families.ts';
import {
  asksCarrierData,
  latestActual,
  type OceanEvent,
  type OceanHistory,
  oceanResult,
  withoutCarrierData,
} from './answers.ts';
import type { TrackedItem } from './item.ts';

/**
 * One ocean answer for the query and the push (query spec §3 "Ocean container tracking", §5, §9):
 * what a request or subscription — by bill or by container, with or without carrierCode, at a
 * port area or not — is answered at a moment. The query renders it from the stored item, the
 * push from the history its change event carries (`oceanHistoryOf`), so a push carries what the
 * query would answer for the same subscription at the time the push is made. Pure.
 */
export interface OceanAsk {
  containerNo?: string | undefined;
  carrierCode?: string | undefined;
  portCode?: string | undefined;
}

/** §9: the ten container-tracking port areas and their rules. */
export const portAreas: Readonly<
  Record<string, { exportOnly?: boolean; containerOnly?: boolean; historyDays?: number }>
> = {
  CNSHA: { historyDays: 60 },
  CNNGB: {},
  CNYTN: { exportOnly: true },
  CNSHK: { exportOnly: true },
  CNCWN: { exportOnly: true },
  CNDCB: { exportOnly: true },
  CNTAO: {},
  CNNSA: { containerOnly: true },
  CNTXG: {},
  CNXMN: { historyDays: 90 },
};

/** When the bill left the port: its actual loading there, else the receipt's actual departure. */
export function departedAt(item: OceanHistory, portCode: string): Date | undefined {
  const loaded = latestActual(
    item.events.filter((event) => event.fields.eventCode === 'LOBD' && event.fields.portCode === portCode),
  );
  if (loaded) return new Date(loaded.at);
  const receipt = item.facts.receipt as { atd?: unknown } | undefined;
  return typeof receipt?.atd === 'string' ? parseTradeDateTime(receipt.atd) : undefined;
}

/**
 * §9 history windows: the port area keeps a bill's data 60 (CNSHA) or 90 (CNXMN) days after
 * departure; after that its events (source 0) are no longer answered. The carrier's stay.
 */
export function withinPortHistory<T extends OceanHistory>(
  item: T,
  portCode: string | undefined,
  now: Date,
): T {
  const days = portCode ? portAreas[portCode.trim().toUpperCase()]?.historyDays : undefined;
  if (days === undefined) return item;
  const departed = departedAt(item, portCode!.trim().toUpperCase());
  if (!departed || now.getTime() - departed.getTime() <= days * 86_400_000) return item;
  const events = item.events.filter((event) => event.provenance.source !== '0');
  const current = latestActual(events) ?? events.find((event) => event.estimated);
  const { currentEvent: _dropped, ...derived } = item.derived;
  return { ...item, events, derived: current ? { ...derived, currentEvent: current } : derived };
}

/** carrierCode AUTO (or absent) recognises the carrier; any other code must be the bill's carrier. */
export function carrierMatches(item: Pick<OceanHistory, 'facts'>, carrierCode: string | undefined): boolean {
  const wanted = carrierCode?.trim().toUpperCase();
  if (!wanted || wanted === 'AUTO') return true;
  const carrier = (item.facts.carrier ?? {}) as { scac?: unknown; code?: unknown };
  const known = [item.facts.carrierCode, carrier.scac, carrier.code].filter(
    (value): value is string => typeof value === 'string',
  );
  return known.length === 0 || known.some((value) => value.toUpperCase() === wanted);
}

/**
 * The `result` a request or subscription is answered: null when its carrierCode names another
 * carrier than the bill's (the query then answers START, a push is not made); else the port
 * area's history window, the container if one is asked for (it takes priority, §3), and no
 * carrier data without a carrierCode (§5).
 */
export function oceanView(item: OceanHistory, ask: OceanAsk, now: Date): Record<string, unknown> | null {
  if (!carrierMatches(item, ask.carrierCode)) return null;
  const result = oceanResult(
    withinPortHistory(item, ask.portCode, now),
    ask.containerNo?.trim() || undefined,
  );
  return asksCarrierData(ask.carrierCode) ? result : withoutCarrierData(result);
}

const historyEvent = (event: OceanEvent): OceanEvent => ({
  group: event.group,
  at: event.at,
  estimated: event.estimated,
  fields: event.fields,
  provenance: event.provenance.source === undefined ? {} : { source: event.provenance.source },
});

/**
 * What an ocean change event carries beside the bill's `result` so that every subscription's
 * view can be rendered from it (projections/src/push/README.md "Payloads"): the facts, the events
 * in event time with their source, the derived state — the item without its reports, ids and the
 * rest of the provenance.
 */
export function oceanHistoryOf(item: TrackedItem): OceanHistory {
  const { currentEvent, ...derived } = item.derived;
  return {
    facts: item.facts,
    events: item.events.map(historyEvent),
    derived: {
      status: derived.status,
      ...(derived.endedAt === undefined ? {} : { endedAt: derived.endedAt }),
      ...(currentEvent ? { currentEvent: historyEvent(currentEvent) } : {}),
    },
  };
}

const containerPrefix = oceanSubject({ billNo: '', containerNo: 'X' }).slice(0, -1);

/**
 * The keys whose answer a change alters (tracking reducer rule 6): the bill's own key and its
 * booking alias when the bill's result changed, a container's key when that container's result
 * changed. A change to one container does not concern a subscription to its sibling. Compared
 * without the port window and with the carrier's data: the change in the data, not in the time.
 *
 * Rendering every container's answer twice would cost containers × events a record; instead a
 * container's answer is rendered only when what it is made of changed: the part every answer
 * shares with the bill's (if that changed, every container's answer did), the container's own
 * entry in the bill's answer (its listing and events), and the events of no container, which
 * enter every container's current status.
 */
export function oceanChangedKeys(before: OceanHistory | undefined, after: TrackedItem): string[] {
  const containerKeys = after.aliases.filter((key) => key.startsWith(containerPrefix));
  const billKeys = [after.subject, ...after.aliases.filter((key) => !key.startsWith(containerPrefix))];
  if (before === undefined) return [...billKeys, ...containerKeys];
  const billBefore = oceanResult(before);
  const billAfter = oceanResult(after);
  const keys = canonicalJsonEqual(billBefore, billAfter) ? [] : [...billKeys];
  const everyContainer = !canonicalJsonEqual(shared(billBefore), shared(billAfter));
  const billLevelChanged = !canonicalJsonEqual(billLevelEvents(before), billLevelEvents(after));
  const entriesBefore = entriesByContainer(billBefore);
  const entriesAfter = entriesByContainer(billAfter);
  for (const key of containerKeys) {
    const containerNo = decodeURIComponent(key.slice(containerPrefix.length));
    const changed =
      everyContainer ||
      ((billLevelChanged ||
        !canonicalJsonEqual(entriesBefore.get(containerNo), entriesAfter.get(containerNo))) &&
        !canonicalJsonEqual(oceanResult(before, containerNo), oceanResult(after, containerNo)));
    if (changed) keys.push(key);
  }
  return keys;
}

/** What a bill's answer and each of its containers' share: all but the container, its listing and current status. */
function shared(result: Record<string, unknown>): Record<string, unknown> {
  const { containerNo: _c, isBillNo: _b, currentStatus: _s, containers: _l, ...rest } = result;
  return rest;
}

/** Events of no container: they enter every container's current status. */
const billLevelEvents = (item: OceanHistory) =>
  item.events
    .filter((event) => event.group === 'events' && event.fields.containerNo === undefined)
    .map((event) => [event.fields, event.provenance.source, event.estimated]);

/** The bill answer's container entries (listing and events) by container number. */
function entriesByContainer(result: Record<string, unknown>): Map<unknown, unknown[]> {
  const entries = new Map<unknown, unknown[]>();
  for (const entry of (result.containers ?? []) as { containerNo?: unknown }[]) {
    const list = entries.get(entry.containerNo) ?? [];
    if (list.length === 0) entries.set(entry.containerNo, list);
    list.push(entry);
  }
  return entries;
}
