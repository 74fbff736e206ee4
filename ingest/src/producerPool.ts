import type { LogProducer } from '@tradelog/schemas/kit/log/producer';

/**
 * Several log producers behind one `append`, each business key always on the same one. Each
 * producer sends one batch at a time (kafkajs' idempotent producer is only safe that way, see
 * schemas/src/kit/log/producer.ts), so intake throughput is records-per-send over the broker's
 * round trip; spreading records over a few producers lets their sends overlap. Records are
 * spread by topic and key, not by topic: the mix is uneven (e-commerce orders and deliveries
 * are half of it, on two topics), and a producer per topic left those two sends as the
 * bottleneck. Per-key order is kept: a key of a topic always goes through the same producer,
 * whose sends are serialised.
 */
export function createProducerPool(producers: readonly LogProducer[]): LogProducer {
  if (producers.length === 0) throw new Error('a producer pool needs at least one producer');
  return {
    async connect() {
      await Promise.all(producers.map((producer) => producer.connect()));
    },
    append: (record) => producers[producerIndex(record.topic, record.key, producers.length)]!.append(record),
    isReady: () => producers.every((producer) => producer.isReady()),
    async brokerAnswers(timeoutMs) {
      const answers = await Promise.all(producers.map((producer) => producer.brokerAnswers(timeoutMs)));
      return answers.every(Boolean);
    },
    async disconnect() {
      await Promise.all(producers.map((producer) => producer.disconnect()));
    },
  };
}

/** The producer of a topic's key: FNV-1a, stable across restarts and instances. */
export function producerIndex(topic: string, key: string, producers: number): number {
  // A separator no topic name contains, so that (a, bc) and (ab, c) hash apart.
  const text = `${topic}\u0000${key}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % producers;
}
