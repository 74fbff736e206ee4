import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { migrate } from '../migrate.ts';
import {
  findDeliveriesForAttempt,
  insertDeliveries,
  insertDelivery,
  listAttempts,
  recordAttempts,
  type SettledAttempt,
} from './deliveries.ts';
import { insertSubscription, newSubscriptionSecret } from './subscriptions.ts';

// The delivery worker's batch statements (processors/src/push/README.md "Batches"), on Postgres.
describe('deliveries recorded in batches', () => {
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let subscriptionId = '';

  beforeAll(async () => {
    db = await createTestSchema(testServices().databaseUrl, 'pushbatch');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    const key = await createTestApiKey(pool, 'lender', { ownerId: 'batch', enterprises: ['E1'] });
    subscriptionId = randomUUID();
    await insertSubscription(pool, {
      id: subscriptionId,
      family: 'changes',
      ownerKind: 'lender',
      ownerId: 'batch',
      keyId: key.id,
      callbackUrl: 'https://bank.example.com/hook',
      criteria: { enterprise: 'E1', projections: ['order-status'] },
      matchKey: 'E1',
      projections: ['order-status'],
      secret: newSubscriptionSecret(),
      createdAt: new Date(),
    });
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
    nextAttemptAt: state === 'pending' ? new Date(Date.now() + 60_000) : null,
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
      settled(b1, 'pending', seq(b1), 'purchase/B'),
      settled(c1, 'dead', seq(c1), 'purchase/C'),
    ]);
    expect([...moved].sort()).toEqual([a1, a2, b1, c1].sort());
    const after = await findDeliveriesForAttempt(pool, [a1, a2, b1, c1]);
    expect([a1, a2, b1, c1].map((id) => [after.get(id)!.state, after.get(id)!.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['pending', 1],
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
    expect(await recordAttempts(pool, [settled(id, 'pending', sequence, 'purchase/D')])).toEqual(
      new Set([id]),
    );
    // The same attempt number again: the guard refuses it, no second attempt row.
    expect(await recordAttempts(pool, [settled(id, 'delivered', sequence, 'purchase/D')])).toEqual(new Set());
    expect(await listAttempts(pool, subscriptionId, id)).toHaveLength(1);
    // The next attempt moves it on.
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
});
