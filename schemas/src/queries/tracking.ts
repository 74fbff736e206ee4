import { documentSchema, type JsonSchema, labels as l, patterned } from '../documents/json-schema.ts';
import { callbackUrl, expressRequestFields } from './requests.ts';

/**
 * Tracking queries beside the subscriptions of requests.ts (query spec §3, §5, §7): the express
 * instant query (text and route-map versions, not batch) and air tracking (query, or
 * subscription when callbackUrl is given; its path is not shown in the spec, ours is
 * `/open/freightower/trace/air`, beside the ocean and terminal ones).
 */
function expressInstant(words: Parameters<typeof documentSchema>[0]['words']): JsonSchema {
  return documentSchema({
    words,
    properties: expressRequestFields(),
    required: ['shipperCode', 'logisticCode'],
  });
}

export const expressInstantQueryRequest = expressInstant(
  l(
    '快递即时查询',
    'Express instant query',
    '查询一票快件的当前状态与轨迹（文字版）；单次一票，不支持批量',
    "A parcel's current state and traces (text version); one parcel per call, not batch",
  ),
);

export const expressRouteMapInstantQueryRequest = expressInstant(
  l(
    '快递即时查询（地图版）',
    'Express instant query (map)',
    '查询一票快件的当前状态与轨迹，并附路线地图链接',
    "A parcel's current state and traces with its route map link",
  ),
);

export const airTrackingRequest: JsonSchema = documentSchema({
  words: l(
    '空运跟踪',
    'Air cargo tracking',
    '按主运单号查询空运货物动态；带回调地址即为订阅，数据变化时推送',
    'Air cargo events by master air waybill; with a callback URL it is a subscription and changes are pushed',
  ),
  properties: {
    businessNumber: patterned(
      11,
      '^[0-9]{11}$',
      l(
        '运单号',
        'Air waybill number',
        '主运单号，11 位数字，不含连字符',
        'The master air waybill number: 11 digits, without the hyphen',
      ),
    ),
    callbackUrl,
  },
  required: ['businessNumber'],
});

/** The families of tracked items (processors/src/tracking/README.md). */
export type TrackingFamily = 'express' | 'air' | 'ocean' | 'terminal';

/** Where a tracked event (or a report) came from: the feed record and who sent it. */
export interface EventProvenance {
  documentId: string;
  partnerId: string;
  /** topic/partition/offset of the feed record. */
  position: string;
  receivedAt: string;
  /** Ocean: 1 carrier, 0 port area (§9 "Status source"); else absent. */
  source?: string;
}

/** One event of a tracked item's history, as the tracking projection keeps it and the timeline answers it. */
export interface TrackedEvent {
  /** The event's identity within the item: the same happening reported twice has the same id. */
  id: string;
  /** Which list of the answer it belongs to: traces, events, equipmentEvents, transportEvents, shipmentEvents. */
  group: string;
  /** UTC ISO time: what the history is ordered by. */
  at: string;
  estimated: boolean;
  fields: Readonly<Record<string, unknown>>;
  provenance: EventProvenance;
}

/**
 * A tracked item as `GET /subscriptions/{id}/tracking` and `POST /open/tracking/timeline` answer it
 * (`item`; query-api/README.md "Tracking timeline"): the derived status, the facts (check values
 * left out) and every event with its provenance.
 */
export interface ShownTrackedItem {
  family: TrackingFamily;
  subject: string;
  status: string;
  statusEx: string | null;
  location: string | null;
  facts: Readonly<Record<string, unknown>>;
  events: readonly TrackedEvent[];
  /** How many feed reports made it. */
  reports: number;
  lastReceivedAt: string;
}
