import type { LogProducer } from '@tradelog/schemas/log/producer';

/**
 * Several log producers behind one `append`, each document topic always on the same one. Each
 * producer sends one batch at a time (kafkajs' idempotent producer is only safe that way, see
 * schemas/src/log/producer.ts), so intake throughput is records-per-send over the broker's
 * round trip; spreading topics over a few producers lets their sends overlap. Per-key order
 * is kept: a key belongs to one topic, a topic to one producer.
 */
export function createProducerPool(
  producers: readonly LogProducer[],
  topics: readonly string[],
): LogProducer {
  if (producers.length === 0) throw new Error('a producer pool needs at least one producer');
  const byTopic = new Map(topics.map((topic, index) => [topic, producers[index % producers.length]!]));
  const producerOf = (topic: string) => byTopic.get(topic) ?? producers[0]!;
  return {
    async connect() {
      await Promise.all(producers.map((producer) => producer.connect()));
    },
    append: (record) => producerOf(record.topic).append(record),
    isReady: () => producers.every((producer) => producer.isReady()),
    async disconnect() {
      await Promise.all(producers.map((producer) => producer.disconnect()));
    },
  };
}
