import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The alert rules and the Grafana dashboard name only metrics the services export (or, for the
 * processors' projection gauges, the names their runtime exports: README "Observability").
 */
const known = [
  'http_requests_total',
  'http_request_duration_seconds_bucket',
  'ingest_documents_accepted_total',
  'ingest_documents_rejected_total',
  'ingest_kafka_errors_total',
  'tradelog_projection_lag_records',
  'tradelog_projection_last_applied_age_seconds',
  'tradelog_dead_letters_open',
  'tradelog_change_events_parked',
  'tradelog_change_outbox_waiting',
  'tradelog_change_outbox_oldest_seconds',
  'tradelog_dependency_up',
  'tradelog_consumer_log_replaced',
  'tradelog_push_deliveries_total',
  'tradelog_push_queue_depth',
  'tradelog_push_attempt_duration_seconds_bucket',
  'tradelog_accounts_standing_wildcard',
];
const functions = new Set([
  'sum',
  'by',
  'rate',
  'increase',
  'deriv',
  'clamp_min',
  'max',
  'histogram_quantile',
  'and',
  'le',
]);
const metricsIn = (expr: string) =>
  [
    ...expr
      .replace(/\{[^}]*\}/g, '')
      .replace(/\[[^\]]*\]/g, '')
      .matchAll(/[a-z_][a-z0-9_]*/g),
  ]
    .map((m) => m[0])
    .filter(
      (word) =>
        !functions.has(word) &&
        word.includes('_') &&
        !['service', 'status', 'route', 'family', 'outcome', 'projection', 'dependency', 'consumer'].includes(
          word,
        ),
    );

describe('deploy/monitoring', () => {
  it('alerts on lag growing, stalled projections, dead letters, push failures and 5xx rates, over known metrics', () => {
    const rules = (
      parse(readFileSync(new URL('./alerts.yaml', import.meta.url), 'utf8')) as {
        groups: { rules: { alert: string; expr: string }[] }[];
      }
    ).groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'ProjectionLagGrowing',
        'ProjectionStalled',
        'DeadLettersOpen',
        'PushFailures',
        'Http5xxRate',
      ]),
    );
    for (const rule of rules) {
      const names = metricsIn(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(known, `${rule.alert}: ${name}`).toContain(name);
    }
  });

  it('has a dashboard whose panels query known metrics', () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('./grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        for (const name of metricsIn(target.expr)) expect(known, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });
});
