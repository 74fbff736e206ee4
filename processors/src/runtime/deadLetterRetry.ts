import { claimRetryingDeadLetters, resolveDeadLetter } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import type pg from 'pg';
import type { BatchHandler } from './batchHandler.ts';
import { type Decoded, eventsOf } from './batchPlan.ts';
import { recordOf, retryResolution } from './deadLetterRecords.ts';
import type { RecordSteps } from './recordSteps.ts';

/**
 * Applies the dead letters of its consumer group that an operator marked `retrying`, through the
 * consume loop's own handler (checkpointedConsumer.ts), fifty at a time in one transaction. Runs
 * on every tick; a run that finds another still going, or the consumer retired or stopped on
 * another log, does nothing.
 */
export function createDeadLetterRetry<E>(context: {
  pool: pg.Pool;
  handler: BatchHandler<E>;
  log: Logger;
  now: () => Date;
  steps: RecordSteps<E>;
  /** The consumer applies nothing any more (retired, or stopped on another log). */
  idle: () => boolean;
  /** Its consumer group: the letters it owns (another version's are not its to apply). */
  consumerGroup: string;
}): () => Promise<void> {
  const { pool, handler, log, now, steps } = context;
  let retrying = false;

  /**
   * One at a time: a letter that fails again counts an attempt and stays. One whose record is
   * older than what the rows reflect changed nothing and is done with: superseded.
   */
  async function resolveEach(
    client: pg.PoolClient,
    letters: readonly { id: string }[],
    decoded: readonly Decoded<E>[],
  ): Promise<{ resolved: number; superseded: number }> {
    let resolved = 0;
    let superseded = 0;
    for (const [index, item] of decoded.entries()) {
      const outcome = await steps.applyOneByOne(client, [item], 'retry');
      if (outcome.deadLettered > 0) continue;
      const resolution = retryResolution(item.record, outcome.superseded);
      await resolveDeadLetter(client, letters[index]!.id, resolution, now());
      if (resolution === 'superseded') superseded++;
      else resolved++;
    }
    return { resolved, superseded };
  }

  return async function retryDeadLetters(): Promise<void> {
    if (retrying || context.idle()) return;
    retrying = true;
    const client = await pool.connect().catch(() => undefined);
    if (!client) {
      retrying = false;
      return;
    }
    try {
      await client.query('BEGIN');
      const letters = await claimRetryingDeadLetters(client, context.consumerGroup, 50);
      if (letters.length === 0) {
        await client.query('ROLLBACK');
        return;
      }
      const decoded = await steps.decodeAll(letters.map(recordOf));
      if (handler.begin) {
        if ((await handler.begin(client, eventsOf(decoded))) === 'retired') {
          await client.query('ROLLBACK');
          return;
        }
      }
      const { resolved, superseded } = await resolveEach(client, letters, decoded);
      await client.query('COMMIT');
      log.info('dead letters retried', { claimed: letters.length, resolved, superseded });
      if (resolved > 0) handler.afterCommit?.(client);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      handler.afterFailure?.(client);
      log.warn('dead-letter retry failed; will try again', { error: error as Error });
    } finally {
      client.release();
      retrying = false;
    }
  };
}
