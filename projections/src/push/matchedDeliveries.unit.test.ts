import type { ChangeEvent } from '@tradelog/schemas/changes/contract';
import { describe, expect, it } from 'vitest';
import type { NewDelivery } from './insertDeliveries.ts';
import {
  cycleCandidates,
  cycleEndJobs,
  delayToCycleEnd,
  distinctLookups,
  handOverLease,
  leasedForAttempt,
  matchedDeliveries,
  pairKey,
} from './matchedDeliveries.ts';
import type { MatchedSubscription } from './subscriptions.ts';

const at = new Date('2025-03-01T08:00:00.000Z');
const airEvent = (eventId: string, businessNumber: string) =>
  ({
    eventId,
    projection: 'tracking',
    kind: 'air.status',
    enterprise: businessNumber,
    subject: businessNumber,
    occurredAt: '2025-03-01T07:59:00.000Z',
    source: { documentId: `doc-${eventId}`, topic: 'tradelog.air-tracking.v1', partition: 0, offset: '7' },
    data: { data: { businessNumber, status: 'PROCESS' } },
  }) as ChangeEvent;
const airSubscription = (id: string, businessNumber: string): MatchedSubscription => ({
  id,
  family: 'air',
  criteria: { businessNumber },
  state: 'active',
  callbackUrl: `https://receiver.example/${id}`,
  secret: 'whsec_x',
});
const ids = () => {
  let n = 0;
  return () => `d-${++n}`;
};

describe('matching a batch', () => {
  it('given two events of one waybill, then their lookup is read once', () => {
    const lookups = distinctLookups([airEvent('e-1', 'A1'), airEvent('e-2', 'A1'), airEvent('e-3', 'B2')]);
    expect(lookups.size).toBe(2);
  });

  it('given the subscriptions each lookup matched, then one delivery per (event, subscription), in log order', () => {
    const events = [airEvent('e-1', 'A1'), airEvent('e-2', 'B2'), airEvent('e-3', 'A1')];
    const lookups = distinctLookups(events);
    const [a1, b2] = [...lookups.keys()];
    const matches = new Map([
      [a1!, [airSubscription('s-1', 'A1'), airSubscription('s-2', 'A1')]],
      [b2!, []],
    ]);
    const { deliveries, subscriptionOf } = matchedDeliveries(events, matches, { newId: ids(), at });
    expect(deliveries.map((d) => [d.id, d.eventId, d.subscriptionId, d.state])).toEqual([
      ['d-1', 'e-1', 's-1', 'pending'],
      ['d-2', 'e-1', 's-2', 'pending'],
      ['d-3', 'e-3', 's-1', 'pending'],
      ['d-4', 'e-3', 's-2', 'pending'],
    ]);
    expect([...subscriptionOf.keys()]).toEqual(['s-1', 's-2']);
  });
});

const delivery = (overrides: Partial<NewDelivery>): NewDelivery => ({
  id: 'd-1',
  subscriptionId: 's-1',
  family: 'express',
  eventId: 'e-1',
  eventKind: 'express.traces',
  subject: 'express/SF/1',
  payload: {},
  state: 'pending',
  createdAt: at,
  ...overrides,
});

describe('the express push cycle', () => {
  it('given deliveries of several families, then only pending express ones may be delayed', () => {
    const batch = [
      delivery({ id: 'd-1' }),
      delivery({ id: 'd-2', family: 'express-map' }),
      delivery({ id: 'd-3', family: 'air' }),
      delivery({ id: 'd-4', state: 'held' }),
    ];
    expect(cycleCandidates(batch).map((d) => d.id)).toEqual(['d-1', 'd-2']);
  });

  it('given a push within the cycle, then the delivery waits for its end; given none, it goes at once', () => {
    const recent = delivery({ id: 'd-1', subject: 'express/SF/1' });
    const fresh = delivery({ id: 'd-2', subject: 'express/SF/2' });
    const lastPushes = new Map([[pairKey(recent), new Date(at.getTime() - 10 * 60_000)]]);
    delayToCycleEnd([recent, fresh], lastPushes, 30 * 60_000, at);
    expect(recent).toMatchObject({ state: 'scheduled', nextAttemptAt: new Date(at.getTime() + 20 * 60_000) });
    expect(fresh.state).toBe('pending');
    expect(fresh.nextAttemptAt).toBeUndefined();
  });

  it('given the rows inserted, then one job per delayed first attempt, none for a replayed one', () => {
    const delayed = delivery({ id: 'd-1', state: 'scheduled', nextAttemptAt: new Date(at.getTime() + 1000) });
    const replayed = delivery({
      id: 'd-2',
      state: 'scheduled',
      nextAttemptAt: new Date(at.getTime() + 1000),
    });
    expect(cycleEndJobs([delayed, replayed, delivery({ id: 'd-3' })], new Set(['d-1', 'd-3']))).toEqual([
      { deliveryId: 'd-1', attempt: 1, startAfter: new Date(at.getTime() + 1000) },
    ]);
  });
});

describe('the hand-over', () => {
  const worker = {
    room: 5,
    until: new Date(at.getTime() + 70_000),
    perSubscription: 2,
    holder: '42',
    claim: 'lease-1',
  };

  it('given room in the worker, then pending deliveries of uncycled families are leased at insert', () => {
    const batch = [
      delivery({ id: 'd-1', family: 'air' }),
      delivery({ id: 'd-2', family: 'express' }),
      delivery({ id: 'd-3', family: 'ocean', state: 'held' }),
    ];
    expect(handOverLease(batch, worker, at)).toEqual({
      ids: new Set(['d-1']),
      at,
      until: worker.until,
      perSubscription: 2,
      limit: 5,
      holder: '42',
      claim: 'lease-1',
    });
  });

  it('given no worker, no room, or nothing leasable, then no lease', () => {
    const air = delivery({ family: 'air' });
    expect(handOverLease([air], undefined, at)).toBeUndefined();
    expect(handOverLease([air], { ...worker, room: 0 }, at)).toBeUndefined();
    expect(handOverLease([delivery({})], worker, at)).toBeUndefined();
  });

  it('given the rows the insert leased, then the worker gets what an attempt needs, the payload as stored', () => {
    const batch = [delivery({ id: 'd-1', family: 'air' }), delivery({ id: 'd-2', family: 'air' })];
    const subscriptions = new Map([['s-1', airSubscription('s-1', 'A1')]]);
    const handed = leasedForAttempt(
      [
        { id: 'd-1', sequence: 7, leased: { payload: { stored: true } } },
        { id: 'd-2', sequence: 8 },
      ],
      batch,
      subscriptions,
    );
    expect(handed).toEqual([
      {
        id: 'd-1',
        subscriptionId: 's-1',
        family: 'air',
        callbackUrl: 'https://receiver.example/s-1',
        secret: 'whsec_x',
        subscriptionState: 'active',
        eventId: 'e-1',
        subject: 'express/SF/1',
        sequence: 7,
        payload: { stored: true },
        state: 'pending',
        attempts: 0,
        roundStart: 0,
        forced: false,
        deliveredSequence: 0,
        newerWaiting: false,
      },
    ]);
  });
});
