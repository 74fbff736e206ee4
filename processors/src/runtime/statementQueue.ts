import type { Queryable } from '@tradelog/projections';

/**
 * A batch's client as the projection shells use it. They send statements without waiting for the
 * one before (Postgres writes one part while the process prepares the next: processors/README.md
 * "The process and Postgres side by side"), and a client runs its statements one at a time, in
 * the order sent. node-postgres kept that queue itself, but handing a client a statement while
 * another runs is deprecated (pg 9 removes it): the queue is kept here instead, each statement
 * sent once the one before it has settled, failed or not (in a failed transaction Postgres then
 * refuses it, as it would have).
 */
export function statementQueue(db: Queryable): Queryable {
  let previous: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const send = () => (db.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const sent = previous.then(send, send);
    previous = sent.then(
      () => undefined,
      () => undefined,
    );
    return sent;
  };
  return { query: query as Queryable['query'] };
}
