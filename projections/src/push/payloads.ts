import type { ChangeEvent } from '@tradelog/schemas/changes/contract';
import { asksCarrierData, trackingKindOf, withoutCarrierData } from '../tracking/answers.ts';
import { customerNameMatches } from '../tracking/customerName.ts';
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
 * processors/src/push/README.md). Pure: the subscription, the per-subject sequence and the clock are
 * passed in. It lives beside the families because every delivery's body is rendered with it
 * (./eventDelivery.ts): the push processor's, and a tracking subscription's first push, made by
 * the subscription routes.
 */

/** Which subscriptions an event may concern: the families and the keys to look them up by. */
export function lookupOf(event: ChangeEvent): { families: PushFamily[]; keys: string[]; projection: string } {
  const extra = Array.isArray(event.data.matchKeys)
    ? event.data.matchKeys.filter((key): key is string => typeof key === 'string')
    : [];
  const keys = [event.subject, ...extra];
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
      // The text version carries no route map link (query spec §1: map and text versions).
      if (context.family === 'express') delete item.routeMapUrl;
      // Traces in the order the subscriber asked for (§3 Express: sort 0 ascending, 1 descending).
      if (criteria.sort === '1' && Array.isArray(item.traces)) item.traces = [...item.traces].reverse();
      item.shipperCode ??= criteria.shipperCode;
      item.logisticCode ??= criteria.logisticCode;
      if (criteria.orderCode !== undefined) item.orderCode ??= criteria.orderCode;
      item.success ??= true;
      return { pushTime: platformTime(context.now), count: '1', data: [item] };
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
      const result = (event.data.result ?? {}) as Record<string, unknown>;
      return {
        params: {
          referenceno: context.subscriptionId,
          subscriptions: [
            {
              CARRIER_CD: criteria.carrierCode ?? '',
              REFERENCE_NO: criteria.billNo,
              CTNRNO: criteria.containerNo ?? '',
              IEMARK: criteria.isExport ?? '',
              POL: criteria.portCode ?? '',
              DTP: destinationOf(event.data.result),
            },
          ],
        },
        // §5: a subscription without carrierCode (port data by portCode) obtains no carrier data.
        result: asksCarrierData(criteria.carrierCode) ? result : withoutCarrierData(result),
      };
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
