import { describe, expect, it } from 'vitest';
import { failure } from '../runtime/envelope.ts';
import { kafkaUnavailable } from './kafkaUnavailable.ts';

describe('kafkaUnavailable', () => {
  const cause = new Error('broker gone');
  const shown = { cn: 'Kafka 暂不可用，请稍后重试', en: 'Kafka is unavailable; retry later' };

  it('is a retriable 503 carrying its cause', () => {
    const error = kafkaUnavailable('could not read topic offsets from Kafka', cause, shown);
    expect(error).toMatchObject({
      name: 'TradelogError',
      code: 'KAFKA_UNAVAILABLE',
      message: 'could not read topic offsets from Kafka',
      status: 503,
      retriable: true,
      cause,
    });
  });

  it('answers the caller its own message in the caller’s language, never the logged one', () => {
    const answered = kafkaUnavailable('Kafka did not answer the record fetch', cause, shown);
    expect(answered.details).toEqual({ message: shown });
    expect(failure(answered, 'cn')).toEqual({
      status: 503,
      body: { flag: 'failure', code: 'KAFKA_UNAVAILABLE', message: shown.cn },
    });
    expect(failure(answered, 'en').body.message).toBe(shown.en);
  });
});
