import type { LogProducer } from '@tradelog/schemas/kit/log/producer';

/**
 * Ingest's readiness for Kafka (README: `/ready` 503 while Kafka is unreachable): the producer
 * connected, and a broker answering it now. The producer hears of a broker gone only from its
 * next send, so an idle ingest read ready while Kafka was away; readiness asks instead, with a
 * metadata request on the producer's own connections. Probes come every few seconds and from
 * several places (an orchestrator, `npm start`, Compose), so one question is in flight at a time
 * and its answer is kept `keepMs`.
 */
export function kafkaReadiness(
  producer: Pick<LogProducer, 'isReady' | 'brokerAnswers'>,
  options: { timeoutMs?: number; keepMs?: number; now?: () => number } = {},
): () => Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const keepMs = options.keepMs ?? 2_000;
  const now = options.now ?? (() => performance.now());
  let kept: { at: number; answers: boolean } | undefined;
  let asking: Promise<boolean> | undefined;
  return async () => {
    if (!producer.isReady()) return false;
    if (kept !== undefined && now() - kept.at < keepMs) return kept.answers;
    asking ??= producer
      .brokerAnswers(timeoutMs)
      .then((answers) => {
        kept = { at: now(), answers };
        return answers;
      })
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };
}
