import { randomUUID } from 'node:crypto';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { insertDeliveries } from '@tradelog/projections/push/insertDeliveries';
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
import { type Relay, startCuttableProxy, type TcpProxy } from '../harness/tcpProxy.ts';

/**
 * A claim whose answer never reached its worker (push README "Claims whose answer was lost"):
 * Postgres committed it, the connection was lost before the worker read the answer. The claim's
 * rows are leased to a worker that will never attempt them; left to the lease (attempt time limit
 * + 60 s) they would hold the subscription's whole concurrency, and so every later push to it, for
 * over a minute. The relay below makes that moment happen on purpose: it passes the statement on,
 * swallows Postgres' answer and ends the connection.
 */
/** The types of the whole backend messages in `bytes` (a type byte, then a length that counts itself). */
function messageTypes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readUInt32BE(at + 1)) {
    if (at + 1 + bytes.readUInt32BE(at + 1) > bytes.length) break;
    types.push(String.fromCharCode(bytes[at]!));
  }
  return types;
}

describe('push delivery when the answer to a claim is lost', () => {
  const services = testServices();
  const enterprise = `ENT${Date.now().toString(36).toUpperCase()}L`;
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
  let subscriptionId: string;
  const received: string[] = [];
  /**
   * Which statement's answer the relay loses next: one it matches (given what was sent, and what
   * the connection sent before in its transaction), when Postgres answers with rows if `withRows`.
   */
  let losing: { matches: (sent: string, earlier: string) => boolean; withRows: boolean } | undefined;
  let lost = 0;

  /**
   * Carries bytes both ways. The answer to a statement `losing` matches is held back until
   * Postgres is ready for the next (message `Z`): then, if it is to be lost, the connection ends
   * without it; otherwise it is passed on. The statement ran to its end either way.
   */
  const losingRelay: Relay = (client, upstream, connection) => {
    let sent = '';
    let held: Buffer | undefined;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      const text = chunk.toString('latin1');
      if (/\bBEGIN\b/.test(text)) sent = '';
      if (losing?.matches(text, sent)) held = Buffer.alloc(0);
      sent += text;
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!held) {
        client.write(chunk);
        return;
      }
      held = Buffer.concat([held, chunk]);
      const types = messageTypes(held);
      if (!types.includes('Z')) return;
      if (losing && (!losing.withRows || types.includes('D'))) {
        losing = undefined;
        lost++;
        connection.drop();
        return;
      }
      client.write(held);
      held = undefined;
    });
  };

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'pushlost');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    direct = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    const url = new URL(db.databaseUrl);
    proxy = await startCuttableProxy({ host: url.hostname, port: Number(url.port || 5432) }, {}, losingRelay);
    url.host = proxy.address;
    pool = surviveConnectionLoss(new pg.Pool({ connectionString: url.toString(), max: 8 }), quietLogger);
    changes = await startChangesFeed({ topic, clientId: 'push-lost' });
    receiver = await startCallbackReceiver({
      path: '/hooks',
      reply: (push) => {
        received.push(String(push.headers['webhook-id']));
        return { status: 200, body: { ok: true } };
      },
    });
    ({ subscriptionId } = await subscribeLenderToChanges(direct, {
      enterprise,
      lender: 'lender-lost',
      callbackUrl: receiver.url(),
    }));
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

  /** Every delivery of the subscription pushed within `timeoutMs` (well inside the 70 s lease), once each. */
  async function everyDeliveryPushedOnce(eventIds: readonly string[], timeoutMs: number) {
    const { rows } = await direct.query<{ id: string }>(
      'SELECT id FROM push_deliveries WHERE event_id = ANY($1)',
      [eventIds],
    );
    expect(rows).toHaveLength(eventIds.length);
    const ids = rows.map((row) => row.id);
    // The webhook-id of a change's push is its event id (push README "Headers").
    await waitFor(() => eventIds.every((id) => received.includes(id)), {
      what: 'every delivery pushed',
      timeoutMs,
    });
    await waitFor(
      async () => {
        const { rows: states } = await direct.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM push_deliveries WHERE id = ANY($1) AND state = 'delivered'`,
          [ids],
        );
        return states[0]!.n === ids.length;
      },
      { what: 'every delivery recorded as delivered', timeoutMs: 10_000 },
    );
    // Released, not stolen: no delivery was attempted twice.
    const { rows: attempts } = await direct.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM push_attempts WHERE delivery_id = ANY($1)',
      [ids],
    );
    expect(attempts[0]!.n).toBe(ids.length);
  }

  it('releases a claim whose answer was lost, and the subscription is pushed to within seconds', {
    timeout: 60_000,
  }, async () => {
    const eventIds = Array.from({ length: 12 }, () => randomUUID());
    const now = new Date();
    const lostBefore = lost;
    losing = { matches: (sent) => sent.includes('push_claim_deliveries'), withRows: true };
    // Inserted without a lease: the worker claims them.
    await insertDeliveries(
      direct,
      eventIds.map((eventId, n) => ({
        id: randomUUID(),
        subscriptionId,
        family: 'changes' as const,
        eventId,
        eventKind: 'order.status-changed',
        subject: `purchase/LOST${n}`,
        payload: { eventId, n },
        state: 'pending' as const,
        createdAt: now,
      })),
    );
    await waitFor(() => lost > lostBefore, { what: 'a claim’s answer lost', timeoutMs: 10_000 });
    await everyDeliveryPushedOnce(eventIds, 20_000);
  });

  it('releases the lease of a hand-over whose commit’s answer was lost', { timeout: 60_000 }, async () => {
    const events: ChangeEvent[] = Array.from({ length: 12 }, (_, n) => ({
      eventId: randomUUID(),
      projection: 'order-status',
      kind: 'order.status-changed',
      enterprise,
      subject: `purchase/HAND${n}`,
      occurredAt: new Date().toISOString(),
      source: { documentId: randomUUID(), topic: 'docs', partition: 0, offset: String(n) },
      data: { kind: 'purchase', orderNo: `HAND${n}`, from: '10', to: '20' },
    }));
    const lostBefore = lost;
    // The COMMIT of the push processor's transaction that leased rows to its worker.
    losing = {
      matches: (sent, earlier) =>
        /\bCOMMIT\b/.test(sent) && (earlier + sent).includes('INSERT INTO push_delivery_claims'),
      withRows: false,
    };
    await changes.publish(events);
    await waitFor(() => lost > lostBefore, { what: 'a hand-over’s commit answer lost', timeoutMs: 20_000 });
    await everyDeliveryPushedOnce(
      events.map((event) => event.eventId),
      20_000,
    );
  });
});
