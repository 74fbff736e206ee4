import { deleteOutboxEntries, readOutbox } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { encodeChangeEvent } from '@tradelog/schemas/changes/contract';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import type pg from 'pg';

/**
 * Publishes a projection's change events from its outbox to the changes topic, after the
 * transaction that wrote them committed (at-least-once; the ids are stable, so the push side
 * drops what it saw). One flush at a time; a failed flush keeps the events for the next, which
 * comes after the next commit or from the consumer's timer, whichever is first (processors/README.md
 * "Riding out faults": events written while Kafka was away go out within seconds of its return,
 * with no new document). A failing outbox is reported once, and its recovery once.
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
      await Promise.all(
        entries.map((entry) =>
          options.producer.append({
            topic: options.topic,
            key: entry.recordKey,
            value: encodeChangeEvent(entry.payload),
            headers: { 'tradelog-event-id': entry.eventId },
          }),
        ),
      );
      await deleteOutboxEntries(
        options.pool,
        entries.map((entry) => entry.eventId),
      );
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
