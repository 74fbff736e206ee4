import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingRouter } from '../../query-api/src/tracking/router.ts';
import { waitFor } from '../harness/index.ts';
import { type FedPushPipeline, startPushPipeline } from '../harness/pushPipeline.ts';
import { trackingCalls } from '../harness/trackingCalls.ts';

// An ocean bill no provider reports: START ("fetching") from its first ask, the spec's no-data
// answer and push once the provider window has passed, and live data when a provider reports it
// after all (query spec §4 statusCategory; projections/src/tracking/firstAsks.ts). Through the
// real path: query-api, the push service's sweep and worker, a receiver on loopback, the feed
// through ingest and the tracking projection.
describe('an unknown ocean bill reaches no-data, and live data when a provider reports it', () => {
  // Short enough for a test, long enough that the subscription's first answer is START.
  const providerWindowMs = 2_000;
  let pipeline: FedPushPipeline<'carrier' | 'subscriber'>;

  beforeAll(async () => {
    pipeline = await startPushPipeline({
      prefix: 'nd',
      keys: {
        carrier: { kind: 'partner', ownerId: 'carrier-nd' },
        subscriber: { kind: 'partner', ownerId: 'subscriber-nd' },
      },
      projections: ['tracking'],
      routers: ({ pool, providerWindowMs: window }) => [
        createTrackingRouter({ pool, providerWindowMs: window }),
      ],
      settings: { providerWindowMs, noDataSweepMs: 200 },
    });
  });

  afterAll(() => pipeline?.stop());

  const { call } = trackingCalls(() => pipeline);

  const statusOf = async (params: Record<string, string>) =>
    (await call('/open/freightower/trace/ocean', { params })).body.data.result.statusCategory as string;

  it('answers and pushes START, then NODATA after the window, once, then the provider’s data', async () => {
    const billNo = `COSU${randomInt(1_000_000_000, 9_999_999_999)}`;
    const params = { billNo, carrierCode: 'AUTO' };
    const path = `/ocean/no-data/${billNo}`;
    // Before the first ask: the window runs from a moment no earlier than this.
    const beforeAsking = Date.now();
    const created = await call('/open/freightower/trace/ocean', {
      callbackUrl: pipeline.receiver.url(path),
      params,
    });
    expect(created.body).toMatchObject({
      flag: 'success',
      firstPushQueued: false,
      data: { result: { billNo, isBillNo: 'Y', statusCategory: 'START' } },
    });
    const id = created.body.subscription.id as string;

    const [noData] = await waitFor(
      () => (pipeline.receiver.pushesTo(path).length > 0 ? pipeline.receiver.pushesTo(path) : undefined),
      { what: 'the no-data push' },
    );
    expect(noData!.at - beforeAsking).toBeGreaterThanOrEqual(providerWindowMs);
    expect(noData!.json).toEqual({
      params: {
        referenceno: id,
        subscriptions: [
          { CARRIER_CD: 'AUTO', REFERENCE_NO: billNo, CTNRNO: '', IEMARK: '', POL: '', DTP: '' },
        ],
      },
      result: {
        billNo,
        containerNo: '',
        isBillNo: 'Y',
        statusCategory: 'NODATA',
        currentStatus: null,
        containers: [],
        routes: [],
        places: [],
      },
    });
    // The query answers the same now; a sweep owes nothing more: one no-data push.
    expect(await statusOf(params)).toBe('NODATA');
    await waitFor(
      async () => {
        const { body } = await call(`/subscriptions/${id}/deliveries`, undefined, 'GET');
        return body.dataList.length === 1 && body.dataList[0].state === 'delivered';
      },
      { what: 'the no-data delivery settled' },
    );
    expect(await pipeline.push.noData.sweep()).toBe(0);
    expect(pipeline.receiver.pushesTo(path)).toHaveLength(1);

    // A provider reports after all: live data, pushed and answered.
    const container = `CSNU${randomInt(1_000_000, 9_999_999)}`;
    const response = await fetch(
      `${pipeline.ingest.url}${pipeline.ingest.interfaces.find((i) => i.id === 'oceanContainerEvent')!.path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.carrier}` },
        body: JSON.stringify({
          billNo,
          source: '1',
          carrierCode: 'COSU',
          containers: [{ containerNo: container }],
          events: [
            {
              containerNo: container,
              eventCode: 'LOBD',
              eventTime: '2024-03-01 15:20:00',
              isEsti: 'N',
              portCode: 'JPTYO',
            },
          ],
        }),
      },
    );
    expect(response.status).toBe(200);
    const live = await waitFor(() => pipeline.receiver.pushesTo(path)[1], {
      what: 'the push of the provider’s data',
    });
    expect(live.json.result).toMatchObject({
      billNo,
      statusCategory: 'PROCESS',
      currentStatus: { eventCode: 'LOBD' },
    });
    expect(Number(live.headers['tradelog-sequence'])).toBeGreaterThan(
      Number(noData!.headers['tradelog-sequence']),
    );
    expect(await statusOf(params)).toBe('PROCESS');
    // A container no provider reported is unknown, even beside a bill that is known.
    expect(await statusOf({ ...params, containerNo: `TGHU${randomInt(1_000_000, 9_999_999)}` })).toBe(
      'START',
    );
  });

  it('answers a query-only container START from its first ask and NODATA once the window has passed', async () => {
    const params = {
      billNo: `COSU${randomInt(1_000_000_000, 9_999_999_999)}`,
      containerNo: `TGHU${randomInt(1_000_000, 9_999_999)}`,
      carrierCode: 'AUTO',
    };
    const asked = Date.now();
    expect(await statusOf(params)).toBe('START');
    await waitFor(async () => (await statusOf(params)) === 'NODATA', { what: 'the no-data answer' });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(providerWindowMs);
    const answer = (await call('/open/freightower/trace/ocean', { params })).body.data.result;
    expect(answer).toMatchObject({
      containerNo: params.containerNo,
      isBillNo: 'N',
      statusCategory: 'NODATA',
    });
  });
});
