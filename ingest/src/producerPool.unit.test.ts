import type { AppendRecord, LogProducer } from '@tradelog/schemas/log/producer';
import { describe, expect, it } from 'vitest';
import { createProducerPool } from './producerPool.ts';

/** Records which producer got which topic; routing is all the pool decides. */
function recorder(name: string, seen: string[], ready = true): LogProducer {
  return {
    connect: async () => {},
    append: async (record: AppendRecord) => {
      seen.push(`${name}:${record.topic}`);
      return { topic: record.topic, partition: 0, offset: '0' };
    },
    isReady: () => ready,
    disconnect: async () => {},
  };
}

const record = (topic: string): AppendRecord => ({ topic, key: 'k', value: Buffer.from('{}'), headers: {} });

describe('createProducerPool', () => {
  it('keeps each topic on one producer, spreading topics round-robin', async () => {
    const seen: string[] = [];
    const pool = createProducerPool([recorder('a', seen), recorder('b', seen)], ['t1', 't2', 't3']);
    for (const topic of ['t1', 't2', 't3', 't1', 't2', 'unknown']) await pool.append(record(topic));
    expect(seen).toEqual(['a:t1', 'b:t2', 'a:t3', 'a:t1', 'b:t2', 'a:unknown']);
  });

  it('is ready only when every producer is', () => {
    expect(createProducerPool([recorder('a', []), recorder('b', [])], []).isReady()).toBe(true);
    expect(createProducerPool([recorder('a', []), recorder('b', [], false)], []).isReady()).toBe(false);
  });

  it('needs a producer', () => {
    expect(() => createProducerPool([], [])).toThrow();
  });
});
