import { type ChangeEvent, subscriptionWantsKind } from '@tradelog/schemas/changes/contract';
import {
  asksCarrierData,
  type OceanHistory,
  oceanUnknownResult,
  trackingKindOf,
  withoutCarrierData,
} from '../tracking/answers.ts';
import { customerNameMatches } from '../tracking/customerName.ts';
import { carrierMatches, oceanView } from '../tracking/oceanView.ts';
import type {
  AirCriteria,
  ChangesCriteria,
  ExpressCriteria,
  OceanCriteria,
  PushFamily,
  TerminalCriteria,
} from './families.ts';

/**
 * From a change event to the body a subscriber receives (query spec §3; shapes documented in
 * projections/src/push/README.md). Pure: the subscription, the per-subject sequence and the clock are
 * passed in. It lives beside the families because every delivery's body is rendered with it
 * (./eventDelivery.ts): the push processor's, and a tracking subscription's first push, made by
 * the subscription routes.
 */

const stringsOf = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : undefined;

/**
 * Which subscriptions an event may concern: the families and the keys to look them up by — the
 * subject and its aliases, or, for an ocean change, only the keys whose answer it altered
 * (`data.pushKeys`, tracking reducer rule 6).
 */
export function lookupOf(event: ChangeEvent): { families: PushFamily[]; keys: string[]; projection: string } {
  const keys = stringsOf(event.data.pushKeys) ?? [event.subject, ...(stringsOf(event.data.matchKeys) ?? [])];
  if (event.kind === trackingKindOf.express)
    return { families: ['express', 'express-map'], keys, projection: event.projection };
  if (event.kind === trackingKindOf.air) return { families: ['air'], keys, projection: event.projection };
  if (event.kind === trackingKindOf.ocean) return { families: ['ocean'], keys, projection: event.projection };
  if (event.kind === trackingKindOf.terminal)
    return { families: ['terminal'], keys, projection: event.projection };
  return { families: ['changes'], keys: [event.enterprise], projection: event.projection };
}

/**
 * Whether a matched subscription may be pushed this event. An express parcel of a carrier with a
 * customerName rule (§3) goes only to subscriptions whose customerName matches the values the
 * event carries (`data.customerNames`, from the parcel's feeds): a subscription made before any
 * data existed could only be checked for form, and a wrong value must not see the parcel.
 */
export function customerNameAllows(
  event: ChangeEvent,
  subscription: { family: PushFamily; criteria: unknown },
): boolean {
  if (subscription.family !== 'express' && subscription.family !== 'express-map') return true;
  const criteria = subscription.criteria as ExpressCriteria;
  const accepted = Array.isArray(event.data.customerNames)
    ? event.data.customerNames.filter((value): value is string => typeof value === 'string')
    : [];
  return customerNameMatches(criteria.shipperCode, criteria.customerName, accepted);
}

/**
 * Whether a matched subscription may be pushed this event: the express customerName rule above,
 * and an ocean subscription's carrierCode (§5: AUTO or absent recognises the carrier; another
 * code must be the bill's, else the query answers START and nothing is pushed).
 */
export function subscriptionAllows(
  event: ChangeEvent,
  subscription: { family: PushFamily; criteria: unknown; coverageThreshold?: number },
): boolean {
  if (subscription.family === 'changes') return changesAllow(event, subscription);
  if (subscription.family === 'ocean' && isOceanHistory(event.data.history))
    return carrierMatches(event.data.history, (subscription.criteria as OceanCriteria).carrierCode);
  return customerNameAllows(event, subscription);
}

/**
 * A `changes` subscription gets the kinds it names, else every kind but those pushed on request
 * (the change contract's `onRequestKinds`); a `coverage.low` event only when it crossed the
 * threshold of the subscription's account for the enterprise (processors/README.md "Release and
 * coverage alerts": one event per threshold in force).
 */
function changesAllow(
  event: ChangeEvent,
  subscription: { criteria: unknown; coverageThreshold?: number },
): boolean {
  if (!subscriptionWantsKind((subscription.criteria as ChangesCriteria).kinds, event.kind)) return false;
  if (event.kind === 'coverage.low')
    return (
      subscription.coverageThreshold !== undefined && event.data.threshold === subscription.coverageThreshold
    );
  return true;
}

const isOceanHistory = (value: unknown): value is OceanHistory =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as OceanHistory).events) &&
  typeof (value as OceanHistory).facts === 'object';

/** `yyyy-MM-dd HH:mm:ss` in platform time (China, UTC+8), as the express platform writes times. */
export function platformTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const expressItemFields = [
  'stateEx',
  'shipperCode',
  'logisticCode',
  'traces',
  'coordinates',
  'success',
  'deliveryManTel',
  'routeMapUrl',
  'state',
  'senderCityLatAndLng',
  'location',
  'reason',
  'orderCode',
] as const;

/** What only the map version carries (§3 Express push payload; §1 map and text versions). */
const expressMapFields = ['routeMapUrl', 'coordinates', 'senderCityLatAndLng'] as const;

function pick(data: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (data[name] !== undefined) out[name] = data[name];
  return out;
}

/**
 * The ocean push's DTP (§3 Ocean "Push"; the spec gives no meaning): our reading is the
 * destination — the code of the bill's place of delivery as the result states it, beside POL,
 * the port of loading; empty while no feed has named it.
 */
function destinationOf(result: unknown): string {
  const delivery = (result as { delivery?: { code?: unknown } } | undefined)?.delivery;
  return typeof delivery?.code === 'string' ? delivery.code : '';
}

/**
 * The ocean push's `result`: what the ocean query answers the subscription at this moment
 * (../tracking/oceanView.ts): by container or by bill, within the port area's history window,
 * without carrier data when no carrierCode was given (§5). An event published before tracking
 * revision 4 carries no `history`: its bill `result` is pushed as it was then, without carrier
 * data when no carrierCode was given.
 */
function oceanPushResult(event: ChangeEvent, criteria: OceanCriteria, now: Date): Record<string, unknown> {
  if (isOceanHistory(event.data.history)) {
    const ask = {
      containerNo: criteria.containerNo,
      carrierCode: criteria.carrierCode,
      portCode: criteria.portCode,
    };
    // A carrier mismatch is not pushed (subscriptionAllows); rendered, it is what the query answers.
    return (
      oceanView(event.data.history, ask, now) ??
      oceanUnknownResult({
        billNo: criteria.billNo,
        ...(criteria.containerNo ? { containerNo: criteria.containerNo } : {}),
      })
    );
  }
  const result = (event.data.result ?? {}) as Record<string, unknown>;
  return asksCarrierData(criteria.carrierCode) ? result : withoutCarrierData(result);
}

/** The ocean push (§3 Ocean "Push"): the subscription's parameters and the result it is answered. */
function oceanPushBody(
  subscriptionId: string,
  criteria: OceanCriteria,
  result: Record<string, unknown>,
): Record<string, unknown> {
  return {
    params: {
      referenceno: subscriptionId,
      subscriptions: [
        {
          CARRIER_CD: criteria.carrierCode ?? '',
          REFERENCE_NO: criteria.billNo,
          CTNRNO: criteria.containerNo ?? '',
          IEMARK: criteria.isExport ?? '',
          POL: criteria.portCode ?? '',
          DTP: destinationOf(result),
        },
      ],
    },
    result,
  };
}

/**
 * The push an ocean subscription of a bill or container no provider reported within the
 * provider window is owed (§4 NODATA; ../tracking/firstAsks.ts): what the query answers it then.
 */
export function oceanNoDataPayload(subscriptionId: string, criteria: OceanCriteria): Record<string, unknown> {
  const containerNo = criteria.containerNo?.trim();
  return oceanPushBody(
    subscriptionId,
    criteria,
    oceanUnknownResult({ billNo: criteria.billNo, ...(containerNo ? { containerNo } : {}) }, 'NODATA'),
  );
}

export interface PayloadContext {
  subscriptionId: string;
  family: PushFamily;
  criteria: unknown;
  sequence: number;
  now: Date;
}

export function pushPayload(event: ChangeEvent, context: PayloadContext): Record<string, unknown> {
  switch (context.family) {
    case 'express':
    case 'express-map': {
      const criteria = context.criteria as ExpressCriteria;
      const item = pick(event.data, expressItemFields);
      // The text version carries none of the map's fields (query spec §1: map and text versions;
      // its webhook schema in query-api's OpenAPI names none of them).
      if (context.family === 'express') for (const field of expressMapFields) delete item[field];
      // Traces in the order the subscriber asked for (§3 Express: sort 0 ascending, 1 descending).
      if (criteria.sort === '1' && Array.isArray(item.traces)) item.traces = [...item.traces].reverse();
      item.shipperCode ??= criteria.shipperCode;
      item.logisticCode ??= criteria.logisticCode;
      if (criteria.orderCode !== undefined) item.orderCode ??= criteria.orderCode;
      item.success ??= true;
      const data = [item];
      // §3 "count (max length 2)": the number of items; a push carries one parcel's change.
      return { pushTime: platformTime(context.now), count: String(data.length), data };
    }
    case 'air': {
      // As the air query answers (§3 "Air tracking"), with the subscribed waybill.
      const criteria = context.criteria as AirCriteria;
      return {
        params: { businessNumber: criteria.businessNumber },
        statusCode: 20000,
        message: 'success',
        data: event.data.data === undefined ? [] : [event.data.data],
      };
    }
    case 'ocean': {
      const criteria = context.criteria as OceanCriteria;
      return oceanPushBody(context.subscriptionId, criteria, oceanPushResult(event, criteria, context.now));
    }
    case 'terminal': {
      const criteria = context.criteria as TerminalCriteria;
      return {
        params: { businessNumber: criteria.businessNumber, portCode: criteria.portCode, ieid: criteria.ieid },
        result: event.data.result ?? {},
      };
    }
    case 'changes': {
      const criteria = context.criteria as ChangesCriteria;
      return {
        eventId: event.eventId,
        type: event.kind,
        projection: event.projection,
        enterprise: criteria.enterprise,
        subject: event.subject,
        sequence: context.sequence,
        occurredAt: event.occurredAt,
        data: event.data,
      };
    }
  }
}
