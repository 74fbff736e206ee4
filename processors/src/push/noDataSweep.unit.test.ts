import { describe, expect, it } from 'vitest';
import { noDataDelivery } from './noDataSweep.ts';

describe('the no-data push (§4 NODATA)', () => {
  const at = new Date('2026-11-27T00:00:00Z');
  const subscription = (state: 'active' | 'paused', containerNo?: string) => ({
    id: '5f0e8c1a-3f2b-4f7e-9d51-0c1b2e3d4f5a',
    criteria: { billNo: 'COSU6287451230', carrierCode: 'AUTO', ...(containerNo ? { containerNo } : {}) },
    state,
    matchKey: containerNo ? `ocean/container/${containerNo}` : 'ocean/bill/COSU6287451230',
  });

  it('given a subscription by container, then it is pushed that container’s no-data answer, requested like a first push', () => {
    const delivery = noDataDelivery(subscription('active', 'CSNU6184570'), { id: 'd-1', at });
    expect(delivery).toMatchObject({
      subscriptionId: '5f0e8c1a-3f2b-4f7e-9d51-0c1b2e3d4f5a',
      family: 'ocean',
      eventKind: 'ocean.status',
      subject: 'ocean/container/CSNU6184570',
      state: 'requested',
      payload: {
        params: { subscriptions: [{ REFERENCE_NO: 'COSU6287451230', CTNRNO: 'CSNU6184570' }] },
        result: { containerNo: 'CSNU6184570', isBillNo: 'N', statusCategory: 'NODATA', currentStatus: null },
      },
    });
  });

  it('gives one subscription and key one event id, whichever sweep makes it, and holds it while paused', () => {
    const first = noDataDelivery(subscription('active'), { id: 'd-1', at });
    const again = noDataDelivery(subscription('paused'), { id: 'd-2', at: new Date(at.getTime() + 60_000) });
    expect(again.eventId).toBe(first.eventId);
    expect(again.state).toBe('held');
    expect(noDataDelivery(subscription('active', 'CSNU6184570'), { id: 'd-3', at }).eventId).not.toBe(
      first.eventId,
    );
  });
});
