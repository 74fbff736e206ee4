import { randomUUID } from 'node:crypto';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { surviveConnectionLoss } from '@tradelog/schemas/kit/runtime/databaseErrors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../processors/src/changes.ts';
import { createPushService, type PushService } from '../../processors/src/push/service.ts';
import { pushSettings } from '../../processors/src/push/settings.ts';
import { type CallbackReceiver, startCallbackReceiver } from '../harness/callbackReceiver.ts';
import { type ChangesFeed, startChangesFeed } from '../harness/changesFeed.ts';
import { createTestSchema, quietLogger, testServices, uniqueName, waitFor } from '../harness/index.ts';
import { subscribeLenderToChanges } from '../harness/pushSubscriptions.ts';
import { startTcpProxy, type TcpProxy } from '../harness/tcpProxy.ts';

/**
 * A blip of Postgres while a batch's attempts are recorded (README "Claims"): the batch is
 * recorded once Postgres is back, and the subscription's next pushes go out within seconds —
 * not after the claims' lease (attempt time limit + 60 s) has run out.
 */
describe('push delivery across a Postgres blip while recording', () => {
  const services = testServices();
  const enterprise = `ENT${Date.now().toString(36).toUpperCase()}R`;
  const topic = uniqueName('changes');
  const settings = pushSettings({
    consumerGroup: uniqueName('push'),
    bossSchema: uniqueName('boss'),
    allowlist: parseAllowlist(['127.0.0.1/32']),
    requestPollMs: 200,
  });
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let direct: pg.Pool;
  let pool: pg.Pool;
  let proxy: TcpProxy;
  let changes: ChangesFeed;
  let service: PushService;
  let receiver: CallbackReceiver;
  const received: { eventId: string; at: number }[] = [];
  let blipped = false;

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'pushblip');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    direct = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    // The service reaches Postgres only through the proxy; the test's own reads go direct.
    const url = new URL(db.databaseUrl);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = proxy.address;
    // As processors/src/main.ts makes its pool: a connection lost while checked out is logged.
    pool = surviveConnectionLoss(new pg.Pool({ connectionString: url.toString(), max: 8 }), quietLogger);
    changes = await startChangesFeed({ topic, clientId: 'push-blip' });
    // The first push's reply waits while Postgres is cut for two seconds, so that the batch it
    // belongs to is recorded into the cut.
    receiver = await startCallbackReceiver({
      path: '/hooks',
      reply: (push) => {
        received.push({ eventId: String(push.headers['webhook-id']), at: push.at });
        if (!blipped) {
          blipped = true;
          proxy.cut();
          setTimeout(() => proxy.open(), 2_000);
        }
        return { status: 200, body: { ok: true } };
      },
    });
    await subscribeLenderToChanges(direct, {
      enterprise,
      lender: 'lender-blip',
      callbackUrl: receiver.url(),
    });
    service = createPushService({
      brokers: services.kafkaBrokers,
      pool,
      databaseUrl: url.toString(),
      changesTopic: topic,
      settings,
      logger: quietLogger,
    });
    await service.start();
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await changes?.close();
    await receiver?.close();
    await pool?.end();
    await proxy?.close();
    await direct?.query(`DROP SCHEMA IF EXISTS "${settings.bossSchema}" CASCADE`);
    await direct?.end();
    await db?.drop();
  });

  const change = (n: number): ChangeEvent => ({
    eventId: randomUUID(),
    projection: 'order-status',
    kind: 'order.status-changed',
    enterprise,
    subject: `purchase/BLIP${n}`,
    occurredAt: new Date().toISOString(),
    source: { documentId: randomUUID(), topic: 'docs', partition: 0, offset: String(n) },
    data: { kind: 'purchase', orderNo: `BLIP${n}`, from: '10', to: '20' },
  });
  const publish = (events: ChangeEvent[]) => changes.publish(events);

  it('records the cut batch once Postgres is back and sends the next pushes within seconds', {
    timeout: 60_000,
  }, async () => {
    const first = Array.from({ length: 4 }, (_, n) => change(n));
    await publish(first);
    await waitFor(() => blipped, { what: 'the first push (and the cut)', timeoutMs: 20_000 });
    const later = Array.from({ length: 8 }, (_, n) => change(100 + n));
    await publish(later);
    const all = new Set([...first, ...later].map((event) => event.eventId));
    // Well inside the 70 s lease a batch left unrecorded would hold the subscription for.
    await waitFor(() => [...all].every((id) => received.some((r) => r.eventId === id)), {
      what: 'every change pushed',
      timeoutMs: 25_000,
    });
    await waitFor(
      async () => {
        const { rows } = await direct.query<{ state: string; n: number }>(
          `SELECT state, count(*)::int AS n FROM push_deliveries GROUP BY state`,
        );
        return rows.length === 1 && rows[0]!.state === 'delivered' && rows[0]!.n === all.size;
      },
      { what: 'every delivery recorded as delivered', timeoutMs: 15_000 },
    );
    // Recorded once each: no attempt was made twice for want of its record.
    const { rows } = await direct.query<{ n: number }>('SELECT count(*)::int AS n FROM push_attempts');
    expect(rows[0]!.n).toBe(all.size);
  });
});
