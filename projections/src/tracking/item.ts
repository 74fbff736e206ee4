import type { EventProvenance, TrackedEvent, TrackingFamily } from '@tradelog/schemas/queries/tracking';

/**
 * A tracked item as the tracking projection stores it (processors/src/tracking/README.md): one
 * parcel (express), air waybill (air), bill of lading (ocean) or business number at a port
 * (terminal); its merged facts, its full event history in event time with each event's
 * provenance, and the state derived from them. Shared by the reducer (processors), which
 * builds it, and the query API, which answers from it (./answers.ts).
 */

// The family, an event and its provenance are the tracking contract's: the timeline answers them.
export type { EventProvenance, TrackedEvent, TrackingFamily };
export const trackingFamilies: readonly TrackingFamily[] = ['express', 'air', 'ocean', 'terminal'];

export type Fields = TrackedEvent['fields'];

export interface ReportSeen {
  documentId: string;
  position: string;
  partnerId: string;
  receivedAt: string;
  contentSha256: string;
}

export interface Derived {
  /** express: state 0–10; air and terminal: PROCESS or COMPLETE; ocean: statusCategory. */
  status: string;
  /** express: the extended state of the latest trace. */
  statusEx?: string;
  /** express: where the parcel is; ocean: the current status event. */
  location?: string;
  currentEvent?: TrackedEvent;
  /** When the item ended (ocean endTime; the completing event's time otherwise). */
  endedAt?: string;
}

export interface TrackedItem {
  family: TrackingFamily;
  /** The match key (projections/src/push/families.ts): `express/SF/SF123`, `ocean/bill/COSU…` … */
  subject: string;
  /** Further keys the item answers to: ocean containers and booking numbers. */
  aliases: readonly string[];
  facts: Fields;
  events: readonly TrackedEvent[];
  derived: Derived;
  reports: readonly ReportSeen[];
  /** The id of the last change event published for it (the subscribe route's first push reuses it). */
  lastEventId: string | null;
  firstReceivedAt: string;
  lastReceivedAt: string;
}
