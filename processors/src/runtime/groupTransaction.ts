import { type CheckpointLog, lockCheckpoints, saveCheckpoints } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import type { LogBatch } from '@tradelog/schemas/kit/log/consumer';
import type pg from 'pg';
import {
  asBatchFault,
  CheckpointsOfAnotherLog,
  foreignCheckpoints,
  IsolateBatch,
  RetryBatch,
} from './batchFaults.ts';
import type { BatchHandler } from './batchHandler.ts';
import {
  appliedOrder,
  checkpointRows,
  type Decoded,
  eventsOf,
  type PartitionPlan,
  pendingOf,
  planPartition,
  undecodableOf,
} from './batchPlan.ts';
import { faultVerdict } from './faultVerdicts.ts';
import type { RecordSteps } from './recordSteps.ts';

/**
 * One transaction of the consume loop (checkpointedConsumer.ts) for the batches of several
 * partitions (group commit: the batches that arrived while the previous transaction ran): their
 * checkpoint rows locked in one statement, records below a checkpoint dropped, `begin`, every
 * record applied (`whole`: as one batch, no savepoint, so the happy path costs no extra round
 * trips; `isolated`, for one batch only: record by record under savepoints), dead letters, the
 * checkpoints, commit — all in the same transaction (ARCHITECTURE "Batches, not records"). A
 * failure of the whole for anything but a dependency is raised as IsolateBatch.
 */

/** A fetched batch, decoded, waiting for the next group transaction. */
export interface Queued<E> {
  batch: LogBatch;
  decoded: readonly Decoded<E>[];
  limit: bigint | undefined;
  started: number;
  done: (through: string | undefined) => void;
}

export type BatchOutcome =
  | { kind: 'retired' | 'went-back' | 'inactive' }
  | {
      kind: 'applied';
      applied: number;
      deadLettered: number;
      nextOffset: bigint;
      through: string | undefined;
      stoppedAtLimit: boolean;
    };

export function outcomeOf<E>(plan: PartitionPlan<E>, deadLettered: number): BatchOutcome {
  return plan.kind === 'apply'
    ? {
        kind: 'applied',
        applied: plan.pending.length,
        deadLettered,
        nextOffset: plan.nextOffset,
        through: plan.through,
        stoppedAtLimit: plan.stoppedAtLimit,
      }
    : { kind: plan.kind };
}

export type ApplyMode = 'whole' | 'isolated';

export interface GroupTransactionContext<E> {
  pool: pg.Pool;
  groupId: string;
  handler: BatchHandler<E>;
  log: Logger;
  now: () => Date;
  steps: RecordSteps<E>;
  /** The log the group's checkpoints are stored for (checkpointLogWatch.ts). */
  batchLog: (topics: readonly string[]) => Promise<CheckpointLog>;
  /** Sends a partition back to fetch from `from` after `delayMs`. */
  retryFrom: (topic: string, partition: number, from: string, delayMs: number) => void;
  /** A batch started past its checkpoint (checkpointLogWatch.ts `wentBack`); not awaited. */
  wentBack?: () => void;
  /** `begin` answered `retired`, after the rollback. */
  retire: () => void;
  beforeCommit?: (applied: number) => Promise<void> | void;
}

export type GroupTransaction<E> = (
  items: readonly Queued<E>[],
  mode: ApplyMode,
) => Promise<{ outcomes: BatchOutcome[]; db: pg.PoolClient }>;

export function createGroupTransaction<E>(context: GroupTransactionContext<E>): GroupTransaction<E> {
  const { pool, groupId, handler, now } = context;
  return async function applyTransaction(items, mode) {
    const logOfBatch = await context.batchLog(items.map((item) => item.batch.topic));
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new RetryBatch(error);
    }
    try {
      await client.query('BEGIN');
      const stored = await lockGroupCheckpoints(groupId, client, items, logOfBatch);
      const plans = planGroup(context, items, stored);
      const allPending = plans.flatMap(pendingOf);
      const events = eventsOf(appliedOrder(allPending));
      if (allPending.length > 0 && handler.begin && (await handler.begin(client, events)) === 'retired') {
        await client.query('ROLLBACK');
        context.retire();
        return { outcomes: items.map(() => ({ kind: 'retired' })), db: client };
      }
      let deadLettered = plans.map(() => 0);
      if (allPending.length > 0) {
        deadLettered = await applyPlans(context, client, plans, events, mode);
        const slots = items.map((item, index) => ({
          topic: item.batch.topic,
          partition: item.batch.partition,
          plan: plans[index]!,
        }));
        await saveCheckpoints(client, groupId, checkpointRows(slots), now(), logOfBatch);
      }
      await context.beforeCommit?.(allPending.length);
      await client.query('COMMIT');
      return { outcomes: plans.map((plan, index) => outcomeOf(plan, deadLettered[index]!)), db: client };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      handler.afterFailure?.(client);
      throw asBatchFault(error);
    } finally {
      client.release();
    }
  };
}

/** Locks the group's checkpoint rows; rows another instance stored on another log since this one looked stop the consumer. */
async function lockGroupCheckpoints<E>(
  groupId: string,
  client: pg.PoolClient,
  items: readonly Queued<E>[],
  bound: CheckpointLog,
) {
  const stored = await lockCheckpoints(
    client,
    groupId,
    items.map((item) => ({ topic: item.batch.topic, partition: item.batch.partition })),
  );
  const foreign = foreignCheckpoints(stored, bound);
  if (foreign.length > 0) throw new CheckpointsOfAnotherLog(foreign);
  return stored;
}

/**
 * Planned in order, each went-back partition sent back before the next batch is asked whether
 * it is still active.
 */
function planGroup<E>(
  context: Pick<GroupTransactionContext<E>, 'log' | 'retryFrom' | 'wentBack'>,
  items: readonly Queued<E>[],
  stored: ReadonlyMap<string, { nextOffset: string }>,
): PartitionPlan<E>[] {
  const plans: PartitionPlan<E>[] = [];
  for (const item of items) {
    const { topic, partition } = item.batch;
    const plan = planPartition(item.decoded, {
      checkpoint: BigInt(stored.get(`${topic}/${partition}`)?.nextOffset ?? '0'),
      limit: item.limit,
      active: item.batch.isActive(),
    });
    if (plan.kind === 'went-back') {
      context.log.warn('batch starts past the checkpoint; going back to it', {
        topic,
        partition,
        checkpoint: String(plan.checkpoint),
        first: plan.first,
      });
      context.retryFrom(topic, partition, String(plan.checkpoint), 0);
      context.wentBack?.();
    }
    plans.push(plan);
  }
  return plans;
}

/** Applies the plans' pending records; returns how many each plan dead-lettered. */
async function applyPlans<E>(
  context: Pick<GroupTransactionContext<E>, 'handler' | 'steps'>,
  client: pg.PoolClient,
  plans: readonly PartitionPlan<E>[],
  events: readonly E[],
  mode: ApplyMode,
): Promise<number[]> {
  const deadLettered = plans.map(() => 0);
  if (mode === 'isolated') {
    for (const [index, plan] of plans.entries())
      if (plan.kind === 'apply')
        deadLettered[index] = (await context.steps.applyOneByOne(client, plan.pending, 'batch')).deadLettered;
    return deadLettered;
  }
  if (events.length > 0) {
    try {
      await context.handler.apply(client, events);
    } catch (fault) {
      throw faultVerdict(fault, 'whole') === 'retry' ? new RetryBatch(fault) : new IsolateBatch(fault);
    }
  }
  for (const [index, plan] of plans.entries()) {
    for (const item of undecodableOf(pendingOf(plan))) {
      await context.steps.deadLetter(client, item.record, item.fault);
      deadLettered[index]!++;
    }
  }
  return deadLettered;
}
