import { createLogProducer, type LogProducer } from '@tradelog/schemas/kit/log/producer';
import { ensureTopics } from '@tradelog/schemas/kit/log/topics';
import type { ChangeEvent } from '../../processors/src/changes.ts';
import { quietLogger, testServices, waitFor } from './index.ts';

/** A changes topic of the test's own and a producer on it, publishing change events as the projections do. */
export interface ChangesFeed {
  producer: LogProducer;
  /** Each event keyed by its enterprise, its id in `tradelog-event-id` as processors' outbox publisher sends it. */
  publish(events: ChangeEvent[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Makes the topic and connects a producer to it, ready once the producer is. */
export async function startChangesFeed(options: {
  topic: string;
  partitions?: number;
  clientId: string;
}): Promise<ChangesFeed> {
  const { kafkaBrokers: brokers } = testServices();
  const { topic } = options;
  await ensureTopics({
    brokers,
    topics: [{ topic, partitions: options.partitions ?? 1 }],
    logger: quietLogger,
  });
  const producer = createLogProducer({ brokers, clientId: options.clientId, logger: quietLogger });
  await producer.connect();
  await waitFor(() => producer.isReady(), { what: 'producer connected' });
  return {
    producer,
    publish: (events) =>
      Promise.all(
        events.map((event) =>
          producer.append({
            topic,
            key: event.enterprise,
            value: Buffer.from(JSON.stringify(event)),
            headers: { 'tradelog-event-id': event.eventId },
          }),
        ),
      ),
    close: () => producer.disconnect(),
  };
}
