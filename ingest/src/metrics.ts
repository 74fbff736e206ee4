import { Counter, Registry } from 'prom-client';

/**
 * Ingest's Prometheus metrics, on a registry of their own so that several apps (tests, the
 * benchmark) can live in one process. Labels are bounded: interface ids, rule names, codes.
 * A submission's latency is `http_request_duration_seconds{service="ingest",route=<interface
 * path>}` (schemas/src/kit/runtime/http.ts): a histogram of its own by interface timed every
 * submission twice.
 */
export interface IngestMetrics {
  registry: Registry;
  accepted: Counter<'interface'>;
  rejected: Counter<'interface' | 'rule'>;
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
