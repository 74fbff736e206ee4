import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { migrate } from '../migrate.ts';
import { recordAttempts, type SettledAttempt } from './attempts.ts';
import { claimDueDeliveries, lockClaims, releaseGoneHolders } from './claims.ts';
import { findDeliveriesForAttempt } from './deliveries.ts';
import { listAttempts } from './deliveryHistory.ts';
import { insertDeliveries, insertDelivery } from './insertDeliveries.ts';
import { insertSubscription, newSubscriptionSecret } from './subscriptions.ts';

// The delivery worker's batch statements (projections/src/push/README.md "Batches"), on Postgres.
describe('deliveries recorded in batches', () => {
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let subscriptionId = '';

  /** A lender's subscription to order-status changes of one enterprise, with its key. */
  const lenderSubscription = async (ownerId: string, enterprise: string) => {
    const key = await createTestApiKey(pool, 'lender', { ownerId, enterprises: [enterprise] });
    const id = randomUUID();
    await insertSubscription(pool, {
      id,
      family: 'changes',
      ownerKind: 'lender',
      ownerId,
      keyId: key.id,
      callbackUrl: 'https://bank.example.com/hook',
      criteria: { enterprise, projections: ['order-status'] },
      matchKey: enterprise,
      projections: ['order-status'],
      secret: newSubscriptionSecret(),
      createdAt: new Date(),
    });
    return id;
  };

  beforeAll(async () => {
    db = await createTestSchema(testServices().databaseUrl, 'pushbatch');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    subscriptionId = await lenderSubscription('batch', 'E1');
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const pending = async (subject: string) => {
    const id = randomUUID();
    await insertDelivery(pool, {
      id,
      subscriptionId,
      family: 'changes',
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject,
      payload: {},
      state: 'pending',
      createdAt: new Date(),
    });
    return id;
  };

  const settled = (
    id: string,
    state: SettledAttempt['state'],
    sequence: number,
    subject: string,
    attempt = 1,
  ): SettledAttempt => ({
    deliveryId: id,
    attempt,
    retryCount: attempt - 1,
    startedAt: new Date(),
    latencyMs: 3,
    httpStatus: state === 'delivered' ? 200 : 500,
    outcome: state === 'delivered' ? 'delivered' : 'failed',
    errorCode: state === 'delivered' ? null : 'HTTP_500',
    replyExcerpt: null,
    callbackUrl: 'https://bank.example.com/hook',
    state,
    nextAttemptAt: state === 'scheduled' ? new Date(Date.now() + 60_000) : null,
    subscriptionId,
    subject,
    sequence,
    now: new Date(),
  });

  it('moves every delivery, writes every attempt row and raises each subject’s delivered sequence, in one call', async () => {
    const a1 = await pending('purchase/A');
    const a2 = await pending('purchase/A');
    const b1 = await pending('purchase/B');
    const c1 = await pending('purchase/C');
    const before = await findDeliveriesForAttempt(pool, [a1, a2, b1, c1]);
    const seq = (id: string) => before.get(id)!.sequence;
    const moved = await recordAttempts(pool, [
      settled(a1, 'delivered', seq(a1), 'purchase/A'),
      settled(a2, 'delivered', seq(a2), 'purchase/A'),
      settled(b1, 'scheduled', seq(b1), 'purchase/B'),
      settled(c1, 'dead', seq(c1), 'purchase/C'),
    ]);
    expect([...moved].sort()).toEqual([a1, a2, b1, c1].sort());
    const after = await findDeliveriesForAttempt(pool, [a1, a2, b1, c1]);
    expect([a1, a2, b1, c1].map((id) => [after.get(id)!.state, after.get(id)!.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['scheduled', 1],
      ['dead', 1],
    ]);
    // The higher of the subject's two delivered sequences; B was not delivered.
    expect(after.get(a1)!.deliveredSequence).toBe(Math.max(seq(a1), seq(a2)));
    expect(after.get(b1)!.deliveredSequence).toBe(0);
    for (const id of [a1, a2, b1, c1]) expect(await listAttempts(pool, subscriptionId, id)).toHaveLength(1);
  });

  it('records nothing for an attempt someone else already recorded (a job that ran twice)', async () => {
    const id = await pending('purchase/D');
    const sequence = (await findDeliveriesForAttempt(pool, [id])).get(id)!.sequence;
    expect(await recordAttempts(pool, [settled(id, 'scheduled', sequence, 'purchase/D')])).toEqual(
      new Set([id]),
    );
    // The same attempt number again: the guard refuses it, no second attempt row.
    expect(await recordAttempts(pool, [settled(id, 'delivered', sequence, 'purchase/D')])).toEqual(new Set());
    expect(await listAttempts(pool, subscriptionId, id)).toHaveLength(1);
    // The retry's job comes and claims it; the next attempt moves it on.
    const at = new Date();
    const leaseUntil = new Date(at.getTime() + 30_000);
    const claimed = await claimDueDeliveries(pool, {
      limit: 1,
      perSubscription: 4,
      now: at,
      leaseUntil,
      scheduled: [{ deliveryId: id, attempt: 2 }],
    });
    expect(claimed.map((row) => [row.id, row.state, row.attempts])).toEqual([[id, 'pending', 1]]);
    expect(await recordAttempts(pool, [settled(id, 'delivered', sequence, 'purchase/D', 2)])).toEqual(
      new Set([id]),
    );
    expect((await findDeliveriesForAttempt(pool, [id])).get(id)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      deliveredSequence: sequence,
    });
  });

  it('runs side by side with other batches over the same subjects without deadlocking', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => pending(`purchase/S${i % 4}`)));
    const rows = await findDeliveriesForAttempt(pool, ids);
    const record = (id: string) => settled(id, 'delivered', rows.get(id)!.sequence, rows.get(id)!.subject);
    const forward = ids.slice(0, 20).map(record);
    const backward = ids.slice(20).reverse().map(record);
    const moved = await Promise.all([recordAttempts(pool, forward), recordAttempts(pool, backward)]);
    expect(moved[0].size + moved[1].size).toBe(40);
  });

  it('inserts a batch with one statement: sequences per subject in the given order, existing (subscription, event) pairs skipped', async () => {
    const newDelivery = (subject: string, eventId = randomUUID()) => ({
      id: randomUUID(),
      subscriptionId,
      family: 'changes' as const,
      eventId,
      eventKind: 'order.created',
      subject,
      payload: { subject },
      state: 'pending' as const,
      createdAt: new Date(),
    });
    const replayed = newDelivery('purchase/E');
    expect(await insertDeliveries(pool, [replayed])).toEqual([{ id: replayed.id, sequence: 1 }]);
    const batch = [
      newDelivery('purchase/F'),
      newDelivery('purchase/E'),
      { ...newDelivery('purchase/E', replayed.eventId) },
      newDelivery('purchase/F'),
      newDelivery('purchase/E'),
    ];
    const inserted = await insertDeliveries(pool, batch);
    const sequenceOf = new Map(inserted.map((row) => [row.id, row.sequence]));
    // The replay takes a number (gaps are allowed) but is not inserted again.
    expect(sequenceOf.has(batch[2]!.id)).toBe(false);
    expect([0, 1, 3, 4].map((i) => sequenceOf.get(batch[i]!.id))).toEqual([1, 2, 2, 4]);
    const rows = await findDeliveriesForAttempt(pool, [batch[1]!.id]);
    // Change payloads carry their sequence.
    expect(rows.get(batch[1]!.id)).toMatchObject({
      sequence: 2,
      payload: { subject: 'purchase/E', sequence: 2 },
    });
  });

  it('claims due deliveries once, never more than the per-subscription limit at a time, and again when a lease ran out', async () => {
    const claimsOf = await lenderSubscription('claims', 'E2');
    const at = new Date();
    const later = new Date(at.getTime() + 60_000);
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      subscriptionId: claimsOf,
      family: 'changes' as const,
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject: `purchase/C${i}`,
      payload: {},
      state: 'pending' as const,
      createdAt: at,
      // Two are not due yet (an express cycle's end): their jobs will claim them.
      ...(i >= 8 ? { state: 'scheduled' as const, nextAttemptAt: later } : {}),
    }));
    await insertDeliveries(pool, rows);
    const claim = async (now: Date) =>
      (
        await claimDueDeliveries(pool, {
          limit: 1000,
          perSubscription: 4,
          now,
          leaseUntil: new Date(now.getTime() + 30_000),
        })
      ).filter((row) => row.subscriptionId === claimsOf);
    // Two claimers at once (as two processes would): four in all, none twice.
    const [first, second] = await Promise.all([claim(at), claim(at)]);
    const claimed = [...first!, ...second!].map((row) => row.id);
    expect(claimed).toHaveLength(4);
    expect(new Set(claimed).size).toBe(4);
    // The subscription is at its limit while they are in flight.
    expect(await claim(at)).toEqual([]);
    // Recording two attempts ends their claims: two more may go.
    const done = first!.length > 0 ? first! : second!;
    await recordAttempts(
      pool,
      done.slice(0, 2).map((row) => settled(row.id, 'delivered', row.sequence, row.subject)),
    );
    const next = await claim(at);
    expect(next).toHaveLength(2);
    expect(next.every((row) => !claimed.includes(row.id))).toBe(true);
    // A claimer that died leaves its leases to run out; then they are claimed again — still four
    // at a time, and never the scheduled ones, whose time has come but not their jobs.
    const afterLeases = new Date(at.getTime() + 61_000);
    const reclaimed = await claim(afterLeases);
    expect(reclaimed).toHaveLength(4);
    expect(reclaimed.every((row) => row.state === 'pending' && row.attempts === 0)).toBe(true);
    expect(reclaimed.some((row) => rows.slice(8).some((s) => s.id === row.id))).toBe(false);
  });

  it('ends the claims of a worker that is gone at once, and keeps those of a live one and of none', async () => {
    const holdersOf = await lenderSubscription('holders', 'E4');
    const at = new Date();
    const ids = Array.from({ length: 6 }, () => randomUUID());
    await insertDeliveries(
      pool,
      ids.map((id, i) => ({
        id,
        subscriptionId: holdersOf,
        family: 'changes' as const,
        eventId: randomUUID(),
        eventKind: 'order.created',
        subject: `purchase/H${i}`,
        payload: {},
        // Scheduled, so that each claim below takes exactly the rows its jobs name, whatever
        // other tests left pending in this schema.
        state: 'scheduled' as const,
        nextAttemptAt: at,
        createdAt: at,
      })),
    );
    // Two workers, each holding its lock on a connection of its own (processors/src/push/claimHolder.ts).
    const workers = await Promise.all(
      ['4611686018427387901', '17179869189'].map(async (holder) => {
        const connection = new pg.Client({ connectionString: db.databaseUrl });
        await connection.connect();
        await connection.query('SELECT pg_advisory_lock($1::bigint)', [holder]);
        return { holder, connection };
      }),
    );
    const claim = (holder: string | null, these: readonly string[] = ids) =>
      claimDueDeliveries(pool, {
        limit: these.length,
        perSubscription: 6,
        now: at,
        leaseUntil: new Date(at.getTime() + 600_000),
        holder,
        scheduled: these.map((deliveryId) => ({ deliveryId, attempt: 1 })),
      });
    const [alive, gone] = workers;
    const claimedByAlive = await claim(alive!.holder, ids.slice(0, 2));
    const claimedByGone = await claim(gone!.holder, ids.slice(2, 4));
    const claimedByNone = await claim(null, ids.slice(4));
    expect([claimedByAlive.length, claimedByGone.length, claimedByNone.length]).toEqual([2, 2, 2]);
    try {
      // Everyone alive: the sweep ends nothing, and nothing is left to claim.
      expect(await releaseGoneHolders(pool)).toBe(0);
      expect(await claim(null)).toEqual([]);
      // A worker's process dies: its connection ends, and with it its lock.
      await gone!.connection.end();
      await waitFor(async () => (await releaseGoneHolders(pool)) === 2, {
        what: 'the gone worker’s claims ended',
      });
      // Its deliveries are claimed again at once, ten minutes before their leases would end;
      // the live worker's and the holder-less claims stay.
      const again = await claim(alive!.holder);
      expect(again.map((row) => row.id).sort()).toEqual(claimedByGone.map((row) => row.id).sort());
      expect(await claim(alive!.holder)).toEqual([]);
    } finally {
      await alive!.connection.end();
    }
  });

  it('claims scheduled deliveries when their jobs come: for the job’s attempt only, within the per-subscription limit, leaving the rest due', async () => {
    const jobsOf = await lenderSubscription('jobs', 'E3');
    const at = new Date();
    const rows = Array.from({ length: 4 }, (_, i) => ({
      id: randomUUID(),
      subscriptionId: jobsOf,
      family: 'changes' as const,
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject: `purchase/J${i}`,
      payload: {},
      state: i < 2 ? ('pending' as const) : ('scheduled' as const),
      createdAt: at,
      nextAttemptAt: at,
    }));
    await insertDeliveries(pool, rows);
    const [d0, d1, s2, s3] = rows.map((row) => row.id) as [string, string, string, string];
    const claim = (scheduled?: { deliveryId: string; attempt: number }[]) =>
      claimDueDeliveries(pool, {
        limit: 10,
        perSubscription: 3,
        now: at,
        leaseUntil: new Date(at.getTime() + 30_000),
        ...(scheduled ? { scheduled } : {}),
      }).then((claimed) => claimed.filter((row) => row.subscriptionId === jobsOf).map((row) => row.id));
    const stateOf = async (id: string) => (await findDeliveriesForAttempt(pool, [id])).get(id)!.state;
    // The due-now claim takes the pending two, never the scheduled.
    expect((await claim()).sort()).toEqual([d0, d1].sort());
    // A job for another attempt (stale) claims nothing and leaves its delivery scheduled.
    expect(await claim([{ deliveryId: s2, attempt: 2 }])).toEqual([]);
    expect(await stateOf(s2)).toBe('scheduled');
    // Both jobs come; the subscription has room for one more: one is claimed, the other is
    // pending and due, and the next due-now claim takes it once there is room.
    const byJobs = await claim([
      { deliveryId: s2, attempt: 1 },
      { deliveryId: s3, attempt: 1 },
    ]);
    expect(byJobs).toHaveLength(1);
    const left = byJobs[0] === s2 ? s3 : s2;
    expect(await stateOf(left)).toBe('pending');
    expect(await claim()).toEqual([]);
    await recordAttempts(pool, [settled(d0, 'delivered', 1, 'purchase/J0')]);
    expect(await claim()).toEqual([left]);

    // A scheduled delivery whose job never came is taken by the due-now claim five minutes
    // after its time, not before: nothing waits for ever.
    const lost = { ...rows[3]!, id: randomUUID(), eventId: randomUUID(), subject: 'purchase/J9' };
    await insertDeliveries(pool, [lost]);
    await recordAttempts(pool, [settled(d1, 'delivered', 1, 'purchase/J1')]);
    const claimAt = async (minutesLater: number) =>
      (
        await claimDueDeliveries(pool, {
          limit: 10,
          perSubscription: 3,
          now: new Date(at.getTime() + minutesLater * 60_000),
          leaseUntil: new Date(at.getTime() + minutesLater * 60_000 + 30_000),
        })
      )
        .filter((row) => row.id === lost.id)
        .map((row) => row.id);
    expect(await claimAt(4)).toEqual([]);
    expect(await stateOf(lost.id)).toBe('scheduled');
    expect(await claimAt(6)).toEqual([lost.id]);
  });

  it('leases deliveries at insert within the per-subscription limit, claimed rows counted; a lease that runs out leaves them to any claim', async () => {
    const leasedOf = await lenderSubscription('lease', 'E4');
    const at = new Date();
    const row = (i: number, state: 'pending' | 'held' = 'pending') => ({
      id: randomUUID(),
      subscriptionId: leasedOf,
      family: 'changes' as const,
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject: `purchase/L${i % 2}`,
      payload: { orderNo: `L${i}`, kind: 'purchase' },
      state,
      createdAt: at,
    });
    const claim = (now: Date, perSubscription = 3) =>
      claimDueDeliveries(pool, {
        limit: 10,
        perSubscription,
        now,
        leaseUntil: new Date(now.getTime() + 30_000),
      }).then((claimed) => claimed.filter((d) => d.subscriptionId === leasedOf).map((d) => d.id));
    // One claimed already: the insert leases two more (limit 3), in log order, never a held one.
    await insertDeliveries(pool, [row(0)]);
    expect(await claim(at)).toHaveLength(1);
    const rows = [row(1, 'held'), row(2), row(3), row(4)];
    const client = await pool.connect();
    let inserted: Awaited<ReturnType<typeof insertDeliveries>>;
    try {
      await client.query('BEGIN');
      await lockClaims(client);
      inserted = await insertDeliveries(client, rows, {
        ids: new Set(rows.map((r) => r.id)),
        at,
        until: new Date(at.getTime() + 30_000),
        perSubscription: 3,
        limit: 10,
      });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const leased = inserted.filter((r) => r.leased).map((r) => r.id);
    expect(leased).toEqual([rows[1]!.id, rows[2]!.id]);
    // The payload handed over is the one stored, sequence included: a retry sends the same bytes.
    const stored = await findDeliveriesForAttempt(pool, leased);
    for (const r of inserted.filter((r) => r.leased)) {
      expect(JSON.stringify(r.leased!.payload)).toBe(JSON.stringify(stored.get(r.id)!.payload));
      expect(r.leased!.payload).toMatchObject({ sequence: r.sequence });
    }
    // Leased rows count against the limit: nothing more is claimed while they are in flight.
    expect(await claim(at)).toEqual([]);
    // A worker that died with them leaves them to their leases: then any claim takes them (with
    // the first claim's row, whose lease ran out too, and the one left unleased).
    const afterLeases = new Date(at.getTime() + 31_000);
    const reclaimed = await claim(afterLeases, 10);
    expect(reclaimed).toHaveLength(4);
    expect(reclaimed).toEqual(expect.arrayContaining([...leased, rows[3]!.id]));
  });
});
