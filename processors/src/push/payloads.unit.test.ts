import {
  customerNameAllows,
  lookupOf,
  platformTime,
  pushPayload,
  subscriptionAllows,
} from '@tradelog/projections/push/payloads';
import { oceanView } from '@tradelog/projections/tracking/oceanView';
import { decodeChangeEvent } from '@tradelog/schemas/changes/contract';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes.ts';
import { documentLog } from '../documents/testing.ts';
import { reduceTracking } from '../tracking/reducer.ts';

// A fixture: an override names a projection together with one of its kinds.
const event = (overrides: Partial<ChangeEvent>): ChangeEvent =>
  ({
    eventId: 'e-1',
    projection: 'order-status',
    kind: 'order.status-changed',
    enterprise: '91310000MA1FL0001X',
    subject: 'purchase/PO1',
    occurredAt: '2026-11-22T01:00:00.000Z',
    source: { documentId: 'd-1', topic: 't', partition: 0, offset: '7' },
    data: { kind: 'purchase', orderNo: 'PO1', from: '10', to: '20' },
    ...overrides,
  }) as ChangeEvent;
const now = new Date('2026-11-22T02:00:00.000Z');

describe('push payloads', () => {
  it("maps a lender's order-status change to Tradelog's change payload with its sequence", () => {
    const change = event({});
    expect(lookupOf(change)).toEqual({
      families: ['changes'],
      keys: [change.enterprise],
      projection: 'order-status',
    });
    expect(
      pushPayload(change, {
        subscriptionId: 's-1',
        family: 'changes',
        criteria: { enterprise: change.enterprise, projections: ['order-status'] },
        sequence: 3,
        now,
      }),
    ).toEqual({
      eventId: 'e-1',
      type: 'order.status-changed',
      projection: 'order-status',
      enterprise: change.enterprise,
      subject: 'purchase/PO1',
      sequence: 3,
      occurredAt: '2026-11-22T01:00:00.000Z',
      data: change.data,
    });
  });

  it("maps an enterprise feed's change (a payment account change) to the lender's changes subscription", () => {
    const change = event({
      projection: 'enterprise-feeds',
      kind: 'payment-account.changed',
      subject: 'account/TMALL/755912345610802/2024-03-01 16:42:10',
      data: { family: 'account', scope: 'TMALL/755912345610802', periods: ['2024-03-01 16:42:10'] },
    });
    expect(lookupOf(change)).toEqual({
      families: ['changes'],
      keys: [change.enterprise],
      projection: 'enterprise-feeds',
    });
    expect(
      pushPayload(change, {
        subscriptionId: 's-2',
        family: 'changes',
        criteria: { enterprise: change.enterprise, projections: ['enterprise-feeds'] },
        sequence: 1,
        now,
      }),
    ).toMatchObject({ type: 'payment-account.changed', projection: 'enterprise-feeds', data: change.data });
  });

  it('maps express traces to the spec push (pushTime, count, data), the text version without the map’s fields', () => {
    const change = event({
      projection: 'tracking',
      kind: 'express.traces',
      subject: 'express/SF/SF123',
      data: {
        state: '2',
        stateEx: '201',
        routeMapUrl: 'https://map/x',
        coordinates: [{ latAndLng: '31.2,121.4', location: '上海市' }],
        senderCityLatAndLng: '22.5,114.0',
        traces: [{ acceptTime: 't', acceptStation: 's' }],
        secretField: 1,
      },
    });
    expect(lookupOf(change).families).toEqual(['express', 'express-map']);
    const criteria = { shipperCode: 'SF', logisticCode: 'SF123', orderCode: 'O1' };
    const text = pushPayload(change, { subscriptionId: 's', family: 'express', criteria, sequence: 1, now });
    expect(text).toEqual({
      pushTime: '2026-11-22 10:00:00',
      count: '1',
      data: [
        {
          state: '2',
          stateEx: '201',
          traces: [{ acceptTime: 't', acceptStation: 's' }],
          shipperCode: 'SF',
          logisticCode: 'SF123',
          orderCode: 'O1',
          success: true,
        },
      ],
    });
    const map = pushPayload(change, {
      subscriptionId: 's',
      family: 'express-map',
      criteria,
      sequence: 1,
      now,
    });
    expect((map.data as Record<string, unknown>[])[0]).toMatchObject({
      routeMapUrl: 'https://map/x',
      coordinates: [{ latAndLng: '31.2,121.4', location: '上海市' }],
      senderCityLatAndLng: '22.5,114.0',
    });
  });

  it('maps ocean and terminal status to params + result', () => {
    const ocean = event({
      projection: 'tracking',
      kind: 'ocean.status',
      subject: 'ocean/bill/B1',
      data: { result: { billNo: 'B1' }, matchKeys: ['ocean/container/C1'] },
    });
    expect(lookupOf(ocean).keys).toEqual(['ocean/bill/B1', 'ocean/container/C1']);
    expect(
      pushPayload(ocean, {
        subscriptionId: 's-9',
        family: 'ocean',
        criteria: { billNo: 'B1', carrierCode: 'AUTO', isExport: 'E' },
        sequence: 1,
        now,
      }),
    ).toEqual({
      params: {
        referenceno: 's-9',
        subscriptions: [
          { CARRIER_CD: 'AUTO', REFERENCE_NO: 'B1', CTNRNO: '', IEMARK: 'E', POL: '', DTP: '' },
        ],
      },
      result: { billNo: 'B1' },
    });
    const terminal = event({
      projection: 'tracking',
      kind: 'terminal.status',
      subject: 'terminal/B1/CNSHA/E',
      data: { result: { shipment: {} } },
    });
    expect(
      pushPayload(terminal, {
        subscriptionId: 's',
        family: 'terminal',
        criteria: { businessNumber: 'B1', portCode: 'CNSHA', ieid: 'E' },
        sequence: 1,
        now,
      }),
    ).toEqual({ params: { businessNumber: 'B1', portCode: 'CNSHA', ieid: 'E' }, result: { shipment: {} } });
  });

  it('writes platform time as China local time', () => {
    expect(platformTime(new Date('2026-12-31T20:30:05Z'))).toBe('2027-01-01 04:30:05');
  });

  it('parses change records and rejects anything else', () => {
    expect(decodeChangeEvent(Buffer.from(JSON.stringify(event({})))).eventId).toBe('e-1');
    expect(() => decodeChangeEvent(Buffer.from('{"eventId":1}'))).toThrow(/not a change event/);
    expect(() => decodeChangeEvent(Buffer.from('nope'))).toThrow(/not JSON/);
    expect(() => decodeChangeEvent(null)).toThrow(/no value/);
  });

  it('pushes an SF parcel only to subscriptions whose customerName matches the event’s check values (§3)', () => {
    const parcel = event({
      projection: 'tracking',
      kind: 'express.traces',
      subject: 'express/SF/SF1',
      data: { state: '1', customerNames: ['5678', '1234'] },
    });
    const express = (customerName?: string) => ({
      family: 'express' as const,
      criteria: { shipperCode: 'sf', logisticCode: 'SF1', ...(customerName ? { customerName } : {}) },
    });
    expect(customerNameAllows(parcel, express('5678'))).toBe(true);
    expect(customerNameAllows(parcel, express(' 1234 '))).toBe(true);
    expect(customerNameAllows(parcel, express('0000'))).toBe(false);
    expect(customerNameAllows(parcel, express())).toBe(false);
    expect(customerNameAllows(parcel, { ...express('5678'), family: 'express-map' })).toBe(true);
    // Without check values (the carrier sent none) nobody under the rule is pushed.
    expect(customerNameAllows({ ...parcel, data: { state: '1' } }, express('5678'))).toBe(false);
    // Carriers without a rule, and other families, are not gated.
    expect(
      customerNameAllows(
        { ...parcel, subject: 'express/YTO/Y1', data: {} },
        { family: 'express', criteria: { shipperCode: 'YTO', logisticCode: 'Y1' } },
      ),
    ).toBe(true);
    expect(customerNameAllows(event({}), { family: 'changes', criteria: {} })).toBe(true);
  });

  it('fills the ocean push’s DTP with the bill’s place of delivery when a feed named it', () => {
    const ocean = event({
      projection: 'tracking',
      kind: 'ocean.status',
      subject: 'ocean/bill/B1',
      data: { result: { billNo: 'B1', delivery: { code: 'USLAX', name: 'Los Angeles' } } },
    });
    const payload = pushPayload(ocean, {
      subscriptionId: 's-9',
      family: 'ocean',
      criteria: { billNo: 'B1', portCode: 'CNSHA', isExport: 'E' },
      sequence: 1,
      now,
    }) as { params: { subscriptions: Record<string, string>[] } };
    expect(payload.params.subscriptions[0]).toMatchObject({ POL: 'CNSHA', DTP: 'USLAX' });
  });

  it('gives an ocean subscription without carrierCode (port data by portCode) no carrier data (§5)', () => {
    const status = (eventCode: string, eventTime: string, source: string) => ({
      eventCode,
      eventTime,
      isEsti: 'N',
      portCode: 'CNSHA',
      source,
    });
    const result = {
      billNo: 'B1',
      statusCategory: 'PROCESS',
      carrier: { scac: 'COSU' },
      currentStatus: status('DSCH', '2024-03-05 10:00:00', '1'),
      containers: [
        {
          containerNo: 'C1',
          status: [status('GITM', '2024-03-01 08:00:00', '0'), status('DSCH', '2024-03-05 10:00:00', '1')],
        },
      ],
    };
    const ocean = event({
      projection: 'tracking',
      kind: 'ocean.status',
      subject: 'ocean/bill/B1',
      data: { result },
    });
    const render = (criteria: Record<string, string>) =>
      pushPayload(ocean, {
        subscriptionId: 's',
        family: 'ocean',
        criteria: { billNo: 'B1', ...criteria },
        sequence: 1,
        now,
      }).result as Record<string, unknown>;
    const portOnly = render({ portCode: 'CNSHA', isExport: 'E' });
    expect(portOnly).not.toHaveProperty('carrier');
    expect(portOnly.containers).toEqual([
      { containerNo: 'C1', status: [status('GITM', '2024-03-01 08:00:00', '0')] },
    ]);
    expect(portOnly.currentStatus).toEqual(status('GITM', '2024-03-01 08:00:00', '0'));
    // AUTO recognises the carrier (§5): its data stays.
    expect(render({ carrierCode: 'AUTO' })).toEqual(result);
  });

  describe('an ocean subscription by container or by bill (§3: a container number takes priority)', () => {
    const log = documentLog();
    const status = (containerNo: string, eventCode: string, eventTime: string, source: '0' | '1') =>
      log('oceanContainerEvent', {
        billNo: 'COSU6287451230',
        source,
        carrierCode: 'COSU',
        carrier: { scac: 'COSU' },
        ...(source === '0' ? { portCode: 'CNSHA', isExport: 'E' } : {}),
        containers: [{ containerNo: 'CSNU6184570' }, { containerNo: 'CSNU6184571' }],
        events: [{ containerNo, eventCode, eventTime, isEsti: 'N', portCode: 'CNSHA' }],
      });
    let state = reduceTracking(new Map(), status('CSNU6184570', 'GITM', '2024-01-01 08:00:00', '0')).state;
    state = reduceTracking(state, status('CSNU6184571', 'GITM', '2024-01-01 09:00:00', '0')).state;
    const reduced = reduceTracking(state, status('CSNU6184570', 'LOBD', '2024-01-02 10:00:00', '1'));
    const item = reduced.state.get('ocean/bill/COSU6287451230')!;
    const change = reduced.changes[0]! as ChangeEvent;
    const render = (criteria: Record<string, string>, at = now) =>
      pushPayload(change, {
        subscriptionId: 's',
        family: 'ocean',
        criteria: { billNo: 'COSU6287451230', ...criteria },
        sequence: 1,
        now: at,
      }).result as {
        containerNo: string;
        isBillNo: string;
        containers: { containerNo: string; status: { source: string }[] }[];
      };

    it('given a container subscription, then the push carries that container only, as the query answers it', () => {
      const pushed = render({ containerNo: 'CSNU6184570', carrierCode: 'AUTO' });
      expect(pushed).toMatchObject({ containerNo: 'CSNU6184570', isBillNo: 'N' });
      expect(pushed.containers.map((c) => c.containerNo)).toEqual(['CSNU6184570']);
      expect(pushed).toEqual(oceanView(item, { containerNo: 'CSNU6184570', carrierCode: 'AUTO' }, now));
      const byBill = render({ carrierCode: 'AUTO' });
      expect(byBill).toMatchObject({ containerNo: '', isBillNo: 'Y' });
      expect(byBill.containers.map((c) => c.containerNo)).toEqual(['CSNU6184570', 'CSNU6184571']);
    });

    it('given a change of one container, then it is looked up by the bill’s key and that container’s only', () => {
      expect(lookupOf(change).keys).toEqual(['ocean/bill/COSU6287451230', 'ocean/container/CSNU6184570']);
    });

    it('given a subscription at Shanghai more than 60 days after departure, then the port area’s events are left out, as in the query (§9)', () => {
      const ask = { containerNo: 'CSNU6184570', carrierCode: 'AUTO', portCode: 'CNSHA', isExport: 'E' };
      const within = new Date('2024-02-20T00:00:00Z');
      const after = new Date('2024-03-10T00:00:00Z');
      expect(render(ask, within).containers[0]!.status.map((s) => s.source)).toEqual(['0', '1']);
      expect(render(ask, after).containers[0]!.status.map((s) => s.source)).toEqual(['1']);
      expect(render(ask, after)).toEqual(oceanView(item, ask, after));
    });

    it('given a carrierCode other than the bill’s, then the subscription is not pushed (the query answers START)', () => {
      const subscription = (carrierCode: string) => ({
        family: 'ocean' as const,
        criteria: { billNo: 'COSU6287451230', carrierCode },
      });
      expect(subscriptionAllows(change, subscription('MSCU'))).toBe(false);
      expect(subscriptionAllows(change, subscription('cosu'))).toBe(true);
      expect(subscriptionAllows(change, subscription('AUTO'))).toBe(true);
    });
  });

  describe('changes subscriptions: kinds pushed on request, coverage.low by the account’s threshold', () => {
    const change = (kind: 'collateral.reused' | 'collateral.released' | 'coverage.low', data = {}) =>
      ({
        eventId: 'e1',
        projection: 'collateral',
        kind,
        enterprise: 'E1',
        subject: 's',
        occurredAt: '2026-01-01T00:00:00.000Z',
        source: { documentId: 'd', topic: 't', partition: 0, offset: '1' },
        data,
      }) as const;
    const subscription = (kinds?: string[], coverageThreshold = 1) => ({
      family: 'changes' as const,
      criteria: { enterprise: 'E1', projections: ['collateral'], ...(kinds ? { kinds } : {}) },
      coverageThreshold,
    });

    it('a subscription naming no kinds gets every kind but those pushed on request', () => {
      expect(subscriptionAllows(change('collateral.reused'), subscription())).toBe(true);
      expect(subscriptionAllows(change('collateral.released'), subscription())).toBe(false);
      expect(subscriptionAllows(change('coverage.low', { threshold: 1 }), subscription())).toBe(false);
    });

    it('a subscription naming kinds gets those only; coverage.low only for the threshold of its account', () => {
      const asks = subscription(['collateral.released', 'coverage.low'], 1.2);
      expect(subscriptionAllows(change('collateral.reused'), asks)).toBe(false);
      expect(subscriptionAllows(change('collateral.released'), asks)).toBe(true);
      expect(subscriptionAllows(change('coverage.low', { threshold: 1.2 }), asks)).toBe(true);
      expect(subscriptionAllows(change('coverage.low', { threshold: 1 }), asks)).toBe(false);
    });
  });
});
