import { deleteOutboxEntries, type OutboxEntry, parkOutboxEntries, readOutbox } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { encodeChangeEvent } from '@tradelog/schemas/changes/contract';
import { isRecordTooLarge } from '@tradelog/schemas/kit/log/pendingAppends';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import { errorReason } from '@tradelog/schemas/kit/runtime/log';
import type pg from 'pg';

/**
 * Publishes a projection's change events from its outbox to the changes topic, after the
 * transaction that wrote them committed (at-least-once; the ids are stable, so the push side
 * drops what it saw). One flush at a time; a failed flush keeps the events for the next, which
 * comes after the next commit or from the consumer's timer, whichever is first (processors/README.md
 * "Riding out faults": events written while Kafka was away go out within seconds of its return,
 * with no new document). A failing outbox is reported once, and its recovery once. An event the
 * log refuses for its size is parked, not read again before the rest (`settledEntries`).
 */
export function createOutboxPublisher(options: {
  pool: pg.Pool;
  producer: LogProducer;
  topic: string;
  projection: string;
  logger: Logger;
}) {
  const log = options.logger.scope({ projection: options.projection, component: 'outbox' });
  let flushing: Promise<void> | undefined;
  let failing = false;

  async function publish(): Promise<void> {
    for (;;) {
      const entries = await readOutbox(options.pool, options.projection, 500);
      if (entries.length === 0) return;
      const results = await Promise.allSettled(
        entries.map((entry) =>
          options.producer.append({
            topic: options.topic,
            key: entry.recordKey,
            value: encodeChangeEvent(entry.payload),
            headers: { 'tradelog-event-id': entry.eventId },
          }),
        ),
      );
      const { published, refused, failure } = settledEntries(entries, results);
      if (refused !== undefined) {
        await parkOutboxEntries(options.pool, refused.eventIds, errorReason(refused.reason), new Date());
        log.error('change events larger than the log takes parked in the outbox; their pushes are not sent', {
          events: refused.eventIds.length,
          eventIds: refused.eventIds.slice(0, 10),
          // The items whose pushes stop: what the operator looks up.
          subjects: entries
            .filter((entry) => refused.eventIds.includes(entry.eventId))
            .slice(0, 10)
            .map((entry) => entry.payload.subject),
          error: refused.reason,
        });
      }
      if (failure !== undefined) throw failure;
      await deleteOutboxEntries(options.pool, published);
    }
  }

  return {
    flush(): Promise<void> {
      flushing ??= publish()
        .then(() => {
          if (failing) log.info('change events published again');
          failing = false;
        })
        .catch((error: unknown) => {
          if (!failing) log.warn('change events not published yet; kept in the outbox', { error });
          failing = true;
        })
        .finally(() => {
          flushing = undefined;
        });
      return flushing;
    },
  };
}

/**
 * Pure: what a flush's appends leave. Appended entries are deleted; entries the log refuses for
 * their size are parked (no resend can append them, and read first every time they would hold
 * back every entry after them: processors/README.md "Change events the log refuses"); any
 * other failure is the flush's, and the entries not parked are published again by the next.
 */
export function settledEntries(
  entries: readonly Pick<OutboxEntry, 'eventId'>[],
  results: readonly PromiseSettledResult<unknown>[],
): { published: string[]; refused: { eventIds: string[]; reason: unknown } | undefined; failure: unknown } {
  const published: string[] = [];
  let refused: { eventIds: string[]; reason: unknown } | undefined;
  let failure: unknown;
  results.forEach((result, index) => {
    const { eventId } = entries[index]!;
    if (result.status === 'fulfilled') published.push(eventId);
    else if (isRecordTooLarge(result.reason)) {
      refused ??= { eventIds: [], reason: result.reason };
      refused.eventIds.push(eventId);
    } else failure ??= result.reason;
  });
  return { published, refused, failure };
}
