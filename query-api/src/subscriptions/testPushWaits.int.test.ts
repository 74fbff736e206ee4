import { randomUUID } from 'node:crypto';
import { migrate } from '@tradelog/projections/migrate';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import { insertSubscription } from '@tradelog/projections/push/subscriptions';
import { testEventKind } from '@tradelog/projections/push/testPush';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { createTestPushWaits, type TestPushWaits } from './testPushWaits.ts';

/**
 * A test push's wait ends on Postgres' word that its attempt was recorded (migration
 * 1766137420000_push-test-attempt-notifications.sql), not by asking the pool again and again.
 */
describe('test push waits', () => {
  const services = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let waits: TestPushWaits | undefined;
  let subscriptionId = '';

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'tpw');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    waits = await createTestPushWaits({ connectionString: db.databaseUrl, logger: quietLogger });
    const key = await createTestApiKey(pool, 'lender', { ownerId: 'tpw-bank' });
    subscriptionId = randomUUID();
    await insertSubscription(pool, {
      id: subscriptionId,
      family: 'changes',
      ownerKind: 'lender',
      ownerId: 'tpw-bank',
      accountId: key.accountId,
      keyId: key.id,
      callbackUrl: 'http://127.0.0.1:9/hook',
      criteria: { enterprise: 'ENT1' },
      matchKey: 'changes/ENT1',
      projections: [],
      secret: 'whsec_test',
      createdAt: new Date(),
    });
  });
  afterAll(async () => {
    await waits?.close();
    await pool?.end();
    await db?.drop();
  });

  const delivery = async (eventKind: string) => {
    const id = randomUUID();
    await insertDelivery(pool, {
      id,
      subscriptionId,
      family: 'changes',
      eventId: randomUUID(),
      eventKind,
      subject: 'test',
      payload: {},
      state: 'pending',
      createdAt: new Date(),
    });
    return id;
  };
  /** What the push service does when it records an attempt: the delivery moves on. */
  const attempted = (id: string) =>
    pool.query(`UPDATE push_deliveries SET attempts = attempts + 1, state = 'delivered' WHERE id = $1`, [id]);

  it('wakes the wait of a test push the moment its attempt is committed', async () => {
    const id = await delivery(testEventKind);
    const started = Date.now();
    const waiting = waits!.wait(id, 30_000);
    await attempted(id);
    expect(await waiting.woken).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is not woken by a real delivery’s attempt, nor by another test’s, and ends at its deadline', async () => {
    const mine = await delivery(testEventKind);
    const other = await delivery(testEventKind);
    const real = await delivery('order.status-changed');
    const waiting = waits!.wait(mine, 1_000);
    await attempted(other);
    await attempted(real);
    expect(await waiting.woken).toBe(false);
  });

  it('ends a cancelled wait at once', async () => {
    const waiting = waits!.wait(randomUUID(), 30_000);
    waiting.cancel();
    expect(await waiting.woken).toBe(false);
  });
});
