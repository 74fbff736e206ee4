import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listDeadLetters, markDeadLetterRetrying } from '@tradelog/projections';
import { createApiKey } from '@tradelog/projections/access/store';
import { migrate } from '@tradelog/projections/migrate';
import { parseAllowlist } from '@tradelog/projections/push/callbackTarget';
import { matchKeyOf, type PushFamily } from '@tradelog/projections/push/families';
import { releaseHeldDeliveries, requestRedelivery } from '@tradelog/projections/push/redelivery';
import { verifyPush } from '@tradelog/projections/push/signature';
import {
  insertSubscription,
  newSubscriptionSecret,
  setSubscriptionState,
} from '@tradelog/projections/push/subscriptions';
import { TradelogError } from '@tradelog/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  type ReceivedPush,
  type ReceiverReply,
  startCallbackReceiver,
} from '../../../tests/harness/callbackReceiver.ts';
import { type ChangesFeed, startChangesFeed } from '../../../tests/harness/changesFeed.ts';
import {
  createTestSchema,
  quietLogger,
  testServices,
  uniqueName,
  waitFor,
} from '../../../tests/harness/index.ts';
import type { ChangeEvent } from '../changes.ts';
import { createPushProcessor } from './pushProcessor.ts';
import { createPushService, type PushService } from './service.ts';
import { pushSettings } from './settings.ts';

describe('push delivery', () => {
  const services = testServices();
  const stamp = Date.now().toString(36).toUpperCase();
  // One enterprise per test, so that one test's changes reach only its own subscription.
  const [enterprise, seqEnterprise, flakyEnterprise, refusedEnterprise] = ['A', 'B', 'C', 'D'].map(
    (letter) => `ENT${stamp}${letter}`,
  ) as [string, string, string, string];
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let changes: ChangesFeed;
  let service: PushService;
  let receiver: CallbackReceiver;
  let keyId: string;
  const topic = uniqueName('changes');
  const consumerGroup = uniqueName('push');
  const bossSchema = uniqueName('boss');
  const settings = pushSettings({
    consumerGroup,
    bossSchema,
    // 15 and 30 minutes become 1 s and 2 s; 1 minute becomes 67 ms.
    retryScale: 1 / 900,
    allowlist: parseAllowlist(['127.0.0.1/32']),
    requestPollMs: 200,
  });
  /** Per path: how the receiver answers. */
  const behaviour = new Map<
    string,
    (previous: ReceivedPush[], request: ReceivedPush) => Promise<ReceiverReply> | ReceiverReply
  >();

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'push');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    changes = await startChangesFeed({ topic, partitions: 3, clientId: 'push-test' });
    keyId = randomUUID();
    await createApiKey(pool, {
      id: keyId,
      kind: 'lender',
      ownerId: 'lender-1',
      ownerName: 'Lender One',
      enterprises: [enterprise, seqEnterprise, flakyEnterprise, refusedEnterprise],
      keyPrefix: 'tlk_test',
      keyHash: randomUUID(),
      createdAt: new Date(),
    });
    receiver = await startCallbackReceiver({
      reply: (request, previous) => {
        const path = new URL(request.path, 'http://x').pathname;
        return behaviour.get(path)?.(previous, request) ?? { status: 200, body: { ok: true } };
      },
    });
    service = createPushService({
      brokers: services.kafkaBrokers,
      pool,
      databaseUrl: db.databaseUrl,
      changesTopic: topic,
      settings,
      logger: quietLogger,
    });
    await service.start();
  });

  afterAll(async () => {
    await service?.stop();
    await changes?.close();
    await receiver?.close();
    await pool?.query(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
    await pool?.end();
    await db?.drop();
  });

  async function subscribe(
    family: PushFamily,
    criteria: Record<string, unknown>,
    path: string,
    callbackUrl = receiver.url(`${path}?token=s3cret`),
  ) {
    const secret = newSubscriptionSecret();
    const subscription = await insertSubscription(pool, {
      id: randomUUID(),
      family,
      ownerKind: 'lender',
      ownerId: 'lender-1',
      keyId,
      callbackUrl,
      criteria,
      matchKey: matchKeyOf(family, criteria as never),
      projections: family === 'changes' ? ['order-status', 'link-node'] : [],
      secret,
      createdAt: new Date(),
    });
    return { ...subscription, secret };
  }

  let offset = 0;
  function change(overrides: Partial<ChangeEvent> = {}): ChangeEvent {
    offset++;
    return {
      eventId: randomUUID(),
      projection: 'order-status',
      kind: 'order.status-changed',
      enterprise,
      subject: `purchase/PO${offset}`,
      occurredAt: new Date().toISOString(),
      source: { documentId: randomUUID(), topic: 'docs', partition: 0, offset: String(offset) },
      data: { kind: 'purchase', orderNo: `PO${offset}`, from: '10', to: '20' },
      ...overrides,
      // A fixture: an override names a projection together with one of its kinds.
    } as ChangeEvent;
  }
  const publish = (events: ChangeEvent[]) => changes.publish(events);

  const deliveriesOf = async (subscriptionId: string) =>
    (
      await pool.query(
        'SELECT id, event_id, state, attempts, sequence, subject FROM push_deliveries WHERE subscription_id = $1',
        [subscriptionId],
      )
    ).rows;
  const attemptsOf = async (subscriptionId: string) =>
    (
      await pool.query(
        `SELECT a.attempt, a.retry_count, a.http_status, a.outcome, a.error_code, a.latency_ms, a.callback_url, a.reply_excerpt
         FROM push_attempts a JOIN push_deliveries d ON d.id = a.delivery_id WHERE d.subscription_id = $1 ORDER BY a.id`,
        [subscriptionId],
      )
    ).rows;
  /** The attempt numbers of a delivery: every attempt made, and the next one while it is still to come. */
  const jobAttempts = async (deliveryId: string) => {
    const { rows } = await pool.query(
      `SELECT a.attempt FROM push_attempts a WHERE a.delivery_id = $1
       UNION SELECT attempts + 1 FROM push_deliveries WHERE id = $1 AND state IN ('pending', 'scheduled')
       ORDER BY 1`,
      [deliveryId],
    );
    return rows.map((row) => row.attempt as number);
  };

  /** Another push processor in the service's group, as a restart or a new release would start one. */
  const pushProcessor = (overrides: Partial<Parameters<typeof createPushProcessor>[0]> = {}) =>
    createPushProcessor({
      brokers: services.kafkaBrokers,
      pool,
      boss: service.boss,
      queue: settings.queue,
      topic,
      consumerGroup,
      logger: quietLogger,
      ...overrides,
    });

  it('delivers each event exactly once, signed, even when the push processor restarts mid-stream and changes are replayed', async () => {
    const subscription = await subscribe(
      'changes',
      { enterprise, projections: ['order-status', 'link-node'] },
      '/once',
    );
    const first = Array.from({ length: 20 }, () => change());
    await publish(first);
    await waitFor(() => receiver.pushesTo('/once').length >= 5, { what: 'first pushes' });
    await service.processor.stop();
    const second = Array.from({ length: 20 }, () => change());
    // The outbox may publish again after a crash: the same events, same ids.
    await publish([...second, ...first.slice(0, 10)]);
    const restarted = pushProcessor();
    service.processor = restarted;
    await restarted.start();
    const all = [...first, ...second];
    await waitFor(
      async () => {
        const rows = await deliveriesOf(subscription.id);
        return rows.length === all.length && rows.every((row) => row.state === 'delivered');
      },
      { what: 'all deliveries delivered', timeoutMs: 45_000 },
    );
    // Every record of the topic, replays included, has been through the processor.
    await waitFor(async () => {
      const { rows } = await pool.query(
        'SELECT sum(records_applied)::int AS n FROM projection_checkpoints WHERE consumer_group = $1',
        [consumerGroup],
      );
      return rows[0].n === all.length + 10;
    });
    const pushes = receiver.pushesTo('/once');
    expect(pushes).toHaveLength(all.length);
    expect(new Set(pushes.map((p) => p.headers['webhook-id']))).toEqual(new Set(all.map((e) => e.eventId)));
    for (const push of pushes) {
      expect(push.path).toBe('/once?token=s3cret');
      expect(push.headers['retry-count']).toBe('0');
      expect(
        verifyPush(subscription.secret, push.headers as Record<string, string>, push.body, Date.now() / 1000),
      ).toBe(true);
      expect(
        verifyPush(
          newSubscriptionSecret(),
          push.headers as Record<string, string>,
          push.body,
          Date.now() / 1000,
        ),
      ).toBe(false);
      const body = JSON.parse(push.body);
      expect(body).toMatchObject({
        eventId: push.headers['webhook-id'],
        enterprise,
        projection: 'order-status',
      });
      expect(String(body.sequence)).toBe(push.headers['tradelog-sequence']);
    }
    const attempts = await attemptsOf(subscription.id);
    expect(attempts.every((a) => a.callback_url.endsWith('/once?token=***'))).toBe(true);
  });

  it('gives a subject growing sequence numbers in log order', async () => {
    await subscribe('changes', { enterprise: seqEnterprise, projections: ['order-status'] }, '/sequence');
    const subject = `purchase/SEQ${Date.now()}`;
    const events = [1, 2, 3].map(() => change({ subject, enterprise: seqEnterprise }));
    for (const event of events) await publish([event]);
    await waitFor(() => receiver.pushesTo('/sequence').length === 3, { what: 'three pushes' });
    const byEvent = new Map(
      receiver.pushesTo('/sequence').map((p) => [p.headers['webhook-id'], p.headers['tradelog-sequence']]),
    );
    expect(events.map((e) => byEvent.get(e.eventId))).toEqual(['1', '2', '3']);
  });

  it('retries a 500 {retriable:true} with growing retry-count headers until the receiver takes it', async () => {
    behaviour.set('/flaky', (previous) =>
      previous.length < 2
        ? { status: 500, body: { ok: false, errorMessage: 'down', retriable: true } }
        : { status: 200, body: { ok: true } },
    );
    const subscription = await subscribe(
      'changes',
      { enterprise: flakyEnterprise, projections: ['order-status'] },
      '/flaky',
    );
    await publish([change({ enterprise: flakyEnterprise })]);
    await waitFor(async () => (await deliveriesOf(subscription.id))[0]?.state === 'delivered', {
      what: 'delivered',
    });
    expect(receiver.pushesTo('/flaky').map((p) => p.headers['retry-count'])).toEqual(['0', '1', '2']);
    expect((await attemptsOf(subscription.id)).map((a) => [a.http_status, a.outcome, a.error_code])).toEqual([
      [500, 'failed', 'HTTP_500'],
      [500, 'failed', 'HTTP_500'],
      [200, 'delivered', null],
    ]);
  });

  it('retries {ok:false, retriable:true} and stops at once on {ok:false, retriable:false}', async () => {
    behaviour.set('/busy', (previous) =>
      previous.length < 1
        ? { status: 200, body: { ok: false, errorCode: 'BUSY', errorMessage: 'later', retriable: true } }
        : { status: 200, body: { ok: true } },
    );
    behaviour.set('/never', () => ({
      status: 200,
      body: { ok: false, errorCode: 'BAD', errorMessage: 'no such bill', retriable: false },
    }));
    const busy = await subscribe('ocean', { billNo: 'BUSY1', carrierCode: 'AUTO' }, '/busy');
    const never = await subscribe('ocean', { billNo: 'NEVER1', carrierCode: 'AUTO' }, '/never');
    await publish([
      change({
        projection: 'tracking',
        kind: 'ocean.status',
        subject: 'ocean/bill/BUSY1',
        data: { result: { billNo: 'BUSY1' } },
      }),
      change({
        projection: 'tracking',
        kind: 'ocean.status',
        subject: 'ocean/bill/NEVER1',
        data: { result: { billNo: 'NEVER1' } },
      }),
    ]);
    await waitFor(async () => (await deliveriesOf(busy.id))[0]?.state === 'delivered', {
      what: 'busy delivered',
    });
    expect(receiver.pushesTo('/busy').map((p) => p.headers['retry-count'])).toEqual(['0', '1']);
    expect(JSON.parse(receiver.pushesTo('/busy')[0]!.body)).toMatchObject({
      params: { referenceno: busy.id, subscriptions: [{ REFERENCE_NO: 'BUSY1', CARRIER_CD: 'AUTO' }] },
      result: { billNo: 'BUSY1' },
    });
    const [dead] = await waitFor(
      async () => {
        const rows = await deliveriesOf(never.id);
        return rows[0]?.state === 'dead' ? rows : undefined;
      },
      { what: 'never dead-lettered' },
    );
    expect(dead.attempts).toBe(1);
    expect(await jobAttempts(dead.id)).toEqual([1]);
    expect(receiver.pushesTo('/never')).toHaveLength(1);
    expect((await attemptsOf(never.id))[0]).toMatchObject({ error_code: 'REPLY_NOT_OK', outcome: 'failed' });
  });

  it('follows §8 for replies the receiver gave and retries when it gave none: 500 {retriable:true} retried; 200 {retriable:false}, a bare 500 once; a refused connection retried', async () => {
    behaviour.set('/r500-retriable', (previous) =>
      previous.length < 1
        ? { status: 500, body: { ok: false, errorCode: 'DOWN', retriable: true } }
        : { status: 200, body: { ok: true } },
    );
    behaviour.set('/r200-not-retriable', () => ({
      status: 200,
      body: { ok: false, errorCode: 'BAD', errorMessage: 'unknown bill', retriable: false },
    }));
    behaviour.set('/r500-silent', () => ({ status: 500, body: 'internal error' }));
    // A port on loopback nobody listens on: the connection is refused, no reply was given.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const bills = ['R8A', 'R8B', 'R8C', 'R8D'].map((bill) => `${bill}${stamp}`) as [
      string,
      string,
      string,
      string,
    ];
    const retriable = await subscribe('ocean', { billNo: bills[0] }, '/r500-retriable');
    const notRetriable = await subscribe('ocean', { billNo: bills[1] }, '/r200-not-retriable');
    const silent = await subscribe(
      'terminal',
      { businessNumber: bills[2], portCode: 'CNNGB', ieid: 'E' },
      '/r500-silent',
    );
    const unreachable = await subscribe(
      'ocean',
      { billNo: bills[3] },
      '/nobody',
      `http://127.0.0.1:${closedPort}/nobody?token=s3cret`,
    );
    await publish([
      ...[bills[0], bills[1], bills[3]].map((bill) =>
        change({
          projection: 'tracking',
          kind: 'ocean.status',
          subject: `ocean/bill/${bill}`,
          data: { result: { billNo: bill } },
        }),
      ),
      change({
        projection: 'tracking',
        kind: 'terminal.status',
        subject: `terminal/${bills[2]}/CNNGB/E`,
        data: { result: { n: 1 } },
      }),
    ]);
    const settled = (subscriptionId: string, state: string) =>
      waitFor(
        async () => {
          const rows = await deliveriesOf(subscriptionId);
          return rows[0]?.state === state ? rows[0] : undefined;
        },
        { what: `${state} delivery` },
      );

    await settled(retriable.id, 'delivered');
    expect(receiver.pushesTo('/r500-retriable').map((p) => p.headers['retry-count'])).toEqual(['0', '1']);

    for (const [subscription, path, errorCode] of [
      [notRetriable, '/r200-not-retriable', 'REPLY_NOT_OK'],
      [silent, '/r500-silent', 'HTTP_500'],
    ] as const) {
      const dead = await settled(subscription.id, 'dead');
      expect(dead.attempts).toBe(1);
      expect(await jobAttempts(dead.id)).toEqual([1]);
      expect(receiver.pushesTo(path)).toHaveLength(1);
      expect((await attemptsOf(subscription.id)).map((a) => [a.outcome, a.error_code])).toEqual([
        ['failed', errorCode],
      ]);
    }

    const failures = await waitFor(
      async () => {
        const rows = await attemptsOf(unreachable.id);
        return rows.length >= 2 ? rows : undefined;
      },
      { what: 'a refused connection tried again' },
    );
    expect(failures.slice(0, 2).map((a) => [a.retry_count, a.error_code])).toEqual([
      [0, 'CONNECTION_FAILED'],
      [1, 'CONNECTION_FAILED'],
    ]);
    // Stop its remaining retries (about a minute at this scale) from outliving the test.
    await setSubscriptionState(pool, unreachable.id, 'paused', new Date());
  });

  it('gives express pushes exactly two retries, after 15 and 30 (scaled) minutes, then dead-letters', async () => {
    behaviour.set('/express', () => ({ status: 500, body: { success: false, reason: 'down' } }));
    const subscription = await subscribe(
      'express',
      // SF's customerName rule (§3): the last four phone digits, which the event's feeds gave.
      { shipperCode: 'SF', logisticCode: 'SF1001', customerName: '1234' },
      '/express',
    );
    await publish([
      change({
        projection: 'tracking',
        kind: 'express.traces',
        subject: 'express/SF/SF1001',
        data: { state: '2', traces: [], customerNames: ['1234'] },
      }),
    ]);
    const [dead] = await waitFor(
      async () => {
        const rows = await deliveriesOf(subscription.id);
        return rows[0]?.state === 'dead' ? rows : undefined;
      },
      { what: 'express dead-lettered' },
    );
    expect(await jobAttempts(dead.id)).toEqual([1, 2, 3]);
    // The first attempt was claimed as due; each retry was a pg-boss job.
    const retryJobs = await service.boss.findJobs<{ attempt: number }>(settings.queue, {
      data: { deliveryId: dead.id },
    });
    expect(retryJobs.map((job) => job.data.attempt).sort()).toEqual([2, 3]);
    const pushes = receiver.pushesTo('/express');
    expect(pushes.map((p) => p.headers['retry-count'])).toEqual(['0', '1', '2']);
    expect(pushes[1]!.at - pushes[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(pushes[2]!.at - pushes[1]!.at).toBeGreaterThanOrEqual(2000);
    expect(JSON.parse(pushes[0]!.body)).toMatchObject({
      count: '1',
      data: [{ shipperCode: 'SF', logisticCode: 'SF1001', state: '2' }],
    });
    expect(await attemptsOf(subscription.id)).toHaveLength(3);
  });

  it('holds pushes while paused and sends them on resume; redelivers a dead delivery with a growing retry count', async () => {
    behaviour.set('/later', (previous) =>
      previous.length === 0
        ? { status: 200, body: { ok: false, retriable: false } }
        : { status: 200, body: { ok: true } },
    );
    const subscription = await subscribe(
      'terminal',
      { businessNumber: 'P1', portCode: 'CNNGB', ieid: 'I' },
      '/later',
    );
    const event = (n: number) =>
      change({
        projection: 'tracking',
        kind: 'terminal.status',
        subject: 'terminal/P1/CNNGB/I',
        data: { result: { n } },
      });
    await publish([event(1)]);
    const [dead] = await waitFor(
      async () => {
        const rows = await deliveriesOf(subscription.id);
        return rows[0]?.state === 'dead' ? rows : undefined;
      },
      { what: 'first push dead-lettered' },
    );
    await setSubscriptionState(pool, subscription.id, 'paused', new Date());
    await publish([event(2)]);
    await waitFor(async () => (await deliveriesOf(subscription.id)).some((row) => row.state === 'held'), {
      what: 'second push held',
    });
    expect(receiver.pushesTo('/later')).toHaveLength(1);
    await setSubscriptionState(pool, subscription.id, 'active', new Date());
    expect(await releaseHeldDeliveries(pool, subscription.id, new Date())).toBe(1);
    await waitFor(() => receiver.pushesTo('/later').length === 2, { what: 'held push sent on resume' });
    expect(await requestRedelivery(pool, subscription.id, { ids: [dead.id] }, new Date())).toEqual({
      ids: [dead.id],
      more: false,
    });
    await waitFor(
      async () => (await deliveriesOf(subscription.id)).every((row) => row.state === 'delivered'),
      {
        what: 'redelivered',
      },
    );
    const pushes = receiver.pushesTo('/later');
    expect(
      pushes.map((p) => [
        JSON.parse(p.body).result.n,
        p.headers['retry-count'],
        p.headers['tradelog-sequence'],
      ]),
    ).toEqual([
      [1, '0', '1'],
      [2, '0', '2'],
      // Redelivered on request although sequence 2 was delivered since: the subscriber asked.
      [1, '1', '1'],
    ]);
  });

  it('keeps at most the configured number of attempts in flight per subscription, and counts outcomes', async () => {
    let inFlight = 0;
    let most = 0;
    behaviour.set('/limited', async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 150));
      inFlight--;
      return { status: 200, body: { ok: true } };
    });
    const subscription = await subscribe('ocean', { billNo: 'LIM1', carrierCode: 'AUTO' }, '/limited');
    await publish(
      Array.from({ length: 12 }, (_, n) =>
        change({
          projection: 'tracking',
          kind: 'ocean.status',
          subject: 'ocean/bill/LIM1',
          data: { result: { n } },
        }),
      ),
    );
    await waitFor(
      async () =>
        (await deliveriesOf(subscription.id)).filter((row) => !['pending', 'scheduled'].includes(row.state))
          .length === 12,
      {
        what: 'all settled',
      },
    );
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(settings.subscriptionConcurrency);
    const metrics = await service.metrics.registry.metrics();
    expect(metrics).toMatch(/tradelog_push_deliveries_total\{family="ocean",outcome="delivered"\} \d+/);
    expect(metrics).toMatch(
      /tradelog_push_attempt_duration_seconds_count\{family="ocean",result="delivered"\} \d+/,
    );
    expect(metrics).toMatch(/tradelog_push_queue_depth\{state="pending"\} \d+/);
  });

  it('drops a retry of an older state once a newer state of the subject was delivered', async () => {
    const nOf = (push: ReceivedPush) => (JSON.parse(push.body) as { result: { n: number } }).result.n;
    // The older state keeps failing (retriable); the newer one is taken at once.
    behaviour.set('/newer', (_previous, request) =>
      nOf(request) === 1
        ? { status: 503, body: { ok: false, retriable: true } }
        : { status: 200, body: { ok: true } },
    );
    const subscription = await subscribe('ocean', { billNo: 'SUP1', carrierCode: 'AUTO' }, '/newer');
    const state = (n: number) =>
      change({
        projection: 'tracking',
        kind: 'ocean.status',
        subject: 'ocean/bill/SUP1',
        data: { result: { n } },
      });
    const older = state(1);
    const newer = state(2);
    await publish([older]);
    await publish([newer]);
    const rows = await waitFor(
      async () => {
        const found = await deliveriesOf(subscription.id);
        const settled = found.every((row) => ['delivered', 'superseded'].includes(row.state));
        return found.length === 2 && settled ? found : undefined;
      },
      { what: 'older superseded', timeoutMs: 45_000 },
    );
    const byEvent = new Map(rows.map((row) => [row.event_id, row]));
    expect(byEvent.get(newer.eventId)).toMatchObject({ state: 'delivered', sequence: '2' });
    expect(byEvent.get(older.eventId)).toMatchObject({ state: 'superseded', sequence: '1' });
    const pushes = receiver.pushesTo('/newer');
    const newerAt = pushes.findIndex((push) => nOf(push) === 2);
    // Both first attempts may be in flight together, so the older's first try can land after the
    // newer one; what the rule forbids is a retry of the older state once the newer was taken.
    const olderRetriesAfter = pushes
      .slice(newerAt + 1)
      .filter((push) => nOf(push) === 1 && push.headers['retry-count'] !== '0');
    expect(olderRetriesAfter).toEqual([]);
    // No attempt of the older state after the newer one was taken, and none left to come.
    const olderRow = byEvent.get(older.eventId)!;
    expect(await jobAttempts(olderRow.id)).toEqual(
      Array.from({ length: olderRow.attempts }, (_, i) => i + 1),
    );
  });

  it('counts no answer within 10 s as a failed attempt and retries it', async () => {
    behaviour.set('/slow', async (previous) => {
      if (previous.length === 0) await new Promise((resolve) => setTimeout(resolve, 11_000));
      return { status: 200, body: { ok: true } };
    });
    const subscription = await subscribe(
      'terminal',
      { businessNumber: 'B1', portCode: 'CNSHA', ieid: 'E' },
      '/slow',
    );
    await publish([
      change({
        projection: 'tracking',
        kind: 'terminal.status',
        subject: 'terminal/B1/CNSHA/E',
        data: { result: { shipment: { businessNumber: 'B1' } } },
      }),
    ]);
    await waitFor(async () => (await deliveriesOf(subscription.id))[0]?.state === 'delivered', {
      what: 'slow delivered',
      timeoutMs: 40_000,
    });
    const attempts = await attemptsOf(subscription.id);
    expect(attempts.map((a) => [a.retry_count, a.outcome, a.error_code])).toEqual([
      [0, 'failed', 'TIMEOUT'],
      [1, 'delivered', null],
    ]);
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(10_000);
    expect(attempts[0]!.latency_ms).toBeLessThan(11_000);
  }, 60_000);

  it('refuses a loopback callback that is not allowlisted, without connecting', async () => {
    const other = await startCallbackReceiver({ host: '127.0.0.2' });
    try {
      expect((await fetch(other.url('/probe'), { method: 'POST', body: '{}' })).status).toBe(200);
      const secret = newSubscriptionSecret();
      const subscription = await insertSubscription(pool, {
        id: randomUUID(),
        family: 'changes',
        ownerKind: 'lender',
        ownerId: 'lender-1',
        keyId,
        callbackUrl: other.url('/hook'),
        criteria: { enterprise: refusedEnterprise, projections: ['order-status'] },
        matchKey: refusedEnterprise,
        projections: ['order-status'],
        secret,
        createdAt: new Date(),
      });
      await publish([change({ enterprise: refusedEnterprise })]);
      const [dead] = await waitFor(
        async () => {
          const rows = await deliveriesOf(subscription.id);
          return rows[0]?.state === 'dead' ? rows : undefined;
        },
        { what: 'refused delivery dead-lettered' },
      );
      expect(dead.attempts).toBe(1);
      expect((await attemptsOf(subscription.id))[0]).toMatchObject({
        error_code: 'TARGET_REFUSED',
        http_status: null,
      });
      expect(other.pushesTo('/hook')).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
  it('delivers a change event an operator retries once the fault that dead-lettered it is fixed', async () => {
    const subscription = await subscribe(
      'changes',
      { enterprise, projections: ['order-status'] },
      '/retried',
    );
    await service.processor.stop();
    // A release with a bug that fails every delivery it prepares: its records are dead-lettered.
    const buggy = pushProcessor({
      newId: () => {
        throw new TradelogError('PUSH_BUG', 'this release cannot prepare deliveries');
      },
    });
    await buggy.start();
    const event = change({ subject: 'purchase/RETRIED-1' });
    await publish([event]);
    const letter = await waitFor(
      async () =>
        (await listDeadLetters(pool, { projection: 'push', limit: 50 })).find(
          (l) => l.errorCode === 'PUSH_BUG',
        ),
      { what: 'the change dead-lettered under push' },
    );
    expect(await deliveriesOf(subscription.id)).toEqual([]);
    await buggy.stop();
    // The fixed release takes over; an operator retries the letter.
    const fixed = pushProcessor();
    service.processor = fixed;
    await fixed.start();
    await markDeadLetterRetrying(pool, letter.id);
    await waitFor(
      () => receiver.pushesTo('/retried').some((push) => push.headers['webhook-id'] === event.eventId),
      {
        what: 'the retried change pushed',
      },
    );
    await waitFor(
      async () =>
        (await listDeadLetters(pool, { projection: 'push', state: 'resolved', limit: 50 })).some(
          (l) => l.id === letter.id,
        ),
      { what: 'the dead letter resolved' },
    );
  });
});
