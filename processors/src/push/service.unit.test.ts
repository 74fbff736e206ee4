import { TradelogError } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { queueReadiness } from './service.ts';

const unavailable = (ready: () => Promise<void>) =>
  ready().then(
    () => undefined,
    (error: unknown) => error,
  );

describe('queueReadiness: the scheduled attempts queue as a batch waits for it', () => {
  it('given a queue started, then the batch goes on', async () => {
    await expect(queueReadiness(() => Promise.resolve())()).resolves.toBeUndefined();
  });

  it('given a queue not started yet, then a retriable PUSH_QUEUE_UNAVAILABLE (retried, never dead-lettered)', async () => {
    const error = await unavailable(queueReadiness(() => undefined));
    expect(error).toBeInstanceOf(TradelogError);
    expect(error).toMatchObject({ code: 'PUSH_QUEUE_UNAVAILABLE', status: 503, retriable: true });
  });

  it('given a queue that failed to start, then the same, with the failure as its cause', async () => {
    const cause = new Error('database down');
    const error = await unavailable(queueReadiness(() => Promise.reject(cause)));
    expect(error).toMatchObject({ code: 'PUSH_QUEUE_UNAVAILABLE', retriable: true, cause });
  });
});
