import { changeGrants, revokeApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { examples } from '@tradelog/schemas/documents/examples';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';

/**
 * A revoked key stops writing at ingest within a second, however long the key cache's ttl
 * (ingest README "Key cache"): Postgres announces the revocation on commit and ingest's cache
 * drops every key at once. The ttl here is an hour, so only the notification can explain it.
 */
describe('key revocation at ingest', () => {
  const services = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;

  beforeAll(async () => {
    schema = await createTestSchema(services.databaseUrl, 'revoke');
    await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: schema.databaseUrl,
      topicSuffix: uniqueName('revoke'),
      logger: quietLogger,
      keyCacheTtlMs: 3_600_000,
      keyNegativeCacheTtlMs: 3_600_000,
    });
    await waitFor(() => ingest.producerReady(), { what: 'producer ready' });
  });
  afterAll(async () => {
    await ingest?.close();
    await pool?.end();
    await schema?.drop();
  });

  const submitPod = async (key: string, entOrderNo: string) => {
    const intf = ingest.interfaces.find((candidate) => candidate.id === 'pod')!;
    const response = await fetch(`${ingest.url}${intf.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ ...examples.pod, entOrderNo }),
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  };

  it('refuses a revoked key within a second of the revocation, though its answer was cached for an hour', async () => {
    const partner = await createTestApiKey(pool, 'partner', { ownerId: uniqueName('revoked-partner') });
    expect((await submitPod(partner.key, 'REV-1')).status).toBe(200);
    expect((await submitPod(partner.key, 'REV-2')).status).toBe(200);

    const revokedAt = Date.now();
    await revokeApiKey(pool, partner.id, new Date());
    await waitFor(async () => (await submitPod(partner.key, 'REV-3')).status === 401, {
      what: 'the revoked key refused',
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    expect(await submitPod(partner.key, 'REV-4')).toMatchObject({
      status: 401,
      body: { code: 'API_KEY_REVOKED' },
    });
  });

  it('holds a narrowed grant within a second as well', async () => {
    const partner = await createTestApiKey(pool, 'partner', { ownerId: uniqueName('narrowed-partner') });
    expect((await submitPod(partner.key, 'NAR-1')).status).toBe(200);
    const narrowedAt = Date.now();
    await changeGrants(pool, partner.accountId, { withdraw: ['*'], grant: ['E-ONLY-THIS'] });
    await waitFor(async () => (await submitPod(partner.key, 'NAR-2')).status === 403, {
      what: 'the narrowed grant held',
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    expect(Date.now() - narrowedAt).toBeLessThan(1_000);
  });
});
