import type { SettledAttempt } from '@tradelog/projections/push/attempts';
import { describe, expect, it } from 'vitest';
import { distinctScheduledAttempts, retryJobs, scheduledWorkOptions } from './jobs.ts';

const at = new Date('2026-01-01T00:00:00Z');
const record = (overrides: Partial<SettledAttempt>): SettledAttempt => ({
  deliveryId: 'd-1',
  attempt: 1,
  retryCount: 0,
  startedAt: at,
  latencyMs: 12,
  httpStatus: 503,
  outcome: 'failed',
  errorCode: 'HTTP_503',
  replyExcerpt: null,
  callbackUrl: 'https://receiver.example/hook',
  state: 'scheduled',
  nextAttemptAt: new Date(at.getTime() + 60_000),
  subscriptionId: 's-1',
  subject: 'parcel-1',
  sequence: 1,
  now: at,
  ...overrides,
});

describe('retry jobs of a recorded batch', () => {
  it('queues the next attempt of each retry the record moved, due when its row says', () => {
    const jobs = retryJobs(
      [
        record({ deliveryId: 'd-1', attempt: 2 }),
        record({ deliveryId: 'd-2', state: 'delivered', nextAttemptAt: null }),
        record({ deliveryId: 'd-3', state: 'dead', nextAttemptAt: null }),
      ],
      new Set(['d-1', 'd-2', 'd-3']),
    );
    expect(jobs).toEqual([{ deliveryId: 'd-1', attempt: 3, startAfter: new Date(at.getTime() + 60_000) }]);
  });

  it('queues none for a delivery someone else moved meanwhile', () => {
    expect(retryJobs([record({ deliveryId: 'd-1' })], new Set())).toEqual([]);
  });
});

describe('scheduled attempts of a batch of jobs', () => {
  it('asks for each attempt once, in the order the jobs came', () => {
    const job = (deliveryId: string, attempt: number) => ({ data: { deliveryId, attempt } });
    expect(distinctScheduledAttempts([job('d-1', 2), job('d-2', 2), job('d-1', 2), job('d-1', 3)])).toEqual([
      { deliveryId: 'd-1', attempt: 2 },
      { deliveryId: 'd-2', attempt: 2 },
      { deliveryId: 'd-1', attempt: 3 },
    ]);
  });
});

describe('fetching the jobs of scheduled attempts', () => {
  it("takes a claim's batch at a time, one batch in flight per poller, and fetches again when a batch was full", () => {
    expect(scheduledWorkOptions({ workerBatch: 100, workerConcurrency: 4 })).toEqual({
      batchSize: 100,
      localConcurrency: 4,
      pollingIntervalSeconds: 0.5,
      burstWhenBatchFull: true,
    });
  });
});
