import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Docker Compose cannot run on this machine; this reads deploy/compose.yaml as Compose would
 * and checks what keeps the log: Kafka writes where its volume is mounted, under a fixed
 * cluster id; services restart, wait for the one-shot migration, and have health checks; the
 * service image carries no dev dependencies.
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
});
