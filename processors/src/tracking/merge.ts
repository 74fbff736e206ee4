import { latestActual } from '@tradelog/projections/tracking/answers';
import type { Derived, Fields, TrackedEvent, TrackingFamily } from '@tradelog/projections/tracking/item';
import { canonicalJson } from '@tradelog/schemas/kit/log/headers';

/**
 * Merging reports into an item's history, and deriving its state (query spec §4; rules in
 * ./reducer.ts and README "Merge rules"). Pure.
 */

const sameSource = (a: TrackedEvent, b: TrackedEvent) =>
  a.provenance.partnerId === b.provenance.partnerId && a.provenance.source === b.provenance.source;

const byEventTime = (a: TrackedEvent, b: TrackedEvent) =>
  a.at < b.at
    ? -1
    : a.at > b.at
      ? 1
      : a.group < b.group
        ? -1
        : a.group > b.group
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0;

/**
 * The history with a report's events merged in, in event time; the same array when nothing
 * changed. A `late` report (older in log order than one already merged) only adds events the
 * history lacks: what it would correct was reported again since.
 */
export function mergeEvents(
  history: readonly TrackedEvent[],
  incoming: readonly TrackedEvent[],
  late = false,
): readonly TrackedEvent[] {
  let merged: TrackedEvent[] | undefined;
  for (const event of incoming) {
    const events = merged ?? history;
    const index = events.findIndex((known) => known.group === event.group && known.id === event.id);
    if (index === -1) {
      merged = [...events, event];
      continue;
    }
    const known = events[index]!;
    if (late || canonicalJson(known.fields) === canonicalJson(event.fields)) continue;
    // An estimate never replaces an actual; another source's actual does not overwrite the first one.
    if (!known.estimated && (event.estimated || !sameSource(known, event))) continue;
    merged = [...events];
    merged[index] = event;
  }
  return merged ? merged.sort(byEventTime) : history;
}

/** Express state of a trace's action: 2xx in transit, 3xx signed, 4xx problem, 6xx clearance (§4). */
export function expressStateOf(action: string): string {
  return action.length === 3 ? action[0]! : action;
}

const stated = (facts: Fields, field: string): string | undefined =>
  typeof facts[field] === 'string' ? (facts[field] as string) : undefined;

/**
 * The derived state of an item (§4). `previous` keeps COMPLETE sticky: an ended item does not
 * reopen because a late report still says PROCESS.
 */
export function deriveState(
  family: TrackingFamily,
  facts: Fields,
  events: readonly TrackedEvent[],
  previous: Derived | undefined,
): Derived {
  switch (family) {
    case 'express': {
      const traces = events.filter((event) => event.group === 'traces');
      const withAction = [...traces].reverse().find((event) => typeof event.fields.action === 'string');
      const withLocation = [...traces].reverse().find((event) => typeof event.fields.location === 'string');
      const action = withAction?.fields.action as string | undefined;
      const status = action !== undefined ? expressStateOf(action) : (stated(facts, 'state') ?? '0');
      const statusEx =
        action !== undefined ? (action.length === 3 ? action : undefined) : stated(facts, 'stateEx');
      const location = (withLocation?.fields.location as string | undefined) ?? stated(facts, 'location');
      return {
        status,
        ...(statusEx === undefined ? {} : { statusEx }),
        ...(location === undefined ? {} : { location }),
      };
    }
    case 'air': {
      const delivered = events.find(
        (event) => event.group === 'equipmentEvents' && event.fields.eventCode === 'DLV',
      );
      const complete =
        previous?.status === 'COMPLETE' || facts.status === 'COMPLETE' || delivered !== undefined;
      const endedAt = complete ? (delivered?.at ?? previous?.endedAt) : undefined;
      return { status: complete ? 'COMPLETE' : 'PROCESS', ...(endedAt ? { endedAt } : {}) };
    }
    case 'ocean': {
      const said = stated(facts, 'statusCategory');
      let status: string;
      if (previous?.status === 'COMPLETE' || said === 'COMPLETE') status = 'COMPLETE';
      // Data that arrives after a source said it had none puts the bill in progress.
      else if (said === 'NODATA' && events.length > 0) status = 'PROCESS';
      else status = said ?? 'PROCESS';
      const current = latestActual(events) ?? events.find((event) => event.estimated);
      const endTime = stated(facts, 'endTime');
      return {
        status,
        ...(current ? { currentEvent: current } : {}),
        ...(status === 'COMPLETE' && endTime ? { endedAt: endTime } : {}),
      };
    }
    case 'terminal': {
      const ended = events.find(
        (event) =>
          !event.estimated &&
          ((facts.ieid === 'E' && event.fields.transportEventCategory === 'DEPA') ||
            (facts.ieid === 'I' && event.fields.equipmentEventCategory === 'GTOT')),
      );
      const complete = previous?.status === 'COMPLETE' || facts.status === 'COMPLETE' || ended !== undefined;
      const endedAt = complete ? (ended?.at ?? previous?.endedAt) : undefined;
      return { status: complete ? 'COMPLETE' : 'PROCESS', ...(endedAt ? { endedAt } : {}) };
    }
  }
}
