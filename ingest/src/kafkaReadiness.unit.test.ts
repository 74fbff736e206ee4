import { describe, expect, it } from 'vitest';
import { kafkaReadiness } from './kafkaReadiness.ts';

/** A producer whose connection and broker the test sets, counting the questions asked. */
function producerWith(state: { ready: boolean; answers: boolean }) {
  const asked: number[] = [];
  return {
    asked,
    producer: {
      isReady: () => state.ready,
      brokerAnswers: async (timeoutMs: number) => {
        asked.push(timeoutMs);
        return state.answers;
      },
    },
  };
}

describe('ingest readiness for Kafka', () => {
  it('is not ready while the producer is not connected, without asking a broker', async () => {
    const { producer, asked } = producerWith({ ready: false, answers: true });
    expect(await kafkaReadiness(producer)()).toBe(false);
    expect(asked).toEqual([]);
  });

  it('asks a broker while connected: an idle producer with the broker gone is not ready', async () => {
    const state = { ready: true, answers: true };
    const { producer, asked } = producerWith(state);
    let clock = 0;
    const ready = kafkaReadiness(producer, { timeoutMs: 300, keepMs: 1_000, now: () => clock });
    expect(await ready()).toBe(true);
    expect(asked).toEqual([300]);

    // The broker goes away; the answer kept stands for keepMs, then the next probe asks again.
    state.answers = false;
    clock = 500;
    expect(await ready()).toBe(true);
    clock = 1_000;
    expect(await ready()).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('asks once for probes that come together', async () => {
    const { producer, asked } = producerWith({ ready: true, answers: true });
    const ready = kafkaReadiness(producer, { keepMs: 0 });
    expect(await Promise.all([ready(), ready(), ready()])).toEqual([true, true, true]);
    expect(asked).toHaveLength(1);
  });
});
