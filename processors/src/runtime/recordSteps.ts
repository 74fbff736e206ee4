import { insertDeadLetter } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import type pg from 'pg';
import { RetryBatch } from './batchFaults.ts';
import type { BatchHandler } from './batchHandler.ts';
import { type Decoded, undecodableOf } from './batchPlan.ts';
import { deadLetterOf } from './deadLetterRecords.ts';
import { faultVerdict, isSystemicFailure } from './faultVerdicts.ts';

/**
 * The consume loop's steps over single records (checkpointedConsumer.ts): decoding a fetched
 * batch outside any transaction, dead-lettering a record, and applying records one by one under
 * savepoints when a batch is isolated or a dead letter retried. What a fault means where it
 * struck is decided in faultVerdicts.ts.
 */
export interface RecordSteps<E> {
  /** Decodes in log order; a dependency fault retries the whole batch (RetryBatch), a record's own is kept with it. */
  decodeAll(records: readonly LogRecord[]): Promise<Decoded<E>[]>;
  deadLetter(db: pg.PoolClient, record: LogRecord, fault: unknown): Promise<void>;
  /**
   * Applies decoded records record by record, each under a savepoint: those that fail alone are
   * dead-lettered, unless (in `batch` mode) every record fails alike with an unclear fault — then
   * it is no record's fault and the whole batch is retried. Records that could not be decoded
   * are dead-lettered here too. Returns how many records went to dead letters, and the
   * positions of those the handler found superseded.
   */
  applyOneByOne(
    db: pg.PoolClient,
    items: readonly Decoded<E>[],
    mode: 'batch' | 'retry',
  ): Promise<{ deadLettered: number; superseded: ReadonlySet<string> }>;
}

export function createRecordSteps<E>(context: {
  handler: BatchHandler<E>;
  groupId: string;
  log: Logger;
  now: () => Date;
}): RecordSteps<E> {
  const { handler, groupId, log, now } = context;

  async function decodeAll(records: readonly LogRecord[]): Promise<Decoded<E>[]> {
    const out: Decoded<E>[] = [];
    for (const record of records) {
      try {
        out.push({ record, event: await handler.decode(record) });
      } catch (fault) {
        if (faultVerdict(fault, 'decode') === 'retry') throw new RetryBatch(fault);
        out.push({ record, fault });
      }
    }
    return out;
  }

  async function deadLetter(db: pg.PoolClient, record: LogRecord, fault: unknown): Promise<void> {
    const letter = deadLetterOf(record, fault, { projection: handler.name, consumerGroup: groupId }, now());
    log.warn('record dead-lettered', {
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      code: letter.errorCode,
      error: fault as Error,
    });
    await insertDeadLetter(db, letter);
  }

  async function applyOneByOne(
    db: pg.PoolClient,
    items: readonly Decoded<E>[],
    mode: 'batch' | 'retry',
  ): Promise<{ deadLettered: number; superseded: ReadonlySet<string> }> {
    const good = items.filter((item) => item.fault === undefined);
    const undecodable = undecodableOf(items);
    const failures: { item: Decoded<E>; fault: unknown }[] = [];
    const superseded = new Set<string>();
    for (const item of good) {
      await db.query('SAVEPOINT record');
      try {
        const applied = await handler.apply(db, [item.event as E]);
        for (const position of applied?.superseded ?? []) superseded.add(position);
        await db.query('RELEASE SAVEPOINT record');
      } catch (recordFault) {
        if (faultVerdict(recordFault, 'record') === 'retry') throw new RetryBatch(recordFault);
        await db.query('ROLLBACK TO SAVEPOINT record').catch((error: unknown) => {
          throw new RetryBatch(error);
        });
        failures.push({ item, fault: recordFault });
      }
    }
    const faults = failures.map((failure) => failure.fault);
    if (mode === 'batch' && isSystemicFailure(faults, good.length)) throw new RetryBatch(faults[0]);
    for (const failure of failures) await deadLetter(db, failure.item.record, failure.fault);
    for (const item of undecodable) await deadLetter(db, item.record, item.fault);
    return { deadLettered: failures.length + undecodable.length, superseded };
  }

  return { decodeAll, deadLetter, applyOneByOne };
}
