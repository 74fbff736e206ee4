import { Counter, Histogram, Registry } from 'prom-client';

/**
 * Ingest's Prometheus metrics, on a registry of their own so that several apps (tests, the
 * benchmark) can live in one process. Labels are bounded: interface ids, rule names, codes.
 */
export interface IngestMetrics {
  registry: Registry;
  accepted: Counter<'interface'>;
  rejected: Counter<'interface' | 'rule'>;
  latency: Histogram<'interface' | 'status'>;
  kafkaErrors: Counter<'code'>;
  replayed: Counter<'interface'>;
  validated: Counter<'interface'>;
}

export function createIngestMetrics(registry: Registry = new Registry()): IngestMetrics {
  return {
    registry,
    accepted: new Counter({
      name: 'ingest_documents_accepted_total',
      help: 'Documents acknowledged by Kafka and answered with success, by interface',
      labelNames: ['interface'],
      registers: [registry],
    }),
    rejected: new Counter({
      name: 'ingest_documents_rejected_total',
      help: 'Submissions refused, by interface and rule (schema rule, or the transport/auth error code)',
      labelNames: ['interface', 'rule'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'ingest_request_duration_seconds',
      help: 'Submission latency from request to response, by interface and HTTP status',
      labelNames: ['interface', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    kafkaErrors: new Counter({
      name: 'ingest_kafka_errors_total',
      help: 'Appends that Kafka did not acknowledge, by error code',
      labelNames: ['code'],
      registers: [registry],
    }),
    replayed: new Counter({
      name: 'ingest_submissions_replayed_total',
      help: 'Repeated submissions (same Idempotency-Key) answered with the first answer, by interface',
      labelNames: ['interface'],
      registers: [registry],
    }),
    validated: new Counter({
      name: 'ingest_documents_validated_total',
      help: 'Documents validated with ?validateOnly=true and found valid (not appended, not submissions), by interface',
      labelNames: ['interface'],
      registers: [registry],
    }),
  };
}
