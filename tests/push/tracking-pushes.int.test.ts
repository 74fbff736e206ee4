import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingRouter } from '../../query-api/src/tracking/router.ts';
import { uniqueName, waitFor } from '../harness/index.ts';
import { type FedPushPipeline, startPushPipeline } from '../harness/pushPipeline.ts';
import { trackingCalls } from '../harness/trackingCalls.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers and push bodies, checked field by field
type Json = any;

// Pushes exactly as subscribed, through the real push path: feeds through ingest and the tracking
// projection, change events on the changes topic, the push service, a receiver on loopback
// (query spec §3, §4 "Subscription flow", §9; projections/src/push/README.md "Payloads").
describe('tracking pushes carry what the subscription asked for', () => {
  let pipeline: FedPushPipeline<'carrier' | 'subscriber'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'tp',
      keys: {
        carrier: { kind: 'partner', ownerId: 'carrier-tp' },
        subscriber: { kind: 'partner', ownerId: 'subscriber-tp' },
      },
      projections: ['tracking'],
      routers: ({ pool }) => [createTrackingRouter({ pool })],
      receiver: { reply: () => ({ status: 200, body: { ok: true, success: true } }) },
    });
  });

  afterAll(() => pipeline?.stop());

  const { call, feed, waitForQuiet } = trackingCalls(() => pipeline);

  const pushesTo = (path: string) => pipeline.receiver.pushesTo(path).map((push) => push.json as Json);

  it('pushes a container subscription only its container, never for a change of its sibling, as the query answers it — the port area’s history window too (§3, §9)', async () => {
    const digits = () => String(randomInt(1_000_000, 9_999_999));
    const billNo = `COSU${digits()}`;
    const [c1, c2] = [`CSNU${digits()}`, `TGHU${digits()}`];
    const subscribe = async (name: string, params: Record<string, string>) => {
      const path = `/ocean/${name}?token=${uniqueName('t')}`;
      const created = await call('/open/freightower/trace/ocean', {
        callbackUrl: pipeline.receiver.url(path),
        params: { billNo, ...params },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return { path, id: created.body.subscription.id as string, params: { billNo, ...params } };
    };
    const first = await subscribe('c1', { containerNo: c1, carrierCode: 'AUTO' });
    const second = await subscribe('c2', { containerNo: c2, carrierCode: 'AUTO' });
    const bill = await subscribe('bill', { carrierCode: 'AUTO' });
    // Shanghai keeps a port area's events 60 days after departure (§9): these left in January 2024.
    const shanghai = await subscribe('sha', {
      containerNo: c1,
      carrierCode: 'AUTO',
      portCode: 'CNSHA',
      isExport: 'E',
    });
    const all = [first, second, bill, shanghai];

    const report = (source: '0' | '1', events: Json[]) => ({
      billNo,
      source,
      carrierCode: 'COSU',
      carrier: { scac: 'COSU', nameEn: 'COSCO' },
      ...(source === '0' ? { portCode: 'CNSHA', isExport: 'E' } : {}),
      containers: [{ containerNo: c1 }, { containerNo: c2 }],
      events,
    });
    const event = (containerNo: string, eventCode: string, eventTime: string, portCode = 'CNSHA') => ({
      containerNo,
      eventCode,
      eventTime,
      isEsti: 'N',
      portCode,
    });
    await feed(
      'oceanContainerEvent',
      report('0', [event(c1, 'GITM', '2024-01-01 08:00:00'), event(c2, 'GITM', '2024-01-01 09:00:00')]),
    );
    await feed(
      'oceanContainerEvent',
      report('1', [event(c1, 'LOBD', '2024-01-02 10:00:00'), event(c2, 'LOBD', '2024-01-02 11:00:00')]),
    );
    await waitForQuiet(all.map((s) => s.id));
    for (const [subscription, containerNo] of [
      [first, c1],
      [second, c2],
    ] as const) {
      const pushes = pushesTo(subscription.path);
      expect(pushes.length).toBeGreaterThan(0);
      for (const push of pushes) {
        expect(push.params.subscriptions[0]).toMatchObject({ REFERENCE_NO: billNo, CTNRNO: containerNo });
        expect(push.result).toMatchObject({ billNo, containerNo, isBillNo: 'N' });
        expect(push.result.containers.map((c: Json) => c.containerNo)).toEqual([containerNo]);
      }
    }
    expect(pushesTo(bill.path).at(-1).result).toMatchObject({ containerNo: '', isBillNo: 'Y' });
    expect(
      pushesTo(bill.path)
        .at(-1)
        .result.containers.map((c: Json) => c.containerNo),
    ).toEqual([c1, c2]);

    // A change of the second container only: its subscription and the bill's are pushed, the first's not.
    const before = Object.fromEntries(all.map((s) => [s.id, pushesTo(s.path).length]));
    await feed('oceanContainerEvent', report('1', [event(c2, 'DSCH', '2024-01-20 06:00:00', 'NLRTM')]));
    await waitForQuiet(all.map((s) => s.id));
    expect(pushesTo(first.path)).toHaveLength(before[first.id]!);
    expect(pushesTo(shanghai.path)).toHaveLength(before[shanghai.id]!);
    expect(pushesTo(second.path)).toHaveLength(before[second.id]! + 1);
    expect(pushesTo(bill.path)).toHaveLength(before[bill.id]! + 1);
    expect(pushesTo(second.path).at(-1).result.currentStatus).toMatchObject({ eventCode: 'DSCH' });

    // Each subscription's last push is what the query answers it now.
    for (const subscription of all) {
      const answer = await call('/open/freightower/trace/ocean', { params: subscription.params });
      expect(pushesTo(subscription.path).at(-1).result, subscription.path).toEqual(answer.body.data.result);
    }
    // The port area's events are past Shanghai's window: the push, like the query, has the carrier's only.
    const atShanghai = pushesTo(shanghai.path).at(-1).result;
    expect(atShanghai.containers[0].status.map((s: Json) => [s.eventCode, s.source])).toEqual([
      ['LOBD', '1'],
    ]);
  });

  it('pushes an express text subscription no coordinates, sender city nor map link, the map subscription all three (§1, §3)', async () => {
    const logisticCode = `YT${randomInt(1_000_000_000, 9_999_999_999)}`;
    const subscribe = async (path: string, route: string) => {
      const created = await call(route, {
        shipperCode: 'YTO',
        logisticCode,
        callbackUrl: pipeline.receiver.url(path),
      });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ success: true });
      return created.body.subscription.id as string;
    };
    const textPath = `/express/text/${logisticCode}`;
    const mapPath = `/express/map/${logisticCode}`;
    const ids = [
      await subscribe(textPath, '/logistics/kdn/track/subscription'),
      await subscribe(mapPath, '/open/logistics/kdn/track/subscription/route/map'),
    ];
    await feed('expressTrace', {
      shipperCode: 'YTO',
      logisticCode,
      routeMapUrl: 'https://map.example/yt',
      coordinates: [{ latAndLng: '31.230416,121.473701', location: '上海市' }],
      senderCityLatAndLng: '22.543096,114.057865',
      deliveryManTel: '13800000000',
      traces: [{ acceptTime: '2024-03-12 18:20:41', acceptStation: '已揽收', action: '1' }],
    });
    await waitForQuiet(ids);
    const [text] = pushesTo(textPath);
    expect(text).toMatchObject({ count: '1', data: [{ logisticCode, state: '1', success: true }] });
    expect(text.data[0]).not.toHaveProperty('coordinates');
    expect(text.data[0]).not.toHaveProperty('senderCityLatAndLng');
    expect(text.data[0]).not.toHaveProperty('routeMapUrl');
    expect(text.data[0].deliveryManTel).toBe('13800000000');
    const [map] = pushesTo(mapPath);
    expect(map.data[0]).toMatchObject({
      routeMapUrl: 'https://map.example/yt',
      coordinates: [{ latAndLng: '31.230416,121.473701', location: '上海市' }],
      senderCityLatAndLng: '22.543096,114.057865',
    });
  });

  it('pushes a terminal subscription its shipment at once when known, then on each change, to COMPLETE, as the query answers it (§3, §7 POST /push/shipment)', async () => {
    const businessNumber = `COSU${randomInt(1_000_000_000, 9_999_999_999)}`;
    const params = { businessNumber, portCode: 'CNSHK', ieid: 'I' };
    const container = { equipmentCode: `CSNU${randomInt(1_000_000, 9_999_999)}` };
    const discharged = {
      eventClassifier: 'ACT',
      equipmentEventCategory: 'DISC',
      equipmentIndicator: 'LADEN',
      equipment: container,
      eventTime: '2024-03-05 10:15:00',
    };
    await feed('terminalEvent', { ...params, status: 'PROCESS', equipmentEvents: [discharged] });
    await pipeline.waitForChangesMatched(['tracking']);

    const path = `/push/shipment?token=${uniqueName('t')}`;
    const created = await call('/open/freightower/trace/shipment', {
      callbackUrl: pipeline.receiver.url(path),
      params,
    });
    expect(created.body).toMatchObject({ flag: 'success', firstPushQueued: true });
    const first = await waitFor(() => pushesTo(path)[0], { what: 'the first terminal push, at once' });
    expect(first).toMatchObject({
      params,
      result: {
        shipment: {
          businessNumber,
          status: 'PROCESS',
          equipmentEvents: [{ equipmentEventCategory: 'DISC' }],
        },
      },
    });

    // The import's gate-out ends it (processors/src/tracking/README.md, rule 5).
    await feed('terminalEvent', {
      ...params,
      equipmentEvents: [
        {
          eventClassifier: 'ACT',
          equipmentEventCategory: 'GTOT',
          equipmentIndicator: 'LADEN',
          equipment: container,
          eventTime: '2024-03-07 15:00:00',
        },
      ],
    });
    const second = await waitFor(() => pushesTo(path)[1], { what: 'the terminal change push' });
    expect(second.params).toEqual(params);
    expect(second.result.shipment.status).toBe('COMPLETE');
    expect(second.result.shipment.equipmentEvents.map((e: Json) => e.equipmentEventCategory)).toEqual([
      'DISC',
      'GTOT',
    ]);
    await waitForQuiet([created.body.subscription.id]);
    expect(pushesTo(path)).toHaveLength(2);
    const answer = await call('/open/freightower/trace/shipment', { params });
    expect(second.result).toEqual(answer.body.data.result);
    const headers = pipeline.receiver.pushesTo(path)[1]!.headers;
    expect(headers['retry-count']).toBe('0');
    expect(headers['webhook-signature']).toMatch(/^v1,/);
  });
});
