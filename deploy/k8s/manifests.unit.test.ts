import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { projectionNames } from '@tradelog/projections';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseIngestConfig } from '../../ingest/src/config.ts';
import { parseProcessorsConfig } from '../../processors/src/config.ts';
import { parseQueryApiConfig } from '../../query-api/src/config.ts';
import { parseKafkaSecurity } from '../../schemas/src/kit/log/kafkaSecurity.ts';
import { alertsFile, prometheusRuleManifest, rulesFile } from './prometheusRules.ts';

/**
 * The manifests as an operator applies them: rendered by kustomize (kubectl's), every object
 * validated against the Kubernetes JSON schemas (kubernetes-models; the Prometheus operator's
 * for the rules), then held to deploy/README.md "Running in production".
 */
const here = fileURLToPath(new URL('.', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: rendered YAML, checked by the schemas below
type Manifest = any;

const models: Record<string, { validate(): void } & (new (data: Manifest) => { validate(): void })> = {
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
} as never;

function render(dir: string, root = here): Manifest[] {
  let text: string;
  try {
    text = execFileSync('kubectl', ['kustomize', join(root, dir)], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `kubectl kustomize ${dir} failed (kubectl with kustomize 5 is needed: .ci/run installs it): ${String(error)}`,
    );
  }
  const objects = parseAllDocuments(text).map((doc) => doc.toJS());
  // kustomize wraps a generated Secret's base64 at 76 columns; the API server's decoder skips
  // the line breaks, the schema's `byte` format does not.
  for (const secret of objects.filter((o) => o.kind === 'Secret' && o.data))
    for (const key of Object.keys(secret.data))
      secret.data[key] = String(secret.data[key]).replace(/\s/g, '');
  return objects;
}

const secretsDir = 'overlays/example/secrets';
const secretExamples = readdirSync(join(here, secretsDir)).filter((file) => file.endsWith('.env.example'));
/** The `KEY=value` lines of an env file (kustomize's `envs` format), comments left out. */
const envLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);

/**
 * The example overlay as an operator applies it: a copy whose secrets/<name>.env files are
 * written from the examples' keys with values of the operator's own (fresh random ones here).
 */
function renderOperatorCopy(): Manifest[] {
  const root = mkdtempSync(join(tmpdir(), 'tradelog-k8s-'));
  cpSync(here, root, { recursive: true, filter: (path) => !path.endsWith('.ts') });
  for (const example of secretExamples) {
    const name = example.replace('.env.example', '');
    const values = envLines(readFileSync(join(here, secretsDir, example), 'utf8')).map(([key]) => {
      const secret = randomBytes(18).toString('base64url');
      if (key.endsWith('DATABASE_URL')) {
        const role = key === 'DATABASE_URL' ? name : key.replace('_DATABASE_URL', '').toLowerCase();
        return `${key}=postgres://tradelog_${role}:${secret}@db.internal:5432/tradelog`;
      }
      // A service's Kafka principal is its user name (provision's *_KAFKA_PRINCIPAL name them).
      if (key.endsWith('_KAFKA_PRINCIPAL'))
        return `${key}=tradelog-${key.replace('_KAFKA_PRINCIPAL', '').toLowerCase().replace('_', '-')}`;
      return `${key}=${key.endsWith('USERNAME') ? `tradelog-${name}` : secret}`;
    });
    writeFileSync(join(root, secretsDir, `${name}.env`), `${values.join('\n')}\n`);
  }
  try {
    return render('overlays/example', root);
  } finally {
    rmSync(root, { recursive: true });
  }
}

/** Values an example ships and an operator might apply unchanged. */
const defaultValue =
  /change-?me|changeit|replace-?me|placeholder|^(password|secret|admin|default|example|todo|xxx+)$/i;

/** A peer of a connection: an address outside the cluster, or a pod in a namespace. */
type Peer = { address: string } | { namespace: string; labels: Record<string, string> };

function selects(selector: Manifest, labels: Record<string, string>): boolean {
  const matchLabels = Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const expressions = (selector?.matchExpressions ?? []).every((e: Manifest) => {
    if (e.operator === 'In') return e.values.includes(labels[e.key]);
    if (e.operator === 'NotIn') return !e.values.includes(labels[e.key]);
    if (e.operator === 'Exists') return e.key in labels;
    return !(e.key in labels);
  });
  return matchLabels && expressions;
}

const ipv4 = (address: string) => address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
function inCidr(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  if (base!.includes(':')) return false; // the peers tested are IPv4
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base!) / size);
}

function peerMatches(peers: Manifest[] | undefined, peer: Peer): boolean {
  if (!peers || peers.length === 0) return true;
  return peers.some((to) => {
    if (to.ipBlock)
      return (
        'address' in peer &&
        inCidr(peer.address, to.ipBlock.cidr) &&
        !(to.ipBlock.except ?? []).some((c: string) => inCidr(peer.address, c))
      );
    if (!('namespace' in peer)) return false;
    const namespace = to.namespaceSelector
      ? selects(to.namespaceSelector, { 'kubernetes.io/metadata.name': peer.namespace })
      : peer.namespace === 'tradelog';
    return namespace && (!to.podSelector || selects(to.podSelector, peer.labels));
  });
}

/** NetworkPolicy semantics: a pod selected by any policy of a direction is isolated in it, and
 * a connection passes if any rule of those policies admits its peer and port. */
function allowed(
  policies: Manifest[],
  labels: Record<string, string>,
  direction: 'egress' | 'ingress',
  peer: Peer,
  port: number,
  protocol: string,
): boolean {
  const type = direction === 'egress' ? 'Egress' : 'Ingress';
  const applying = policies.filter(
    (p) => selects(p.spec.podSelector, labels) && p.spec.policyTypes.includes(type),
  );
  if (applying.length === 0) return true;
  return applying.some((p) =>
    (p.spec[direction] ?? []).some(
      (rule: Manifest) =>
        (!rule.ports ||
          rule.ports.some((r: Manifest) => r.port === port && (r.protocol ?? 'TCP') === protocol)) &&
        peerMatches(direction === 'egress' ? rule.to : rule.from, peer),
    ),
  );
}

describe.each(['base', 'overlays/example'])('the Kubernetes manifests (%s)', (dir) => {
  const objects = dir === 'base' ? render(dir) : renderOperatorCopy();
  const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = ofKind('Deployment');
  const byName = (kind: string, name: string) => ofKind(kind).find((o) => o.metadata.name === name);

  it('are valid against the Kubernetes schemas', () => {
    for (const object of objects) {
      const Model = models[`${object.apiVersion}/${object.kind}`];
      expect(Model, `a schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
  });

  it('run every service, and every projection in exactly one processors Deployment', () => {
    const commands = deployments.map((d) => d.spec.template.spec.containers[0].command.join(' '));
    for (const entry of ['ingest/src/main.ts', 'query-api/src/main.ts', 'processors/src/main.ts'])
      expect(
        commands.some((command) => command.includes(entry)),
        entry,
      ).toBe(true);
    const processors = deployments.filter((d) =>
      d.spec.template.spec.containers[0].command.includes('processors/src/main.ts'),
    );
    const envOf = (d: Manifest, name: string) =>
      d.spec.template.spec.containers[0].env.find((e: Manifest) => e.name === name)?.value as
        | string
        | undefined;
    const listed = processors.flatMap((d) => envOf(d, 'PROJECTIONS')!.split(','));
    expect([...listed].sort()).toEqual([...projectionNames].sort());
    expect(processors.filter((d) => envOf(d, 'PUSH_ENABLED') === 'true')).toHaveLength(1);
  });

  it('run every pod and container unprivileged: non-root uid 1000, no escalation, read-only root, no capabilities, RuntimeDefault seccomp', () => {
    // The uid is the Dockerfile's `USER`, so the image and the manifests cannot drift apart.
    const dockerUser = /^USER (\d+):(\d+)$/m.exec(readFileSync(`${here}../Dockerfile`, 'utf8'));
    expect(dockerUser?.slice(1)).toEqual(['1000', '1000']);
    const pods = [...deployments, ...ofKind('Job')];
    expect(pods.length).toBe(6);
    for (const workload of pods) {
      const pod = workload.spec.template.spec;
      const name = workload.metadata.name;
      expect(pod.automountServiceAccountToken, name).toBe(false);
      expect(pod.securityContext, name).toEqual({
        runAsNonRoot: true,
        runAsUser: 1000,
        runAsGroup: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        expect(container.securityContext, `${name}/${container.name}`).toEqual({
          runAsNonRoot: true,
          runAsUser: 1000,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        });
        // What must stay writable is an emptyDir, never the image.
        const tmp = container.volumeMounts.find((m: Manifest) => m.mountPath === '/tmp');
        expect(pod.volumes.find((v: Manifest) => v.name === tmp?.name)?.emptyDir, name).toBeDefined();
      }
    }
  });

  it('hold no default value in any Secret, and give each service and Job a Secret of its own', () => {
    const secrets = ofKind('Secret');
    for (const secret of secrets) {
      const values = {
        ...Object.fromEntries(
          Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(String(v), 'base64').toString()]),
        ),
        ...(secret.stringData ?? {}),
      };
      for (const [key, value] of Object.entries(values)) {
        expect(value, `${secret.metadata.name} ${key}`).not.toBe('');
        for (const part of String(value).split(/[:@/?&=]/))
          expect(part, `${secret.metadata.name} ${key}`).not.toMatch(defaultValue);
      }
    }
    const secretOf = (workload: Manifest) =>
      workload.spec.template.spec.containers[0].envFrom.find((from: Manifest) => from.secretRef).secretRef
        .name;
    const workloads = [...deployments, ...ofKind('Job')];
    const owners = new Map<string, Set<string>>();
    for (const workload of workloads) {
      const name = secretOf(workload);
      owners.set(
        name,
        (owners.get(name) ?? new Set()).add(workload.metadata.labels['app.kubernetes.io/name']),
      );
      if (dir !== 'base')
        expect(
          secrets.some((s) => s.metadata.name === name),
          `${workload.metadata.name} reads Secret ${name}`,
        ).toBe(true);
    }
    if (dir !== 'base') {
      // A database role per service, the migrations' role apart; migrate grants the same three.
      const secretValue = (secret: string, key: string) =>
        Buffer.from(
          secrets.find((s) => s.metadata.name.startsWith(`${secret}-`)).data[key],
          'base64',
        ).toString();
      const users = ['ingest', 'query-api', 'processors', 'migrate'].map(
        (name) => new URL(secretValue(`tradelog-${name}-secrets`, 'DATABASE_URL')).username,
      );
      expect(new Set(users).size).toBe(4);
      for (const name of ['INGEST', 'QUERY_API', 'PROCESSORS'])
        expect(secretValue('tradelog-migrate-secrets', `${name}_DATABASE_URL`)).toMatch(/^postgres:/);
      // A Kafka principal per service, and provision grants ACLs to exactly those.
      const kafkaUsers = ['ingest', 'query-api', 'processors'].map((name) =>
        secretValue(`tradelog-${name}-secrets`, 'KAFKA_SASL_USERNAME'),
      );
      expect(new Set(kafkaUsers).size).toBe(3);
      expect(
        ['INGEST', 'QUERY_API', 'PROCESSORS'].map((name) =>
          secretValue('tradelog-provision-secrets', `${name}_KAFKA_PRINCIPAL`),
        ),
      ).toEqual(kafkaUsers);
    }
    // ingest, query-api, processors (both Deployments), migrate, provision: five Secrets, none shared.
    expect(owners.size).toBe(5);
    for (const [name, apps] of owners) expect(apps.size, name).toBe(1);
  });

  it('probe liveness on /health, readiness on /ready, and give start-up minutes', () => {
    for (const d of deployments) {
      const [container] = d.spec.template.spec.containers;
      const name = d.metadata.name;
      expect(container.livenessProbe.httpGet.path, name).toBe('/health');
      expect(container.readinessProbe.httpGet.path, name).toBe('/ready');
      expect(container.startupProbe.httpGet.path, name).toBe('/health');
      const startupSeconds = container.startupProbe.periodSeconds * container.startupProbe.failureThreshold;
      expect(startupSeconds, name).toBeGreaterThanOrEqual(name.startsWith('processors') ? 900 : 300);
      expect(container.resources.requests.cpu, name).toBeDefined();
      expect(container.resources.limits.memory, name).toBeDefined();
    }
  });

  it('keep a disruption budget for every Deployment and scale ingest and query-api', () => {
    for (const d of deployments) {
      const budget = ofKind('PodDisruptionBudget').find(
        (p) => JSON.stringify(p.spec.selector.matchLabels) === JSON.stringify(d.spec.selector.matchLabels),
      );
      expect(budget, d.metadata.name).toBeDefined();
    }
    expect(
      ofKind('HorizontalPodAutoscaler')
        .map((h) => h.spec.scaleTargetRef.name)
        .sort(),
    ).toEqual(['ingest', 'query-api']);
  });

  it('migrate and provision in Jobs, and switch provisioning off in the services', () => {
    expect(byName('Job', 'tradelog-migrate').spec.template.spec.containers[0].command).toEqual([
      'node',
      'deploy/migrate.ts',
    ]);
    expect(byName('Job', 'tradelog-provision').spec.template.spec.containers[0].command).toEqual([
      'node',
      'deploy/provision.ts',
    ]);
    expect(byName('ConfigMap', 'tradelog-config').data).toMatchObject({
      CREATE_TOPICS: 'false',
      REGISTER_SCHEMAS: 'false',
    });
  });

  it("has query-api believe only the ingress's forwarded headers, and the overlay name the ingress and the portal's origin", () => {
    const { TRUST_PROXY, PORTAL_ORIGINS } = byName('ConfigMap', 'tradelog-config').data;
    // Read by query-api's own config module, as the pods read them.
    const config = parseQueryApiConfig({
      DATABASE_URL: 'postgres://db/tradelog',
      TRUST_PROXY,
      PORTAL_ORIGINS,
    });
    // The base names no proxy (query-api's default, loopback); the overlay names its ingress
    // nodes' pod CIDRs, never a private range as a whole.
    expect(config.trustProxy).toEqual(dir === 'base' ? ['loopback'] : ['10.244.8.0/24', '10.244.9.0/24']);
    for (const entry of config.trustProxy || [])
      if (entry.includes('/')) expect(Number(entry.split('/')[1]), entry).toBeGreaterThanOrEqual(24);
    expect(config.portalOrigins).toEqual(dir === 'base' ? [] : ['https://portal.example.com']);
  });

  it('deny all traffic but what each workload uses (NetworkPolicies, evaluated)', () => {
    const policies = ofKind('NetworkPolicy');
    const config = byName('ConfigMap', 'tradelog-config').data;
    const kafkaPorts = [
      ...new Set(config.KAFKA_BROKERS.split(',').map((b: string) => Number(b.split(':')[1]))),
    ];
    const registryPort = Number(new URL(config.SCHEMA_REGISTRY_URL).port || 443);
    // In the example VPC's data subnets (the overlay's) and on the internet (documentation ranges).
    const kafka = { address: '10.20.3.7' };
    const postgres = { address: '10.20.5.9' };
    const registry = dir === 'base' ? { address: '10.20.7.1' } : { address: '203.0.113.10' };
    const internet = { address: '198.51.100.20' };
    const dns = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
    const denyDefault = byName('NetworkPolicy', 'tradelog-default-deny');
    expect(denyDefault.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });

    for (const workload of [...deployments, ...ofKind('Job')]) {
      const template = workload.spec.template;
      const labels = template.metadata.labels;
      const app = labels['app.kubernetes.io/name'];
      const name = workload.metadata.name;
      const out = (peer: Peer, port: number, protocol = 'TCP') =>
        allowed(policies, labels, 'egress', peer, port, protocol);
      const into = (peer: Peer, port: number) => allowed(policies, labels, 'ingress', peer, port, 'TCP');
      const push = template.spec.containers[0].env?.some(
        (e: Manifest) => e.name === 'PUSH_ENABLED' && e.value === 'true',
      );
      expect(labels['tradelog.io/push-delivery'] === 'true', `${name} labelled for push delivery`).toBe(
        !!push,
      );

      expect(out(dns, 53, 'UDP'), `${name} DNS`).toBe(true);
      for (const port of kafkaPorts)
        expect(out(kafka, port), `${name} Kafka`).toBe(
          ['ingest', 'query-api', 'processors', 'provision'].includes(app),
        );
      expect(out(registry, registryPort), `${name} registry`).toBe(
        ['ingest', 'query-api', 'processors', 'provision'].includes(app),
      );
      expect(out(postgres, 5432), `${name} Postgres`).toBe(
        ['ingest', 'query-api', 'processors', 'migrate'].includes(app),
      );
      // Subscribers' callbacks: only the push processor, only public addresses, 443 and 80.
      expect(out(internet, 80), `${name} internet:80`).toBe(!!push);
      if (push) expect(out(internet, 443), `${name} internet:443`).toBe(true);
      for (const inside of ['10.96.0.1', '172.20.0.10', '192.168.1.1', '169.254.169.254', '127.0.0.1']) {
        expect(out({ address: inside }, 80), `${name} ${inside}:80`).toBe(false);
        if (dir !== 'base') expect(out({ address: inside }, 443), `${name} ${inside}:443`).toBe(false);
      }
      expect(out({ address: '169.254.169.254' }, 443), `${name} metadata`).toBe(false);
      expect(out(kafka, 22), `${name} any other port`).toBe(false);
      expect(out({ namespace: 'tradelog', labels: { 'app.kubernetes.io/name': 'query-api' } }, 8080)).toBe(
        false,
      );

      const publicService = ['ingest', 'query-api'].includes(app);
      expect(into({ namespace: 'ingress-nginx', labels: {} }, 8080), `${name} from the ingress`).toBe(
        publicService,
      );
      expect(into({ namespace: 'tradelog', labels: {} }, 8080), `${name} from a neighbour`).toBe(false);
      expect(into({ address: '10.0.0.5' }, 8080), `${name} from the VPC`).toBe(false);
      const metricsPort = template.metadata.annotations?.['prometheus.io/port'];
      if (metricsPort)
        expect(into({ namespace: 'monitoring', labels: {} }, Number(metricsPort)), `${name} scraped`).toBe(
          true,
        );
      else expect(into({ namespace: 'monitoring', labels: {} }, 9464), `${name} scraped`).toBe(false);
    }
  });

  it('carry the alert rules of deploy/monitoring, as generated', () => {
    const rule = byName('PrometheusRule', 'tradelog');
    expect(readFileSync(rulesFile, 'utf8')).toBe(prometheusRuleManifest(readFileSync(alertsFile, 'utf8')));
    expect(
      rule.spec.groups.flatMap((g: Manifest) => g.rules.map((r: Manifest) => r.alert)).length,
    ).toBeGreaterThan(3);
  });
});

describe('the example overlay as shipped', () => {
  it('does not render until the operator has written its secrets', () => {
    expect(() => render('overlays/example')).toThrow(/secrets\/\w[\w-]*\.env/);
    expect(secretExamples.sort()).toEqual([
      'ingest.env.example',
      'migrate.env.example',
      'processors.env.example',
      'provision.env.example',
      'query-api.env.example',
    ]);
    expect(readFileSync(join(here, secretsDir, '.gitignore'), 'utf8')).toMatch(/^\*\.env$/m);
  });

  it('ships keys without values, and an example copied unchanged is refused by the services', () => {
    const config = render('base').find((o) => o.kind === 'ConfigMap').data;
    const example = (name: string) =>
      Object.fromEntries(envLines(readFileSync(join(here, secretsDir, `${name}.env.example`), 'utf8')));
    for (const file of secretExamples)
      for (const [key, value] of Object.entries(example(file.replace('.env.example', ''))))
        expect(value, `${file} ${key}`).toBe('');
    expect(() => parseIngestConfig({ ...config, ...example('ingest') })).toThrow(
      /DATABASE_URL|KAFKA_SASL_USERNAME/,
    );
    expect(() => parseQueryApiConfig({ ...config, ...example('query-api') })).toThrow(
      /DATABASE_URL|KAFKA_SASL_USERNAME/,
    );
    expect(() => parseProcessorsConfig({ ...config, ...example('processors') })).toThrow(
      /DATABASE_URL|KAFKA_SASL_USERNAME/,
    );
    const withUrl = { DATABASE_URL: 'postgres://db/tradelog' };
    expect(() => parseKafkaSecurity({ ...config, ...example('ingest'), ...withUrl })).toThrow(
      /KAFKA_SASL_USERNAME/,
    );
    expect(() =>
      parseKafkaSecurity({ ...config, ...example('provision') }, { prefix: 'PROVISION_' }),
    ).toThrow(/KAFKA_SASL_USERNAME/);
  });
});
