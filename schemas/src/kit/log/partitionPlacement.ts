import { UserError } from '@platformatic/kafka';
import { TradelogError } from '../../errors/tradelogError.ts';
import { partitionFor } from './keyPartition.ts';
import type { Pending } from './pendingAppends.ts';
import type { LogClient } from './producerConnection.ts';

/**
 * A topic that does not exist (an operator deleted it, or never created it) and that this service
 * could not create (it may not: `CreateMissingTopic`; or the creation failed): nothing of it can
 * be appended until it exists again, so the send is not retried; the caller is answered 503 and
 * comes back later (ingest counts it as a Kafka error, which alerts), in words that name no
 * topic: that is the operator's to see, in the logs and on `/ops/pipeline`.
 */
export const topicMissing = (topic: string): TradelogError =>
  new TradelogError('TOPIC_MISSING', `topic ${topic} does not exist`, {
    status: 503,
    retriable: false,
    details: {
      message: {
        cn: '此类单据暂时无法接收：其日志主题不存在，须由运维人员重建；请稍后重试',
        en: 'Documents of this type cannot be accepted now: their log topic does not exist and an operator must create it again; retry later',
      },
    },
  });

/**
 * Each waiting record's partition, chosen once (producer.ts: a resend goes to the same
 * partition), from the topic's partition count as the cluster last told it.
 */
export interface PartitionPlacement {
  /**
   * Chooses each record's partition once. A record for a topic that does not exist is refused
   * on its own; its batch-mates still go.
   */
  place(current: LogClient, batch: Pending[]): Promise<Pending[]>;
}

/**
 * How long a topic's partition count is trusted before the cluster is asked again: partitions an
 * operator adds take records from then on, where Kafka's Java clients would put their keys (the
 * Java producer asks every 5 minutes; asked once only, a producer never used them until it
 * restarted). One metadata request per topic written, every 10 seconds.
 */
export const partitionCountMaxAgeMs = 10_000;

/**
 * Creates a topic found missing, as the service's start-up does (provisioning.ts
 * `ownTopicsEnsurer`): given to the placement of a service allowed to create its topics, so a
 * log an operator replaced under the running service (`stack.sh reset`, a new cluster) takes its
 * records again without a restart. Throws when it cannot.
 */
export type CreateMissingTopic = (topic: string) => Promise<void>;

export function createPartitionPlacement(
  now: () => number,
  options: { maxAgeMs?: number; createMissingTopic?: CreateMissingTopic } = {},
): PartitionPlacement {
  const maxAgeMs = options.maxAgeMs ?? partitionCountMaxAgeMs;
  const known = new Map<string, { count: number; at: number }>();

  /** The count while it is trusted; undefined once it must be asked for. */
  function freshCount(topic: string): number | undefined {
    const was = known.get(topic);
    return was !== undefined && now() - was.at < maxAgeMs ? was.count : undefined;
  }

  /** `created`: asked right after creating the topic (then not created again if still missing). */
  async function partitionsOf(current: LogClient, topic: string, created = false): Promise<number> {
    const was = known.get(topic);
    let metadata: Awaited<ReturnType<LogClient['metadata']>> | undefined;
    try {
      // Asked again, the client's own cache would answer what it was told before.
      metadata = await current.metadata({ topics: [topic], forceUpdate: was !== undefined || created });
    } catch (error) {
      // The client turns the broker's UNKNOWN_TOPIC_OR_PARTITION for the one topic asked into a
      // UserError (a caller's mistake, not an outage: no retry, no new producer).
      if (!(error instanceof UserError)) {
        if (was === undefined) throw error;
        // A refresh the broker did not answer: the send goes on with the count known (its own
        // failure, if the broker is gone, is the delivery's to handle), asked again later.
        known.set(topic, { count: was.count, at: now() });
        return was.count;
      }
    }
    const count = metadata?.topics.get(topic)?.partitionsCount ?? 0;
    if (count === 0) {
      known.delete(topic);
      if (!created && (await createdAgain(topic))) return partitionsOf(current, topic, true);
      throw topicMissing(topic);
    }
    known.set(topic, { count, at: now() });
    return count;
  }

  /**
   * Whether the missing topic was created (false without the right to, or when creating it
   * failed: its records are refused TOPIC_MISSING, and the next batch tries again).
   */
  async function createdAgain(topic: string): Promise<boolean> {
    if (options.createMissingTopic === undefined) return false;
    return options.createMissingTopic(topic).then(
      () => true,
      () => false,
    );
  }

  return {
    async place(current, batch) {
      const sendable: Pending[] = [];
      for (const pending of batch) {
        if (pending.partition === undefined) {
          const { topic, key } = pending.record;
          try {
            // A count asked for is fresh for the rest of the batch: one question a topic at most.
            const partitions = freshCount(topic) ?? (await partitionsOf(current, topic));
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
