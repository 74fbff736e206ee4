import { inTransaction } from '@tradelog/projections';
import { countBilledOrders, recordTrackingUse } from '@tradelog/projections/tracking/usage';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingRouter } from '../../query-api/src/tracking/router.ts';
import { testServices, uniqueName, waitFor } from '../harness/index.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type FedPushPipeline, startPushPipeline } from '../harness/pushPipeline.ts';
import { trackingCalls } from '../harness/trackingCalls.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers and push bodies, checked field by field
type Json = any;

// Feeds go through ingest, the log and the tracking projection; queries and subscriptions through
// query-api's routers; pushes through the changes topic and the push service to a real receiver
// (query spec §3, §4 "Subscription flow", §9; processors/src/tracking/README.md).
describe('tracking: feeds in, queries and pushes out', () => {
  const services = testServices();
  let pipeline: FedPushPipeline<'carrier' | 'subscriber'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'tr',
      keys: {
        carrier: { kind: 'partner', ownerId: 'carrier-tr' },
        subscriber: { kind: 'partner', ownerId: 'subscriber-tr' },
      },
      // reference: the carrier table the ocean query consults (§5 container-number queries).
      projections: ['tracking', 'reference'],
      routers: ({ pool }) => [createTrackingRouter({ pool })],
      // Every push delay at 1/450: the express push cycle’s 30 minutes (§9) become 4 s.
      settings: { retryScale: 1 / 450 },
      // As the spec's receivers answer.
      receiver: { reply: () => ({ status: 200, body: { ok: true, success: true } }) },
    });
  });

  afterAll(() => pipeline?.stop());

  const { call, feed, waitForQuiet } = trackingCalls(() => pipeline);

  /** The pushes to a path, their bodies parsed. */
  const pushesTo = (path: string) =>
    pipeline.receiver.pushesTo(path).map((push) => ({ ...push, body: push.json }));

  it('answers each query with the spec’s field names once the feeds are in', async () => {
    await feed('expressTrace', examples.expressTrace);
    await feed('oceanContainerEvent', examples.oceanContainerEvent);
    await feed('terminalEvent', examples.terminalEvent);
    await feed('airCargoEvent', examples.airCargoEvent);
    await waitForQuiet([]);

    const parcel = { shipperCode: 'SF', logisticCode: 'SF1425367689012', customerName: '5678' };
    const text = await call('/open/logistics/express/bird/instantQuery', { ...parcel, sort: '1' });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body).toMatchObject({
      shipperCode: parcel.shipperCode,
      logisticCode: parcel.logisticCode,
      success: true,
      state: '2',
      stateEx: '202',
      location: '上海市',
    });
    expect(text.body.routeMapUrl).toBeUndefined();
    expect(text.body.traces.map((t: Json) => t.action)).toEqual(['202', '201', '204', '1']);
    expect(Object.keys(text.body.traces[0]).sort()).toEqual([
      'acceptStation',
      'acceptTime',
      'action',
      'location',
    ]);
    const map = await call('/open/logistics/express/bird/instantQuery/route/map', parcel);
    expect(map.body).toMatchObject({ success: true, routeMapUrl: examples.expressTrace.routeMapUrl });
    expect(map.body.traces.map((t: Json) => t.action)).toEqual(['1', '204', '201', '202']);
    const withoutPhone = await call('/open/logistics/express/bird/instantQuery', {
      ...parcel,
      customerName: undefined,
    });
    expect(withoutPhone).toMatchObject({
      status: 400,
      body: { success: false, code: 'CUSTOMER_NAME_REQUIRED' },
    });
    expect(withoutPhone.body.reason.length).toBeLessThanOrEqual(50);
    const wrongPhone = await call('/open/logistics/express/bird/instantQuery', {
      ...parcel,
      customerName: '0000',
    });
    expect(wrongPhone.body).toMatchObject({ success: false, code: 'CUSTOMER_NAME_MISMATCH' });
    // §3 orderCode: the parcel's feed stated one; another is refused, the same one answered.
    const wrongOrder = await call('/open/logistics/express/bird/instantQuery', {
      ...parcel,
      orderCode: 'NOT-THIS-ORDER',
    });
    expect(wrongOrder).toMatchObject({ status: 400, body: { success: false, code: 'ORDER_CODE_MISMATCH' } });
    const sameOrder = await call('/open/logistics/express/bird/instantQuery', {
      ...parcel,
      orderCode: examples.expressTrace.orderCode,
    });
    expect(sameOrder.body).toMatchObject({ success: true, orderCode: examples.expressTrace.orderCode });
    const unknown = await call('/open/logistics/express/bird/instantQuery', {
      shipperCode: 'YTO',
      logisticCode: 'YT1',
    });
    expect(unknown).toMatchObject({
      status: 200,
      body: { success: false, shipperCode: 'YTO', logisticCode: 'YT1' },
    });
    expect(unknown.body.reason).toBeTruthy();

    const byContainer = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'NOT-THIS-BILL', containerNo: 'CSNU6184570', carrierCode: 'AUTO' },
    });
    expect(byContainer.body).toMatchObject({
      flag: 'success',
      data: {
        result: {
          billNo: 'COSU6287451230',
          containerNo: 'CSNU6184570',
          isBillNo: 'N',
          statusCategory: 'PROCESS',
          carrier: { scac: 'COSU' },
          currentStatus: { eventCode: 'LOBD', isEsti: 'N', source: '1', vslName: 'COSCO ARIES' },
        },
      },
    });
    expect(byContainer.body.data.result.containers[0].status.map((s: Json) => s.eventCode)).toEqual([
      'LOBD',
      'DSCH',
    ]);
    const otherCarrier = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'COSU6287451230', carrierCode: 'MSCU' },
    });
    expect(otherCarrier.body.data.result.statusCategory).toBe('START');
    // §5: without carrierCode (port data by portCode) no carrier data is obtained.
    const portOnly = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'COSU6287451230', portCode: 'CNSHK', isExport: 'E' },
    });
    expect(portOnly.body).toMatchObject({ flag: 'success', data: { result: { billNo: 'COSU6287451230' } } });
    expect(portOnly.body.data.result).not.toHaveProperty('carrier');
    const portStatuses = portOnly.body.data.result.containers.flatMap((c: Json) => c.status);
    expect(portStatuses.every((status: Json) => status.source === '0')).toBe(true);
    expect([null, '0']).toContain(portOnly.body.data.result.currentStatus?.source ?? null);
    const importAtShekou = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'COSU6287451230', portCode: 'CNSHK', isExport: 'I' },
    });
    expect(importAtShekou).toMatchObject({
      status: 400,
      body: { flag: 'failure', code: 'PORT_EXPORT_ONLY' },
    });

    const terminal = await call('/open/freightower/trace/shipment', {
      params: { businessNumber: 'COSU6287451230', portCode: 'CNSHK', ieid: 'I' },
    });
    expect(terminal.body.data.result.shipment).toMatchObject({
      businessNumber: 'COSU6287451230',
      status: 'PROCESS',
      equipmentEvents: [
        { equipmentEventCategory: 'DISC', eventClassifier: 'ACT', eventCategory: 'EQUIPMENT' },
      ],
      transportEvents: [{ transportEventCategory: 'ARRI', eventCategory: 'TRANSPORT' }],
    });
    const air = await call('/open/freightower/trace/air', { businessNumber: '78412345675' });
    expect(air.body).toMatchObject({
      statusCode: 20000,
      data: [{ businessNumber: '78412345675', status: 'PROCESS', carrier: { carrierCode: 'CZ' } }],
    });
    expect(
      (await call('/open/freightower/trace/air', { businessNumber: '784-1234567' })).body.statusCode,
    ).toBe(40000);

    // Billing (§9): the SF parcel queried four times and the unknown YTO one, each one order;
    // refused queries (no or wrong customerName) none.
    const usage = await call('/usage/tracking', undefined, 'GET');
    expect(usage.body).toMatchObject({ billingWindowDays: 40, dataList: [{ family: 'express', orders: 2 }] });
  });

  it('refuses the container-number queries the carrier table says a carrier does not answer (§5), in queries and subscriptions', async () => {
    await feed('carrierFeed', { carrierCode: 'ONEY', refreshHours: 24, containerNoQuery: 'UNSUPPORTED' });
    await feed('carrierFeed', { carrierCode: 'HLCU', refreshHours: 24, containerNoQuery: 'WITH_BILL' });
    await waitForProjectionsToApply(
      pipeline.pool,
      await endOffsetsOf(services.kafkaBrokers, [pipeline.topicOf('carrierFeed')]),
      {
        projections: ['reference'],
        topicOf: pipeline.topicOf,
      },
    );
    const byContainer = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'ONEYTYOE1234567', containerNo: 'CSNU6184570', carrierCode: 'ONEY' },
    });
    expect(byContainer).toMatchObject({ status: 400, body: { code: 'CONTAINER_QUERY_NOT_SUPPORTED' } });
    const subscribed = await call('/open/freightower/trace/ocean', {
      callbackUrl: pipeline.receiver.url('/ocean-oney'),
      params: { billNo: 'ONEYTYOE1234567', containerNo: 'CSNU6184570', carrierCode: 'ONEY' },
    });
    expect(subscribed.status).toBe(400);
    const billOnly = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'HLCUHAM123456', carrierCode: 'hlcu' },
    });
    expect(billOnly).toMatchObject({ status: 400, body: { code: 'CONTAINER_NO_REQUIRED' } });
    const both = await call('/open/freightower/trace/ocean', {
      params: { billNo: 'HLCUHAM123456', containerNo: 'CSNU6184570', carrierCode: 'HLCU' },
    });
    expect(both.body.data.result.statusCategory).toBe('START');
  });

  it('answers one parcel’s, container’s, shipment’s or flight’s timeline under its query’s rules', async () => {
    // The feeds of the test above are in (one file, run in order).
    const timeline = (family: string, request: unknown) =>
      call('/open/tracking/timeline', { family, request });
    const parcel = { shipperCode: 'SF', logisticCode: 'SF1425367689012', customerName: '5678' };
    const express = await timeline('express', parcel);
    expect(express.status, JSON.stringify(express.body)).toBe(200);
    expect(express.body.item).toMatchObject({ family: 'express', status: '2' });
    const traces = (await call('/open/logistics/express/bird/instantQuery', parcel)).body.traces;
    expect(express.body.item.events).toHaveLength(traces.length);
    expect(express.body.item.events[0].provenance).toMatchObject({ documentId: expect.any(String) });
    // The instant query's rule: SF parcels only with the customer's phone digits.
    expect((await timeline('express', { ...parcel, customerName: undefined })).body.code).toBe(
      'CUSTOMER_NAME_REQUIRED',
    );
    expect((await timeline('express', { ...parcel, customerName: '0000' })).body.code).toBe(
      'CUSTOMER_NAME_MISMATCH',
    );

    const container = await timeline('ocean', {
      params: { billNo: 'COSU6287451230', containerNo: 'CSNU6184570', carrierCode: 'AUTO' },
    });
    expect(container.body.item.family).toBe('ocean');
    expect(container.body.item.events.length).toBeGreaterThan(0);
    expect(
      (await timeline('ocean', { params: { billNo: 'COSU6287451230', portCode: 'CNSHK', isExport: 'I' } }))
        .body.code,
    ).toBe('PORT_EXPORT_ONLY');
    const shipment = await timeline('terminal', {
      params: { businessNumber: 'COSU6287451230', portCode: 'CNSHK', ieid: 'I' },
    });
    expect(shipment.body.item.family).toBe('terminal');
    const flight = await timeline('air', { businessNumber: '78412345675' });
    expect(flight.body.item).toMatchObject({
      family: 'air',
      subject: expect.stringContaining('78412345675'),
    });
    expect((await timeline('air', { businessNumber: '78400000000' })).body).toMatchObject({
      flag: 'success',
      item: null,
    });
    expect((await timeline('train', {})).status).toBe(400);
  });

  it('bills one order per carrier code and number over 40 days', async () => {
    const owner = { kind: 'partner', id: uniqueName('billing') };
    const use = (days: number) =>
      inTransaction(pipeline.pool, (client) =>
        recordTrackingUse(client, owner, {
          family: 'express',
          itemKey: 'express/SF/SF1',
          at: new Date(Date.UTC(2024, 0, 1) + days * 86_400_000),
        }),
      );
    const billed = [];
    for (const day of [0, 1, 39.9, 40, 41, 80]) billed.push(await use(day));
    expect(billed).toEqual([true, false, false, true, false, true]);
    const range = { from: new Date(Date.UTC(2024, 0, 1)), to: new Date(Date.UTC(2024, 11, 31)) };
    expect(await countBilledOrders(pipeline.pool, owner, range)).toEqual([{ family: 'express', orders: 3 }]);
  });

  it('pushes an express subscriber once data arrives, again on a change a cycle later, not on a resubmission, batches changes within a cycle, and pushes a return after the signed parcel (§4)', async () => {
    const logisticCode = uniqueName('YT')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 30);
    const path = `/hooks/express/${logisticCode}?token=t1`;
    const created = await call('/open/logistics/kdn/track/subscription/route/map', {
      shipperCode: 'YTO',
      logisticCode,
      sort: '1',
      callbackUrl: pipeline.receiver.url(path),
    });
    expect(created.body).toMatchObject({ success: true, firstPushQueued: false });
    const id = created.body.subscription.id;
    const report = (traces: Json[]) => ({
      shipperCode: 'YTO',
      logisticCode,
      routeMapUrl: 'https://map/1',
      traces,
    });
    const collected = { acceptTime: '2024-03-12 18:20:41', acceptStation: '已揽收', action: '1' };
    const transit = { acceptTime: '2024-03-13 09:00:00', acceptStation: '运输中', action: '2' };
    const outForDelivery = { acceptTime: '2024-03-14 08:00:00', acceptStation: '派送中', action: '202' };
    const signed = { acceptTime: '2024-03-14 11:00:00', acceptStation: '已签收', action: '301' };

    await feed('expressTrace', report([collected]));
    const [first] = await waitFor(() => (pushesTo(path).length >= 1 ? pushesTo(path) : undefined), {
      what: 'the first express push',
    });
    expect(first!.body).toMatchObject({
      count: '1',
      data: [{ shipperCode: 'YTO', logisticCode, state: '1', success: true, routeMapUrl: 'https://map/1' }],
    });
    expect(first!.body.pushTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await feed('expressTrace', report([collected]));
    await waitForQuiet([id]);
    expect(pushesTo(path)).toHaveLength(1);

    await feed('expressTrace', report([collected, transit]));
    const second = await waitFor(() => pushesTo(path)[1], { what: 'the second express push' });
    expect(second.body.data[0].state).toBe('2');
    expect(second.body.data[0].traces.map((t: Json) => t.action)).toEqual(['2', '1']);
    // The push cycle (§9): the change came within a cycle of the first push, so it waited for its end.
    expect(second.at - first!.at).toBeGreaterThanOrEqual(3500);

    // Two changes within one cycle go out as one push, of the newest state: the signed parcel.
    await feed('expressTrace', report([outForDelivery]));
    await feed('expressTrace', report([signed]));
    const third = await waitFor(() => pushesTo(path)[2], { what: 'the signed parcel’s push' });
    expect(third.body.data[0]).toMatchObject({ state: '3', stateEx: '301' });
    expect(third.body.data[0].traces.map((t: Json) => t.action)).toEqual(['301', '202', '2', '1']);
    await waitForQuiet([id]);
    const deliveries = (await call(`/subscriptions/${id}/deliveries`, undefined, 'GET')).body.dataList;
    expect(deliveries.map((d: Json) => d.state).sort()).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'superseded',
    ]);
    // §4: a push follows whenever data changes, the signed parcel's too: its return is pushed.
    const returned = { acceptTime: '2024-03-15 09:00:00', acceptStation: '退件已签收', action: '406' };
    await feed('expressTrace', report([returned]));
    const fourth = await waitFor(() => pushesTo(path)[3], { what: 'the returned parcel’s push' });
    expect(fourth.body.data[0]).toMatchObject({ state: '4', stateEx: '406' });
    await waitForQuiet([id]);
    expect(pushesTo(path)).toHaveLength(4);
  });

  it('pushes an SF parcel subscribed before any data only to the subscription whose customerName matches the feed’s phone digits', async () => {
    const logisticCode = uniqueName('SF')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 30);
    const subscribe = async (customerName: string) => {
      const path = `/hooks/sf/${logisticCode}/${customerName}`;
      const created = await call('/logistics/kdn/track/subscription', {
        shipperCode: 'SF',
        logisticCode,
        customerName,
        callbackUrl: pipeline.receiver.url(path),
      });
      // No parcel yet: only the value's form can be checked (§3).
      expect(created.body).toMatchObject({ success: true, firstPushQueued: false });
      return { path, id: created.body.subscription.id as string };
    };
    const right = await subscribe('5678');
    const wrong = await subscribe('0000');

    await feed('expressTrace', {
      shipperCode: 'SF',
      logisticCode,
      receiverPhoneTail: '5678',
      traces: [{ acceptTime: '2024-03-12 18:20:41', acceptStation: '已揽收', action: '1' }],
    });
    const [pushed] = await waitFor(
      () => (pushesTo(right.path).length >= 1 ? pushesTo(right.path) : undefined),
      { what: 'the push to the matching subscription' },
    );
    expect(pushed!.body.data[0]).toMatchObject({ shipperCode: 'SF', logisticCode, state: '1' });
    // The check values are the push processor's, never the subscriber's.
    expect(pushed!.body.data[0]).not.toHaveProperty('customerNames');
    await waitForQuiet([right.id, wrong.id]);
    expect(pushesTo(wrong.path)).toHaveLength(0);
    expect((await call(`/subscriptions/${wrong.id}/deliveries`, undefined, 'GET')).body.dataList).toEqual([]);
  });

  it('pushes an ocean subscriber at once when the bill is already known, then on a change', async () => {
    const path = '/push/ocean?token=t2';
    const created = await call('/open/freightower/trace/ocean', {
      callbackUrl: pipeline.receiver.url(path),
      params: { billNo: 'COSU6287451230', containerNo: 'CSNU6184570', carrierCode: 'AUTO' },
    });
    expect(created.body).toMatchObject({
      flag: 'success',
      firstPushQueued: true,
      data: { result: { statusCategory: 'PROCESS' } },
    });
    const first = await waitFor(() => pushesTo(path)[0], { what: 'the first ocean push, at once' });
    expect(first.body).toMatchObject({
      params: {
        referenceno: created.body.subscription.id,
        subscriptions: [{ REFERENCE_NO: 'COSU6287451230', CTNRNO: 'CSNU6184570', CARRIER_CD: 'AUTO' }],
      },
      result: { billNo: 'COSU6287451230', statusCategory: 'PROCESS' },
    });
    await waitForQuiet([created.body.subscription.id]);
    expect(pushesTo(path)).toHaveLength(1);

    await feed('oceanContainerEvent', {
      billNo: 'COSU6287451230',
      source: '0',
      portCode: 'CNSHK',
      events: [
        {
          containerNo: 'CSNU6184570',
          eventCode: 'DSCH',
          eventTime: '2024-03-05 10:15:00',
          isEsti: 'N',
          portCode: 'CNSHK',
        },
      ],
    });
    const second = await waitFor(() => pushesTo(path)[1], { what: 'the ocean change push' });
    expect(second.body.result.currentStatus).toMatchObject({ eventCode: 'DSCH', isEsti: 'N', source: '0' });
    expect(second.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
  });

  it('pushes an air subscriber when its waybill’s first data arrives, and again when the cargo is delivered', async () => {
    const businessNumber = '78400000011';
    const path = '/push/air?token=t3';
    const created = await call('/open/freightower/trace/air', {
      businessNumber,
      callbackUrl: pipeline.receiver.url(path),
    });
    expect(created).toMatchObject({
      status: 200,
      body: { statusCode: 20001, data: [], firstPushQueued: false },
    });
    const invalid = await call('/open/freightower/trace/air', {
      businessNumber: '784',
      callbackUrl: pipeline.receiver.url(path),
    });
    expect(invalid).toMatchObject({ status: 400, body: { statusCode: 40000, reason: 'VALIDATION_FAILED' } });

    await feed('airCargoEvent', { ...examples.airCargoEvent, businessNumber });
    const first = await waitFor(() => pushesTo(path)[0], { what: 'the first air push' });
    expect(first.body).toMatchObject({
      params: { businessNumber },
      statusCode: 20000,
      data: [{ businessNumber, status: 'PROCESS', carrier: { carrierCode: 'CZ' } }],
    });
    await feed('airCargoEvent', {
      businessNumber,
      equipmentEvents: [{ eventCode: 'DLV', eventTime: '2024-03-05 16:00:00', pieces: 3 }],
    });
    const second = await waitFor(() => pushesTo(path)[1], { what: 'the delivered push' });
    expect(second.body.data[0].status).toBe('COMPLETE');
    expect(second.body.data[0].equipmentEvents.map((e: Json) => e.eventCode)).toEqual(['RCS', 'DLV']);
  });
});
