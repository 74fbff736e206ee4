import { UserError } from '@platformatic/kafka';
import { TradelogError } from '../../errors/tradelogError.ts';
import { partitionFor } from './keyPartition.ts';
import type { Pending } from './pendingAppends.ts';
import type { LogClient } from './producerConnection.ts';

/**
 * Each waiting record's partition, chosen once (producer.ts: a resend goes to the same
 * partition), from the topic's partition count, asked of the cluster once per topic.
 */
export interface PartitionPlacement {
  /**
   * Chooses each record's partition once. A record for a topic that does not exist is refused
   * on its own; its batch-mates still go.
   */
  place(current: LogClient, batch: Pending[]): Promise<Pending[]>;
}

export function createPartitionPlacement(): PartitionPlacement {
  const partitionsByTopic = new Map<string, number>();

  async function partitionsOf(current: LogClient, topic: string) {
    const known = partitionsByTopic.get(topic);
    if (known !== undefined) return known;
    const metadata = await current.metadata({ topics: [topic] }).catch((error: unknown) => {
      // The client turns the broker's UNKNOWN_TOPIC_OR_PARTITION for the one topic asked into a
      // UserError (a caller's mistake, not an outage: no retry, no new producer).
      if (error instanceof UserError) return undefined;
      throw error;
    });
    const count = metadata?.topics.get(topic)?.partitionsCount ?? 0;
    if (count === 0)
      throw new TradelogError('TOPIC_MISSING', `topic ${topic} does not exist`, { retriable: false });
    partitionsByTopic.set(topic, count);
    return count;
  }

  return {
    async place(current, batch) {
      const sendable: Pending[] = [];
      for (const pending of batch) {
        if (pending.partition === undefined) {
          const { topic, key } = pending.record;
          try {
            const partitions = partitionsByTopic.get(topic) ?? (await partitionsOf(current, topic));
            pending.partition = partitionFor(topic, key, partitions);
          } catch (error) {
            if (!(error instanceof TradelogError) || error.retriable) throw error;
            pending.reject(error);
            continue;
          }
        }
        sendable.push(pending);
      }
      return sendable;
    },
  };
}
