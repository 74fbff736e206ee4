import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listDeadLetters, readCheckpoints } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { bodySha256, encodeDocumentHeaders, newDocumentId } from '@tradelog/schemas/kit/log/headers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLiveVersion } from '../../processors/src/runtime/supervisor.ts';
import { createLogFixture, type LogFixture } from '../../processors/src/testing/logFixture.ts';
import { capturingLogger, quietLogger, testServices, waitFor } from '../harness/index.ts';
import { startTcpProxy } from '../harness/tcpProxy.ts';

/**
 * Faults by what they are (./faults.ts): a record's own fault is dead-lettered and the partition
 * moves on; a dependency's fault (registry, database) pauses and retries, dead-letters nothing
 * and loses nothing.
 */
describe('processor runtime under faults', () => {
  const services = testServices();
  let log: LogFixture;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'flt');
  });
  afterAll(async () => {
    await log?.close();
  });

  const purchase = (entOrderNo: string, extra: Record<string, unknown> = {}) => ({
    ...examples.purchase,
    entOrderNo,
    orderStatus: '10',
    ...extra,
  });

  async function orderStatusConsumer(options: {
    pool?: pg.Pool;
    codec?: ReturnType<typeof createRegistryCodec>;
    logger?: Logger;
  }) {
    const version = await ensureLiveVersion(log.pool, log.namespace, 'order-status');
    const consumer = log.projectionConsumer('order-status', version, {
      ...(options.pool ? { pool: options.pool } : {}),
      ...(options.codec ? { codec: options.codec } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    return { version, consumer };
  }

  const orderNos = async (schema: string) =>
    (await log.pool.query(`SELECT order_no FROM "${schema}".orders`)).rows.map((r) => r.order_no as string);

  const headersFor = (document: Record<string, unknown>, schemaId: number) =>
    encodeDocumentHeaders({
      documentId: newDocumentId(),
      partnerId: 'partner-test',
      receivedAt: new Date().toISOString(),
      contentSha256: bodySha256(Buffer.from(JSON.stringify(document))),
      interfaceId: 'purchase',
      schemaId,
      requestId: 'r',
    });

  it('dead-letters each kind of poison record, stores it whatever it holds, and moves on', async () => {
    // The purchase schema as ingest registers it (same subject and schema: the same id).
    const purchaseType = documentTypes.find((type) => type.id === 'purchase')!;
    const purchaseSchemaId = await log.codec.registerSchema(
      `${log.topicOf('purchase')}-value`,
      purchaseType.schema,
    );
    // 1. not the wire format; 2. a schema id the registry does not have; 3. JSON that does not
    // match its writer schema; 4. a value Postgres cannot store (NUL), in the key too.
    const mismatch = { entOrderNo: 42 };
    await log.append('purchase', purchase('FLT-BEFORE'));
    await log.appendRaw('purchase', Buffer.from('plain bytes'), headersFor({}, 1), 'FLT-BYTES');
    await log.appendRaw(
      'purchase',
      log.codec.encodeRaw(999_999_999, Buffer.from('{}')),
      headersFor({}, 999_999_999),
      'FLT-NO-SCHEMA',
    );
    await log.appendRaw(
      'purchase',
      log.codec.encodeRaw(purchaseSchemaId, Buffer.from(JSON.stringify(mismatch))),
      headersFor(mismatch, purchaseSchemaId),
      'FLT-MISMATCH',
    );
    // Valid for its writer schema (free text may hold any character there), unstorable in jsonb;
    // its key holds a NUL too.
    const unstorable = purchase('FLT-NUL', { customerCode: 'ENT-FLT', remarkText: 'a\u0000b' });
    await log.appendRaw(
      'purchase',
      log.codec.encodeRaw(purchaseSchemaId, Buffer.from(JSON.stringify(unstorable))),
      headersFor(unstorable, purchaseSchemaId),
      'FLT-NUL\u0000',
    );
    await log.append('purchase', purchase('FLT-AFTER'));

    const { version, consumer } = await orderStatusConsumer({});
    await consumer.start();
    try {
      const letters = await waitFor(
        async () => {
          const found = await listDeadLetters(log.pool, { projection: 'order-status', limit: 20 });
          return found.length >= 4 ? found : undefined;
        },
        { what: 'four dead letters' },
      );
      const byKey = new Map(letters.map((l) => [l.recordKey?.toString('utf8'), l.errorCode]));
      expect(byKey.get('FLT-BYTES')).toBe('WIRE_FORMAT_INVALID');
      expect(byKey.get('FLT-NO-SCHEMA')).toBe('SCHEMA_NOT_FOUND');
      expect(byKey.get('FLT-MISMATCH')).toBe('RECORD_SCHEMA_MISMATCH');
      // The NUL record: rejected by Postgres (22P05), its key stored byte for byte.
      const nul = letters.find((l) => l.recordKey?.includes(0));
      expect(nul?.recordKey?.toString('utf8')).toBe('FLT-NUL\u0000');
      expect(nul?.errorCode).toMatch(/^PG_22/);
      await waitFor(async () => (await orderNos(version.schemaName)).includes('FLT-AFTER'), {
        what: 'the record after the poison ones applied',
      });
      expect((await orderNos(version.schemaName)).sort()).toEqual(['FLT-AFTER', 'FLT-BEFORE']);
    } finally {
      await consumer.stop();
    }
  });

  it('pauses through a registry that answers 503 or not at all, dead-letters nothing and loses nothing', {
    timeout: 90_000,
  }, async () => {
    // A registry in front of the real one that can fail: 503, or hold requests past the timeout.
    let mode: 'up' | '503' | 'hang' = '503';
    const asked: string[] = [];
    const flaky: Server = createServer(async (req, res) => {
      asked.push(mode);
      if (mode === '503') return void res.writeHead(503).end('{"message":"unavailable"}');
      if (mode === 'hang') return; // never answers: the codec's timeout counts it as unavailable
      const upstream = await fetch(`${services.schemaRegistryUrl}${req.url}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
    const codec = createRegistryCodec({ url, requestTimeoutMs: 300 });
    const captured = capturingLogger();
    const { version, consumer } = await orderStatusConsumer({ codec, logger: captured.logger });
    const before = (await listDeadLetters(log.pool, { projection: 'order-status', limit: 100 })).length;
    for (let i = 0; i < 20; i++) await log.append('purchase', purchase(`FLT-REG-${i}`));
    await consumer.start();
    try {
      await waitFor(() => asked.filter((m) => m === '503').length >= 3, {
        what: 'the registry asked while failing',
      });
      expect(consumer.health().waitingFor?.code).toBe('REGISTRY_UNAVAILABLE');
      mode = 'hang';
      await waitFor(() => asked.includes('hang'), { what: 'the registry asked while hanging' });
      expect((await orderNos(version.schemaName)).filter((n) => n.startsWith('FLT-REG-'))).toEqual([]);
      mode = 'up';
      await waitFor(
        async () =>
          (await orderNos(version.schemaName)).filter((n) => n.startsWith('FLT-REG-')).length === 20,
        { what: 'every record applied once the registry is back', timeoutMs: 40_000 },
      );
      expect((await listDeadLetters(log.pool, { projection: 'order-status', limit: 100 })).length).toBe(
        before,
      );
      expect(captured.warnings.some((w) => w.code === 'REGISTRY_UNAVAILABLE')).toBe(true);
      await waitFor(() => consumer.health().waitingFor === undefined, { what: 'no longer waiting' });
    } finally {
      await consumer.stop();
      flaky.closeAllConnections();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });

  it('pauses through a database that goes away mid-consumption (connections cut, then refused), and resumes', {
    timeout: 90_000,
  }, async () => {
    // The consumer reaches Postgres through a proxy that can be cut: to this client it is a
    // restart (every connection dropped, new ones refused) while others sharing it go on.
    const database = new URL(log.databaseUrl);
    const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = proxy.address;
    const pool = new pg.Pool({ connectionString: database.toString(), max: 4 });
    pool.on('error', () => undefined);
    const captured = capturingLogger();
    const { version, consumer } = await orderStatusConsumer({ pool, logger: captured.logger });
    const before = (await listDeadLetters(log.pool, { projection: 'order-status', limit: 100 })).length;
    await consumer.start();
    try {
      for (let i = 0; i < 30; i++) {
        await log.append('purchase', purchase(`FLT-PG-${i}`));
        if (i === 10) proxy.cut();
      }
      await waitFor(
        () => captured.warnings.some((w) => w.message === 'dependency fault; partition paused and retried'),
        {
          what: 'the database fault noticed',
        },
      );
      proxy.open();
      await waitFor(
        async () => (await orderNos(version.schemaName)).filter((n) => n.startsWith('FLT-PG-')).length === 30,
        { what: 'every record applied after the database came back', timeoutMs: 40_000 },
      );
      expect((await listDeadLetters(log.pool, { projection: 'order-status', limit: 100 })).length).toBe(
        before,
      );
      const checkpoints = await readCheckpoints(log.pool, version.consumerGroup);
      const { rows } = await log.pool.query(`SELECT count(*)::int AS n FROM "${version.schemaName}".orders`);
      // Exactly once: every applied record counted once in the checkpoints, one row per order.
      expect(checkpoints.reduce((sum, c) => sum + Number(c.recordsApplied), 0)).toBeGreaterThanOrEqual(
        rows[0].n,
      );
      const { rows: dup } = await log.pool.query(
        `SELECT order_no FROM "${version.schemaName}".orders GROUP BY order_no HAVING count(*) > 1`,
      );
      expect(dup).toEqual([]);
    } finally {
      await consumer.stop();
      await pool.end().catch(() => undefined);
      await proxy.close();
    }
  });
});
