import {
  createVersionTables,
  findLiveVersion,
  findVersion,
  insertNextVersion,
  inTransaction,
  lockProjectionExclusive,
  type ProjectionVersion,
  saveCheckpoint,
  switchLiveVersion,
} from '@tradelog/projections';
import { changeGrants, revokeApiKey } from '@tradelog/projections/access/store';
import { insertKeyChains, type NodeRow, upsertNodes } from '@tradelog/projections/link-node/tables';
import { migrate } from '@tradelog/projections/migrate';
import pg from 'pg';
import { type Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { startQueryAppUnderTest } from '../../../tests/harness/queryAppUnderTest.ts';
import { createProjectionRoutes } from '../lenders/routes.ts';
import { attachReadCache, createReadCache, type ReadCache, uncachedReads } from './readCache.ts';
import { readLive } from './respond.ts';

// Read caches across instances (README "Read caches"): two query-api apps with pools and caches
// of their own share one Postgres, as two deployed instances do.
describe('read caches of several query-api instances', () => {
  const enterprise = '91310000READCACHE1';
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  const instances: {
    url: string;
    pool: pg.Pool;
    cache: ReadCache;
    registry: Registry;
    close: () => Promise<void>;
  }[] = [];
  let admin: pg.Pool;

  const node = (version: number): NodeRow => ({
    nodeId: `purchase/PO-RC-${version}`,
    enterprise,
    type: 'purchase',
    businessKey: 'PO-RC',
    block: 'purchaseInfo',
    chainId: `chain-v${version}`,
    keys: [{ cls: 'purchaseOrderNo', value: 'PO-RC' }],
    fields: { entOrderNo: 'PO-RC', builtBy: version },
    provenance: { receivedAt: '2026-11-22T00:00:00.000Z' },
    versions: 1,
  });

  async function buildVersion(state: 'live' | 'building'): Promise<ProjectionVersion> {
    const version = await insertNextVersion(admin, db.schema, 'link-node', state, new Date());
    await createVersionTables(admin, 'link-node', version.schemaName);
    await upsertNodes(admin, version.schemaName, [node(version.version)]);
    await insertKeyChains(admin, version.schemaName, [node(version.version)]);
    return version;
  }

  beforeAll(async () => {
    db = await createTestSchema(testServices().databaseUrl, 'rcache');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    admin = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    await buildVersion('live');
    for (let i = 0; i < 2; i++) {
      const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 4 });
      const registry = new Registry();
      const cache = await createReadCache({
        pool,
        registry,
        connectionString: db.databaseUrl,
        logger: quietLogger,
        // Far longer than the test: only the notification can make a revocation seen.
        keyTtlMs: 600_000,
      });
      attachReadCache(pool, cache);
      const queryApp = await startQueryAppUnderTest(pool, [
        createProjectionRoutes({ pool, namespace: db.schema }),
      ]);
      instances.push({ url: queryApp.url, pool, cache, registry, close: queryApp.close });
    }
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.close();
      await instance.cache.close();
      await instance.pool.end();
    }
    const { rows } = await admin.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
      `${db.schema}\\_%`,
    ]);
    for (const row of rows) await admin.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
    await admin?.end();
    await db?.drop();
  });

  const linkNode = async (url: string, key: string) => {
    const response = await fetch(`${url}/open/info/link/node`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ customerCode: enterprise, documentsType: '30', documentsNo: 'PO-RC' }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };

  it('refuses a revoked key within one second on every instance, though its TTL is ten minutes', async () => {
    const lender = await createTestApiKey(admin, 'lender', {
      ownerId: 'rc-lender',
      enterprises: [enterprise],
    });
    // Both instances hold the key in their caches now.
    for (const { url } of instances) expect((await linkNode(url, lender.key)).status).toBe(200);
    for (const { url } of instances) expect((await linkNode(url, lender.key)).status).toBe(200);

    const revokedAt = Date.now();
    await revokeApiKey(admin, lender.id, new Date());
    await Promise.all(
      instances.map(({ url }) =>
        waitFor(async () => (await linkNode(url, lender.key)).status === 401, {
          timeoutMs: 1_000,
          intervalMs: 10,
          what: `${url} to refuse the revoked key`,
        }),
      ),
    );
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    for (const { url } of instances) {
      expect((await linkNode(url, lender.key)).body).toMatchObject({ code: 'API_KEY_REVOKED' });
    }
  });

  it('sees a withdrawn grant within one second on every instance', async () => {
    const lender = await createTestApiKey(admin, 'lender', {
      ownerId: 'rc-grant',
      enterprises: [enterprise],
    });
    for (const { url } of instances) expect((await linkNode(url, lender.key)).status).toBe(200);
    await changeGrants(admin, lender.accountId, { withdraw: [enterprise] });
    await Promise.all(
      instances.map(({ url }) =>
        waitFor(async () => (await linkNode(url, lender.key)).status === 403, {
          timeoutMs: 1_000,
          intervalMs: 10,
          what: `${url} to see the withdrawn grant`,
        }),
      ),
    );
  });

  it('answers from a switched version at once, on every instance, while the old one was cached', async () => {
    const lender = await createTestApiKey(admin, 'lender', {
      ownerId: 'rc-switch',
      enterprises: [enterprise],
    });
    for (const { url } of instances) {
      const before = await linkNode(url, lender.key);
      expect([before.body.freshness.version, before.body.chainId]).toEqual([1, 'chain-v1']);
    }
    const next = await buildVersion('building');
    await inTransaction(admin, async (client) => {
      await lockProjectionExclusive(client, 'link-node');
      await switchLiveVersion(client, 'link-node', next.version, new Date());
    });
    // No wait of any kind: the first request after the commit must see the new version.
    const after = await Promise.all(instances.map(({ url }) => linkNode(url, lender.key)));
    for (const answer of after) {
      expect([answer.body.freshness.version, answer.body.chainId]).toEqual([2, 'chain-v2']);
    }
  });

  it('never answers a cached version older than the live one, even before any notification arrives', async () => {
    // A cache that still holds version 1 (as one whose notification is in flight would): the
    // statement that reads freshness finds it retired, and the answer comes from the live one.
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    try {
      const live = await findLiveVersion(pool, 'link-node');
      const stale = await findVersion(pool, 'link-node', 1);
      expect(live!.version).toBeGreaterThan(1);
      let held: ProjectionVersion | null = stale;
      attachReadCache(pool, {
        ...uncachedReads(pool),
        liveVersion: async () => {
          held ??= await findLiveVersion(pool, 'link-node');
          return held;
        },
        forgetVersion: () => {
          held = null;
        },
      });
      const { result, freshness } = await readLive(
        pool,
        'link-node',
        async (schema, db) => (await db.query('SELECT $1::text AS schema', [schema])).rows[0].schema,
      );
      expect([freshness.version, result]).toEqual([live!.version, live!.schemaName]);
    } finally {
      await pool.end();
    }
  });

  it('answers 304 to an If-None-Match naming the unchanged answer, and offsets only on request', async () => {
    const lender = await createTestApiKey(admin, 'lender', { ownerId: 'rc-etag', enterprises: [enterprise] });
    const url = `${instances[0]!.url}/open/info/link/node`;
    const request = (headers: Record<string, string> = {}, query = '') =>
      fetch(`${url}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lender.key}`, ...headers },
        body: JSON.stringify({ customerCode: enterprise, documentsType: '30', documentsNo: 'PO-RC' }),
      });
    const first = await request();
    const etag = first.headers.get('etag')!;
    const body = (await first.json()) as { freshness: unknown };
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(body.freshness).toEqual({
      projection: 'link-node',
      version: expect.any(Number),
      lastAppliedAt: null,
      recordsBehind: null,
    });
    const again = await request({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await request({ 'if-none-match': '"other"' })).status).toBe(200);
    const withOffsets = (await (await request({}, '?offsets=true')).json()) as {
      freshness: { offsets: unknown };
    };
    expect(withOffsets.freshness.offsets).toEqual([]);
  });
  it('reuses a result while the version has applied nothing more, and reads again once it has', async () => {
    const lender = await createTestApiKey(admin, 'lender', {
      ownerId: 'rc-reuse',
      enterprises: [enterprise],
    });
    const url = instances[0]!.url;
    const live = (await findLiveVersion(admin, 'link-node'))!;
    const fieldsOf = async () => (await linkNode(url, lender.key)).body.purchaseInfo[0].fields;
    // What query_lender_answers_total counted for link-node, by source.
    const answers = async () => {
      const counter = instances[0]!.registry.getSingleMetric('query_lender_answers_total') as Counter;
      const values = (await counter.get()).values.filter((v) => v.labels.projection === 'link-node');
      const of = (source: string) => values.find((v) => v.labels.source === source)?.value ?? 0;
      return { reused: of('reused'), read: of('read') };
    };
    const before = await answers();
    const first = await fieldsOf();
    expect(await fieldsOf()).toEqual(first);
    const unchanged = await answers();
    // The first answer read (or reused a result kept by an earlier test); the second reused it.
    expect(unchanged.reused + unchanged.read - before.reused - before.read).toBe(2);
    expect(unchanged.reused - before.reused).toBeGreaterThanOrEqual(1);
    // A batch applies a change: its rows and its offsets commit together (as the processors do).
    await inTransaction(admin, async (client) => {
      await client.query(
        // A declared field (answers show no other: README "What lenders are answered").
        `UPDATE "${live.schemaName}".nodes SET fields = (fields::jsonb || '{"contractNo": "AMENDED-1"}'::jsonb)::json`,
      );
      await saveCheckpoint(client, {
        consumerGroup: live.consumerGroup,
        topic: 'reuse',
        partition: 0,
        nextOffset: String(Date.now()),
        recordsApplied: 1,
        appliedAt: new Date(),
      });
    });
    expect(first.contractNo).not.toBe('AMENDED-1');
    expect((await fieldsOf()).contractNo).toBe('AMENDED-1');
    expect((await answers()).read).toBe(unchanged.read + 1);
  });

  // Last: it drops the live version's tables.
  it('answers 503 PROJECTION_TABLES_MISSING when the live version’s tables are gone (dropped by hand), not 500', async () => {
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    try {
      attachReadCache(pool, uncachedReads(pool));
      const live = await findLiveVersion(pool, 'link-node');
      await admin.query(`DROP SCHEMA "${live!.schemaName}" CASCADE`);
      const read = readLive(pool, 'link-node', async (schema, db) =>
        db.query(`SELECT count(*) FROM "${schema}".nodes`),
      );
      await expect(read).rejects.toMatchObject({ code: 'PROJECTION_TABLES_MISSING', status: 503 });
    } finally {
      await pool.end();
    }
  });
});
