import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Docker Compose cannot run on this machine; this reads deploy/compose.yaml as Compose would
 * and checks what keeps the log: Kafka writes where its volume is mounted, under a fixed
 * cluster id; services restart, wait for the one-shot migration, and have health checks; the
 * registry lends only connections it checked; the service image carries no dev dependencies.
 */
interface Service {
  image?: string;
  build?: { target?: string };
  environment?: Record<string, unknown>;
  volumes?: string[];
  restart?: string;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: unknown };
  profiles?: string[];
  command?: string[];
  entrypoint?: string[];
  user?: string;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  security_opt?: string[];
}
const compose = parse(readFileSync(new URL('./compose.yaml', import.meta.url), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(new URL('./Dockerfile', import.meta.url), 'utf8');

const mountOf = (service: Service, volume: string) =>
  service.volumes?.map((entry) => entry.split(':')).find(([source]) => source === volume)?.[1];

describe('deploy/compose.yaml', () => {
  const { services } = compose;

  it("keeps Kafka's log on its named volume, under a fixed cluster id", () => {
    const kafka = services.kafka!;
    const mount = mountOf(kafka, 'kafkadata');
    expect(mount).toBeDefined();
    expect(compose.volumes).toHaveProperty('kafkadata');
    const logDirs = String(kafka.environment?.KAFKA_LOG_DIRS ?? '').split(',');
    expect(logDirs.length).toBeGreaterThan(0);
    for (const dir of logDirs) expect(dir === mount || dir.startsWith(`${mount}/`), dir).toBe(true);
    // kafka-storage.sh format wants a base64url UUID: 16 bytes, 22 characters.
    const clusterId = String(kafka.environment?.CLUSTER_ID);
    expect(clusterId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(clusterId, 'base64url')).toHaveLength(16);
    expect(kafka.environment?.KAFKA_LOG_RETENTION_MS).toBe(-1);
  });

  it("keeps Postgres's data on its named volume", () => {
    expect(mountOf(services.postgres!, 'pgdata')).toBe('/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('pgdata');
  });

  it('restarts long-running services, checks their health, and starts them after the one-shot migration', () => {
    for (const name of ['postgres', 'kafka', 'registry', 'ingest', 'processors', 'query-api', 'web']) {
      expect(services[name]?.restart, name).toBe('unless-stopped');
    }
    for (const name of ['postgres', 'kafka', 'registry', 'ingest', 'processors', 'query-api']) {
      expect(services[name]?.healthcheck?.test, name).toBeDefined();
    }
    expect(services.migrate).toMatchObject({ restart: 'no', command: ['node', 'deploy/migrate.ts'] });
    for (const name of ['ingest', 'processors', 'query-api']) {
      expect(services[name]?.depends_on, name).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('runs every container of our service image hardened: non-root, read-only root, no capability, no privilege gained', () => {
    const ours = Object.entries(services).filter(([, service]) => service.build?.target === 'service');
    expect(ours.map(([name]) => name).sort()).toEqual([
      'ingest',
      'keys',
      'migrate',
      'processors',
      'query-api',
    ]);
    for (const [name, service] of ours)
      expect(service, name).toMatchObject({
        user: '1000:1000',
        read_only: true,
        tmpfs: [expect.stringMatching(/^\/tmp(:|$)/)],
        cap_drop: ['ALL'],
        security_opt: ['no-new-privileges:true'],
      });
    // The image's own user is the same one.
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
  });

  it('has a key-creation step that uses the key CLI against the stack’s database', () => {
    const keys = services.keys!;
    expect(keys.entrypoint).toEqual(['node', 'projections/src/access/cli.ts']);
    expect(keys.environment?.DATABASE_URL).toBe(services.ingest!.environment?.DATABASE_URL);
    expect(keys.profiles).toEqual(['tools']);
  });

  it('builds the service image from production dependencies only', () => {
    const service = dockerfile.slice(dockerfile.indexOf('AS service'));
    expect(service).toMatch(/COPY --from=prod-deps \/app\/node_modules/);
    expect(dockerfile).toMatch(/AS prod-deps\s+RUN npm install [^\n]*--omit=dev/);
    expect(dockerfile).toMatch(/--include-workspace-root=false/);
    for (const name of ['ingest', 'processors', 'query-api', 'migrate']) {
      expect(services[name]?.build?.target, name).toBe('service');
    }
  });

  it('routes the alerts to Alertmanager and scrapes metrics on their own ports', () => {
    const prometheus = parse(readFileSync(new URL('./monitoring/prometheus.yaml', import.meta.url), 'utf8'));
    expect(services.alertmanager?.profiles).toEqual(['monitoring']);
    expect(mountOf(services.alertmanager!, './monitoring/alertmanager.yaml')).toBe(
      '/etc/alertmanager/alertmanager.yml',
    );
    expect(prometheus.alerting.alertmanagers[0].static_configs[0].targets).toEqual(['alertmanager:9093']);
    const alertmanager = parse(
      readFileSync(new URL('./monitoring/alertmanager.yaml', import.meta.url), 'utf8'),
    );
    const receivers = new Set(alertmanager.receivers.map((r: { name: string }) => r.name));
    expect(receivers.has(alertmanager.route.receiver)).toBe(true);
    for (const route of alertmanager.route.routes) expect(receivers.has(route.receiver)).toBe(true);
    for (const name of ['ingest', 'query-api']) {
      const port = services[name]?.environment?.METRICS_PORT;
      expect(port, name).toBeDefined();
      const job = prometheus.scrape_configs.find((c: { job_name: string }) => c.job_name === name);
      expect(job.static_configs[0].targets, name).toEqual([`${name}:${port}`]);
    }
  });

  it('has the registry check a pooled connection before lending it, as the local stack does (a Postgres restart closes them all)', () => {
    const stackScript = readFileSync(new URL('./local/stack.sh', import.meta.url), 'utf8');
    expect(services.registry?.environment?.QUARKUS_DATASOURCE_POSTGRESQL_JDBC_VALIDATE_ON_BORROW).toBe(
      'true',
    );
    expect(stackScript).toMatch(/^\s+QUARKUS_DATASOURCE_POSTGRESQL_JDBC_VALIDATE_ON_BORROW=true \\$/m);
  });

  it("gives query-api the visitor's address, scheme and host through the portal's nginx", () => {
    const nginx = readFileSync(new URL('./nginx.conf', import.meta.url), 'utf8');
    expect(services['query-api']?.environment?.TRUST_PROXY).toBe('uniquelocal');
    // Set once for the server, and inherited only by locations that set no header of their own
    // (nginx drops the server's headers in a location that sets any): none does.
    const server = nginx.slice(0, nginx.indexOf('\n  location '));
    expect(server).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(server).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    // The origin a portal write is judged against (query-api/src/content/README.md "Writes").
    expect(server).toMatch(/proxy_set_header X-Forwarded-Host \$http_host;/);
    const locations = (nginx.match(/^ *location [^{]+\{[^}]*\}/gm) ?? []).map((block) => block.trim());
    expect(locations.find((block) => block.startsWith('location /portal-api/ '))).toBeDefined();
    for (const block of locations) expect(block, block).not.toContain('proxy_set_header');
  });
});
