import { type Bilingual, TradelogError } from '../../errors/tradelogError.ts';

/**
 * Kafka did not answer: 503 and retriable, a fault of the moment and never of the request
 * (README "Riding out faults"). `message` is for the logs; `shown` is what the envelope answers
 * the caller instead, in the caller's language (`failure` in envelope.ts): every caller may read it.
 */
export function kafkaUnavailable(message: string, cause: unknown, shown: Bilingual): TradelogError {
  return new TradelogError('KAFKA_UNAVAILABLE', message, {
    status: 503,
    retriable: true,
    cause,
    details: { message: shown },
  });
}
