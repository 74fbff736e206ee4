import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import type pg from 'pg';

/** What a projection or the push processor gives the consume loop (checkpointedConsumer.ts). */
export interface BatchHandler<E> {
  /** The dead letters' owner (a projection's name, or `push`). */
  name: string;
  decode(record: LogRecord): Promise<E> | E;
  /**
   * Runs first in the batch's transaction, after the checkpoint lock. `retired` ends the
   * consumer (a rebuild switched readers to another version); `go` applies the batch.
   */
  begin?(db: pg.PoolClient, events: readonly E[]): Promise<'go' | 'retired'>;
  /**
   * Applies decoded records, in log order, on the batch's transaction. May name the records
   * (log positions) its reducers found superseded: older than the rows they would replace. A
   * retried dead letter among them resolves as `superseded`, not `resolved`.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that supersedes nothing (push) returns nothing
  apply(db: pg.PoolClient, events: readonly E[]): Promise<{ superseded?: readonly string[] } | void>;
  /**
   * After a commit that applied records (e.g. publish the outbox). `db` is the client the
   * transaction ran on, released by now: an identity for what `begin` and `apply` kept for
   * this transaction, not for queries.
   */
  afterCommit?(db: pg.PoolClient): void;
  /**
   * After a transaction that failed: rolled back, or its COMMIT unanswered, so that it may have
   * committed all the same (the connection lost as Postgres answered). `db` as in `afterCommit`.
   */
  afterFailure?(db: pg.PoolClient): void;
}
