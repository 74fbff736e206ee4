import { describe, expect, it } from 'vitest';
import { claimLeaseUntil, handOverRoom, leaseMarginMs, workerClaim } from './workerClaims.ts';

const at = new Date('2026-01-01T00:00:00.000Z');
const limits = { workerBatch: 100, subscriptionConcurrency: 4, attemptTimeoutMs: 10_000 };

describe("a worker's claim lease", () => {
  it('outlives the longest attempt by a minute', () => {
    expect(leaseMarginMs).toBe(60_000);
    expect(claimLeaseUntil(at, 10_000)).toEqual(new Date('2026-01-01T00:01:10.000Z'));
  });
});

describe("a worker's claim", () => {
  it('asks for a full batch of what is due now, leased in its name', () => {
    expect(workerClaim(limits, at, { holder: 'worker-1', claim: 'claim-1' })).toEqual({
      limit: 100,
      perSubscription: 4,
      now: at,
      leaseUntil: new Date('2026-01-01T00:01:10.000Z'),
      holder: 'worker-1',
      claim: 'claim-1',
    });
  });

  it('asks only for the scheduled deliveries whose jobs came, one each', () => {
    const scheduled = [
      { deliveryId: 'd-1', attempt: 2 },
      { deliveryId: 'd-2', attempt: 3 },
    ];
    const claim = workerClaim(limits, at, { holder: null, claim: 'claim-2' }, scheduled);
    expect(claim).toEqual({
      limit: 2,
      perSubscription: 4,
      now: at,
      leaseUntil: new Date('2026-01-01T00:01:10.000Z'),
      holder: null,
      claim: 'claim-2',
      scheduled,
    });
  });

  it('names no scheduled deliveries when none were given', () => {
    expect('scheduled' in workerClaim(limits, at, { holder: null, claim: 'claim-3' })).toBe(false);
  });
});

describe('hand-over room', () => {
  const worker = { workerConcurrency: 4, workerBatch: 100 };

  it('is what the pollers can have in flight, less what already waits', () => {
    expect(handOverRoom(worker, 0, true)).toBe(400);
    expect(handOverRoom(worker, 150, true)).toBe(250);
  });

  it('is never negative', () => {
    expect(handOverRoom(worker, 500, true)).toBe(0);
  });

  it('is none while the worker is stopped', () => {
    expect(handOverRoom(worker, 0, false)).toBe(0);
  });
});
