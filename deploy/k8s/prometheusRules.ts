/**
 * The alert rules of deploy/monitoring/alerts.yaml as a PrometheusRule for the Prometheus
 * operator, so that Kubernetes and Compose alert on the same rules: base/prometheus-rules.yaml is
 * this function's output, written by `node deploy/k8s/prometheusRules.ts` and compared with it by
 * manifests.unit.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

export const alertsFile = fileURLToPath(new URL('../monitoring/alerts.yaml', import.meta.url));
export const rulesFile = fileURLToPath(new URL('./base/prometheus-rules.yaml', import.meta.url));

export function prometheusRuleManifest(alertsYaml: string): string {
  const { groups } = parse(alertsYaml) as { groups: unknown[] };
  const rule = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'tradelog', labels: { 'app.kubernetes.io/name': 'tradelog-alerts' } },
    spec: { groups },
  };
  return `# Generated from deploy/monitoring/alerts.yaml by deploy/k8s/prometheusRules.ts; do not edit.\n${stringify(rule, { lineWidth: 0 })}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeFileSync(rulesFile, prometheusRuleManifest(readFileSync(alertsFile, 'utf8')));
