import type { AppendRecord } from '@tradelog/schemas/kit/log/pendingAppends';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import { describe, expect, it } from 'vitest';
import { createProducerPool, producerIndex } from './producerPool.ts';

/** Records which producer got which record; routing is all the pool decides. */
function recorder(name: string, seen: string[], ready = true): LogProducer {
  return {
    connect: async () => {},
    append: async (record: AppendRecord) => {
      seen.push(`${name}:${record.topic}/${record.key}`);
      return { topic: record.topic, partition: 0, offset: '0' };
    },
    isReady: () => ready,
    brokerAnswers: async () => ready,
    disconnect: async () => {},
  };
}

const record = (topic: string, key: string): AppendRecord => ({
  topic,
  key,
  value: Buffer.from('{}'),
  headers: {},
});

describe('createProducerPool', () => {
  it('keeps each key of a topic on one producer', async () => {
    const seen: string[] = [];
    const pool = createProducerPool([recorder('a', seen), recorder('b', seen), recorder('c', seen)]);
    const records = Array.from({ length: 300 }, (_, i) => record(`t${i % 3}`, `k${i % 50}`));
    for (const r of [...records, ...records]) await pool.append(r);
    const producerOf = new Map<string, string>();
    for (const entry of seen) {
      const [producer, slot] = entry.split(':') as [string, string];
      expect(producerOf.get(slot) ?? producer).toBe(producer);
      producerOf.set(slot, producer);
    }
  });

  it('spreads one topic over every producer', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[producerIndex('tradelog.doc.ondedEcOrder.v1', `E${i}`, 4)]!++;
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });

  it('routes by topic too: one key in different topics may go different ways', () => {
    const indexes = new Set(Array.from({ length: 20 }, (_, i) => producerIndex(`topic${i}`, 'same-key', 4)));
    expect(indexes.size).toBeGreaterThan(1);
  });

  it('is ready only when every producer is', () => {
    expect(createProducerPool([recorder('a', []), recorder('b', [])]).isReady()).toBe(true);
    expect(createProducerPool([recorder('a', []), recorder('b', [], false)]).isReady()).toBe(false);
  });

  it('says a broker answers only when one answers every producer', async () => {
    expect(await createProducerPool([recorder('a', []), recorder('b', [])]).brokerAnswers(100)).toBe(true);
    expect(await createProducerPool([recorder('a', []), recorder('b', [], false)]).brokerAnswers(100)).toBe(
      false,
    );
  });

  it('needs a producer', () => {
    expect(() => createProducerPool([])).toThrow();
  });
});
