import type { TrackedEvent, TrackedItem } from '@tradelog/projections/tracking/item';
import { carrierMatches, withinPortHistory } from '@tradelog/projections/tracking/oceanView';
import { describe, expect, it } from 'vitest';
import {
  checkCarrierRequest,
  checkCustomerName,
  checkOrderCode,
  checkPortRequest,
  subscriptionTimeline,
} from './rules.ts';

const event = (eventCode: string, at: string, source: string, portCode = 'CNSHA'): TrackedEvent => ({
  id: `${eventCode}|${portCode}`,
  group: 'events',
  at,
  estimated: false,
  fields: { eventCode, portCode, eventTime: at },
  provenance: { documentId: 'd', partnerId: 'p', position: 't/0/1', receivedAt: at, source },
});

const item = (facts: Record<string, unknown>, events: TrackedEvent[] = []): TrackedItem => ({
  family: 'ocean',
  subject: 'ocean/bill/B1',
  aliases: [],
  facts,
  events,
  derived: { status: 'PROCESS', ...(events.length ? { currentEvent: events[events.length - 1]! } : {}) },
  reports: [],
  lastEventId: null,
  firstReceivedAt: '2024-01-01T00:00:00.000Z',
  lastReceivedAt: '2024-01-01T00:00:00.000Z',
});

describe('express customerName (§3)', () => {
  it('needs the last four phone digits for SF and the shipper account for JD, and they must match the parcel', () => {
    const parcel = item({ receiverPhoneTail: '5678', senderPhoneTail: '1234', shipperAccount: 'JD-001' });
    expect(checkCustomerName('SF', undefined, parcel)?.code).toBe('CUSTOMER_NAME_REQUIRED');
    expect(checkCustomerName('sf', '56789', parcel)?.code).toBe('CUSTOMER_NAME_REQUIRED');
    expect(checkCustomerName('SF', '5678', parcel)).toBeUndefined();
    expect(checkCustomerName('SF', '1234', parcel)).toBeUndefined();
    expect(checkCustomerName('SF', '0000', parcel)?.code).toBe('CUSTOMER_NAME_MISMATCH');
    expect(checkCustomerName('JD', '', parcel)?.code).toBe('CUSTOMER_NAME_REQUIRED');
    expect(checkCustomerName('JD', 'JD-001', parcel)).toBeUndefined();
    expect(checkCustomerName('YTO', undefined, parcel)).toBeUndefined();
    // Unknown parcel: nothing to compare with; the query answers success false on its own.
    expect(checkCustomerName('SF', '5678', null)).toBeUndefined();
    // A parcel whose carrier sent no phone digits is shown to nobody under SF's rule.
    expect(checkCustomerName('SF', '5678', item({}))?.code).toBe('CUSTOMER_NAME_MISMATCH');
  });
});

describe('express orderCode (§3 instant query)', () => {
  it('given a parcel whose feed stated an order code, then only that code or none is answered', () => {
    const parcel = item({ orderCode: 'SO-1' });
    expect(checkOrderCode(undefined, parcel)).toBeUndefined();
    expect(checkOrderCode(' SO-1 ', parcel)).toBeUndefined();
    expect(checkOrderCode('SO-2', parcel)?.code).toBe('ORDER_CODE_MISMATCH');
    // Nothing stated (or nothing known): the request's code is not contradicted.
    expect(checkOrderCode('SO-2', item({}))).toBeUndefined();
    expect(checkOrderCode('SO-2', null)).toBeUndefined();
  });
});

describe('a subscription’s timeline', () => {
  const parcel = {
    ...item({ shipperCode: 'SF', receiverPhoneTail: '5678', senderPhoneTail: '1234', shipperAccount: 'A-1' }),
    family: 'express' as const,
    subject: 'express/SF/SF1',
  };
  const subscription = (customerName: string, shipperCode = 'SF') => ({
    family: 'express',
    criteria: { shipperCode, logisticCode: 'SF1', customerName },
  });

  it('given a matching customerName, shows the parcel without any check value', () => {
    const { item: shown, withheld } = subscriptionTimeline(subscription('5678'), parcel);
    expect(withheld).toBeUndefined();
    expect(shown?.facts).toEqual({ shipperCode: 'SF' });
  });

  it('given a subscription made before the parcel was known, when the parcel arrives with other check values, then it shows nothing', () => {
    // Only the form of 0000 could be checked when it subscribed; the data does not verify it.
    const { item: shown, withheld } = subscriptionTimeline(subscription('0000'), parcel);
    expect(shown).toBeNull();
    expect(withheld?.code).toBe('CUSTOMER_NAME_MISMATCH');
    // Nor when the carrier sent no check value at all.
    expect(
      subscriptionTimeline(subscription('5678'), { ...parcel, facts: { shipperCode: 'SF' } }).item,
    ).toBeNull();
  });

  it('shows no check value to subscriptions of carriers without a rule, nor of other families', () => {
    expect(subscriptionTimeline(subscription('', 'YTO'), parcel).item?.facts).toEqual({ shipperCode: 'SF' });
    expect(subscriptionTimeline({ family: 'ocean', criteria: {} }, parcel).item?.facts).toEqual({
      shipperCode: 'SF',
    });
    expect(subscriptionTimeline(subscription('5678'), null)).toEqual({ item: null });
  });
});

describe('ocean port areas (§5, §9)', () => {
  it('knows the ten port areas, needs isExport for port data, refuses imports at the export-only ones and Nansha without a container', () => {
    expect(checkPortRequest({})).toBeUndefined();
    expect(checkPortRequest({ portCode: 'CNSHA', isExport: 'I' })).toBeUndefined();
    expect(checkPortRequest({ portCode: 'USLAX', isExport: 'E' })?.code).toBe('PORT_NOT_SUPPORTED');
    expect(checkPortRequest({ portCode: 'CNNGB' })?.code).toBe('IS_EXPORT_REQUIRED');
    for (const port of ['CNYTN', 'CNSHK', 'CNCWN', 'CNDCB']) {
      expect(checkPortRequest({ portCode: port, isExport: 'I' })?.code).toBe('PORT_EXPORT_ONLY');
      expect(checkPortRequest({ portCode: port, isExport: 'E' })).toBeUndefined();
    }
    expect(checkPortRequest({ portCode: 'CNNSA', isExport: 'E' })?.code).toBe('CONTAINER_NO_REQUIRED');
    expect(
      checkPortRequest({ portCode: 'cnnsa', isExport: 'E', containerNo: 'CSNU6184570' }),
    ).toBeUndefined();
  });

  it('answers the port area’s events for 60 days after departure at Shanghai, 90 at Xiamen; the carrier’s always', () => {
    const loaded = event('LOBD', '2024-01-01T00:00:00.000Z', '0');
    const carrier = event('DSCH', '2024-01-20T00:00:00.000Z', '1', 'USLAX');
    const bill = item({}, [loaded, carrier]);
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000);
    expect(withinPortHistory(bill, 'CNSHA', day(59)).events).toHaveLength(2);
    expect(withinPortHistory(bill, 'CNSHA', day(61)).events.map((e) => e.fields.eventCode)).toEqual(['DSCH']);
    const xiamen = item({}, [event('LOBD', '2024-01-01T00:00:00.000Z', '0', 'CNXMN'), carrier]);
    expect(withinPortHistory(xiamen, 'CNXMN', day(89)).events).toHaveLength(2);
    expect(withinPortHistory(xiamen, 'CNXMN', day(91)).events).toHaveLength(1);
    expect(withinPortHistory(bill, 'CNNGB', day(400))).toBe(bill);
  });

  it('takes AUTO or no carrier as any carrier, any other code only for the bill’s carrier', () => {
    const bill = item({ carrierCode: 'COSU', carrier: { scac: 'COSU', code: 'COSCO' } });
    expect(carrierMatches(bill, undefined)).toBe(true);
    expect(carrierMatches(bill, 'auto')).toBe(true);
    expect(carrierMatches(bill, 'cosco')).toBe(true);
    expect(carrierMatches(bill, 'MSCU')).toBe(false);
  });
});

describe('carriers and container-number queries (§5, by the carrier table)', () => {
  it('refuses a container number for a carrier without container queries, and asks for one where both are needed', () => {
    const ask = (carrierCode: string, containerNo?: string) => ({
      carrierCode,
      ...(containerNo ? { containerNo } : {}),
    });
    expect(checkCarrierRequest(ask('ONEY', 'CSNU6184570'), { containerNoQuery: 'UNSUPPORTED' })?.code).toBe(
      'CONTAINER_QUERY_NOT_SUPPORTED',
    );
    expect(checkCarrierRequest(ask('ONEY'), { containerNoQuery: 'UNSUPPORTED' })).toBeUndefined();
    expect(checkCarrierRequest(ask('hlcu'), { containerNoQuery: 'WITH_BILL' })?.en).toContain('HLCU');
    expect(
      checkCarrierRequest(ask('HLCU', 'CSNU6184570'), { containerNoQuery: 'WITH_BILL' }),
    ).toBeUndefined();
    expect(
      checkCarrierRequest(ask('COSU', 'CSNU6184570'), { containerNoQuery: 'SUPPORTED' }),
    ).toBeUndefined();
    // Not judged: AUTO, and a carrier the table does not hold.
    expect(
      checkCarrierRequest(ask('AUTO', 'CSNU6184570'), { containerNoQuery: 'UNSUPPORTED' }),
    ).toBeUndefined();
    expect(checkCarrierRequest(ask('MSCU', 'CSNU6184570'), undefined)).toBeUndefined();
  });
});
