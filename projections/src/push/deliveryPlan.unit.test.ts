import { describe, expect, it } from 'vitest';
import { afterAttempt, type DeliveryView, planAttempt } from './deliveryPlan.ts';

const pending: DeliveryView = {
  state: 'pending',
  attempts: 0,
  roundStart: 0,
  forced: false,
  subscriptionState: 'active',
  deliveredSequence: 0,
  sequence: 1,
};
const failed = { delivered: false, retriable: true, errorCode: 'HTTP_500', replyExcerpt: null };

describe('delivery plan', () => {
  it('sends the attempt the job was made for, with the retry count of attempts before it', () => {
    expect(planAttempt(pending, 1)).toEqual({ action: 'send', attempt: 1, retryCount: 0 });
    expect(planAttempt({ ...pending, attempts: 2 }, 3)).toEqual({
      action: 'send',
      attempt: 3,
      retryCount: 2,
    });
  });

  it('skips stale jobs and settled deliveries', () => {
    expect(planAttempt({ ...pending, attempts: 1 }, 1)).toMatchObject({
      action: 'skip',
      reason: 'stale job',
    });
    expect(planAttempt({ ...pending, state: 'delivered' }, 1)).toMatchObject({ action: 'skip' });
  });

  it('holds for paused and cancels for deleted subscriptions', () => {
    expect(planAttempt({ ...pending, subscriptionState: 'paused' }, 1)).toMatchObject({ state: 'held' });
    expect(planAttempt({ ...pending, subscriptionState: 'deleted' }, 1)).toMatchObject({
      state: 'cancelled',
    });
  });

  it('batches an express parcel’s changes within a push cycle into the newest (§9), other families not', () => {
    const waiting = { ...pending, newerWaiting: true };
    expect(planAttempt({ ...waiting, family: 'express' }, 1)).toMatchObject({ state: 'superseded' });
    expect(planAttempt({ ...waiting, family: 'express-map' }, 1)).toMatchObject({ state: 'superseded' });
    expect(planAttempt({ ...waiting, family: 'ocean' }, 1)).toMatchObject({ action: 'send' });
    expect(planAttempt({ ...waiting, family: 'express', forced: true }, 1)).toMatchObject({ action: 'send' });
    expect(planAttempt({ ...pending, family: 'express' }, 1)).toMatchObject({ action: 'send' });
  });

  it('drops a delivery once a newer state of its subject was delivered, unless redelivery forces it', () => {
    expect(planAttempt({ ...pending, sequence: 2, deliveredSequence: 3, attempts: 1 }, 2)).toMatchObject({
      state: 'superseded',
    });
    expect(planAttempt({ ...pending, sequence: 3, deliveredSequence: 3 }, 1)).toMatchObject({
      action: 'send',
    });
    expect(planAttempt({ ...pending, sequence: 2, deliveredSequence: 3, forced: true }, 1)).toMatchObject({
      action: 'send',
    });
  });

  it('moves to delivered, to a scheduled retry, or to the dead letters', () => {
    expect(afterAttempt('express', { ...failed, delivered: true, retriable: false }, pending, 1)).toEqual({
      state: 'delivered',
    });
    expect(afterAttempt('express', failed, { attempts: 0, roundStart: 0 }, 1)).toEqual({
      state: 'scheduled',
      retryInMs: 15 * 60_000,
    });
    expect(afterAttempt('express', failed, { attempts: 1, roundStart: 0 }, 1)).toEqual({
      state: 'scheduled',
      retryInMs: 30 * 60_000,
    });
    expect(afterAttempt('express', failed, { attempts: 2, roundStart: 0 }, 1)).toEqual({
      state: 'dead',
      reason: 'schedule exhausted',
    });
    expect(afterAttempt('ocean', { ...failed, retriable: false }, pending, 1)).toEqual({
      state: 'dead',
      reason: 'not retriable',
    });
  });

  it('starts the schedule again in a redelivery round', () => {
    expect(afterAttempt('express', failed, { attempts: 3, roundStart: 3 }, 1)).toEqual({
      state: 'scheduled',
      retryInMs: 15 * 60_000,
    });
  });
});
