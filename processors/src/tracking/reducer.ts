import { pushedView, trackingKindOf } from '@tradelog/projections/tracking/answers';
import { trackingChangeData } from '@tradelog/projections/tracking/changeData';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { oceanChangedKeys } from '@tradelog/projections/tracking/oceanView';
import { canonicalJson, canonicalSha256 } from '@tradelog/schemas/kit/log/headers';
import { changeEvent, type Reduction } from '../changes.ts';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { compareLogOrder, type LogPlace, olderThan, placeOf } from '../documents/logOrder.ts';
import { deriveState, mergeEvents } from './merge.ts';
import { reportOf } from './reports.ts';

/**
 * Tracking (query spec §3, §4, §4 "Subscription flow", §9). Each feed record is a report on one
 * tracked item — a parcel, an air waybill, a bill of lading, a business number at a port. The
 * spec gives no transitions; these rules are ours (processors/src/tracking/README.md):
 *
 * 1. A record already applied (same log position) or with the same content as a report already
 *    merged into the item changes nothing, not even the provenance.
 * 2. The item's history holds every event of every report in event time, each with the
 *    provenance of the record that reported it. An event has an identity (express: time and
 *    words; air: list, code, flight, place; ocean: container, node code, port; terminal: list,
 *    category, container or document, facility): a late event is inserted at its time, a
 *    repeated one changes nothing.
 * 3. A second report of an event replaces the first when it is a correction by the same source,
 *    or an actual replacing an estimate; an estimate never replaces an actual, and another
 *    source's differing actual keeps the first (ocean carriers and port areas, §9 "Status source").
 * 4. Facts (carrier, places, routes, vessel, documents, route map, courier phone …) are the
 *    latest report's, field by field, in log order.
 * 5. Derived state (§4): express `state`/`stateEx` from the latest trace with an action (2xx → 2,
 *    3xx → 3, 4xx → 4, 6xx → 6), else the stated state, else 0; air PROCESS until a report says
 *    COMPLETE or cargo is delivered (DLV); ocean statusCategory as the latest report states it
 *    (NODATA turns PROCESS once events arrive; START is only ever answered for an unknown bill);
 *    terminal PROCESS until stated COMPLETE, or an actual departure (export) / gate-out (import).
 *    COMPLETE never reopens.
 * 6. A change event (`express.traces`, `air.status`, `ocean.status`, `terminal.status`) is
 *    published when what a subscriber is pushed — the spec's answer shape of the item — differs
 *    from before; its subject is the item's match key, `data.matchKeys` its aliases. An ocean
 *    bill is answered by bill and by each container (§3: a container number takes priority): its
 *    event is published when the bill's answer or any container's differs, `data.pushKeys` lists
 *    the keys whose answer differs (only their subscriptions are pushed: a change to one
 *    container is not pushed to a subscription of its sibling) and `data.history` is what each
 *    subscription's push is rendered from (projections/src/tracking/oceanView.ts).
 *    An express parcel of a carrier with a customerName rule (§3) also carries
 *    `data.customerNames`, the values a subscriber's customerName must match to be pushed it
 *    (never part of a payload: projections/src/push/README.md "customerName").
 * 7. Pushes never end by state (§4 "Subscription flow": after the first push, a push follows
 *    whenever data changes). A signed parcel (state 3) is pushed again when it changes: a return
 *    (406 return signed, 407 return not signed), a re-sign after an exception (302). §9's "then
 *    stops" ends the retries of one failed push, not the pushes of a parcel.
 * 8. A report older in log order than the latest merged one (an operator's retry of an old dead
 *    letter) only adds what the item lacks: events not seen, facts not held, aliases. When it
 *    adds nothing it changes nothing and is superseded (documents/logOrder.ts).
 */
export type TrackingState = ReadonlyMap<string, TrackedItem>;

export function reduceTracking(state: TrackingState, event: DocumentEvent): Reduction<TrackingState> {
  const report = reportOf(event);
  if (!report) return { state, changes: [] };
  const current = state.get(report.subject);
  const position = logPosition(event.provenance);
  // A report repeated with its keys in another order or spaced otherwise is the same report: its
  // canonical hash, not the record's hash of the submitted bytes (processors/README.md "Provenance").
  const contentSha256 = canonicalSha256(event.document);
  if (current?.reports.some((seen) => seen.position === position || seen.contentSha256 === contentSha256))
    return { state, changes: [] };

  const late = olderThan(event.provenance, latestReport(current));
  const events = mergeEvents(current?.events ?? [], report.events, late);
  const facts = late ? { ...report.facts, ...current?.facts } : { ...current?.facts, ...report.facts };
  const aliases = [...new Set([...(current?.aliases ?? []), ...report.aliases])].sort();
  if (
    late &&
    current &&
    events === current.events &&
    aliases.length === current.aliases.length &&
    canonicalJson(facts) === canonicalJson(current.facts)
  )
    return { state, changes: [], superseded: true };
  const receivedAt = event.provenance.receivedAt;
  let item: TrackedItem = {
    family: report.family,
    subject: report.subject,
    aliases,
    facts,
    events,
    derived: deriveState(report.family, facts, events, current?.derived),
    reports: [
      ...(current?.reports ?? []),
      {
        documentId: event.provenance.documentId,
        position,
        partnerId: event.provenance.partnerId,
        receivedAt,
        contentSha256,
      },
    ],
    lastEventId: current?.lastEventId ?? null,
    firstReceivedAt: current?.firstReceivedAt ?? receivedAt,
    lastReceivedAt:
      receivedAt > (current?.lastReceivedAt ?? '') ? receivedAt : (current?.lastReceivedAt ?? receivedAt),
  };

  const view = pushedView(item);
  // Ocean: by bill and by container (rule 6); the others: the item's one answer.
  const pushKeys = item.family === 'ocean' ? oceanChangedKeys(current, item) : undefined;
  const changed = pushKeys
    ? pushKeys.length > 0
    : current === undefined || canonicalJson(pushedView(current)) !== canonicalJson(view);
  const changes = [];
  if (changed) {
    const change = changeEvent(
      'tracking',
      trackingKindOf[item.family],
      item.subject,
      item.subject,
      event.provenance,
      trackingChangeData(item, view, pushKeys),
    );
    changes.push(change);
    item = { ...item, lastEventId: change.eventId };
  }
  const next = new Map(state);
  next.set(item.subject, item);
  return { state: next, changes };
}

/** Where the latest report merged into the item sits in the log. */
function latestReport(item: TrackedItem | undefined): LogPlace | undefined {
  let latest: LogPlace | undefined;
  for (const seen of item?.reports ?? []) {
    const place = placeOf(seen.position, seen.receivedAt);
    if (place && (latest === undefined || compareLogOrder(place, latest) > 0)) latest = place;
  }
  return latest;
}
