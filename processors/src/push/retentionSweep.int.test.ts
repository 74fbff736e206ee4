import { randomUUID } from 'node:crypto';
import { migrate } from '@tradelog/projections/migrate';
import { insertDelivery } from '@tradelog/projections/push/insertDeliveries';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, quietLogger, testServices } from '../../../tests/harness/index.ts';
import { subscribeLenderToChanges } from '../../../tests/harness/pushSubscriptions.ts';
import { createRetentionSweep } from './retentionSweep.ts';

// Push history past PUSH_RETENTION_DAYS (push README "Retention"), on Postgres.
describe('the push retention sweep', () => {
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let subscriptionId = '';
  const day = 24 * 60 * 60_000;
  const now = new Date('2026-11-30T00:00:00Z');

  beforeAll(async () => {
    db = await createTestSchema(testServices().databaseUrl, 'pushkeep');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
    ({ subscriptionId } = await subscribeLenderToChanges(pool, {
      enterprise: 'E1',
      lender: 'keep',
      callbackUrl: 'https://bank.example.com/hook',
    }));
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  /** A delivery in `state`, last changed `ageDays` before now, with one attempt. */
  const delivery = async (state: string, ageDays: number) => {
    const id = randomUUID();
    const at = new Date(now.getTime() - ageDays * day);
    await insertDelivery(pool, {
      id,
      subscriptionId,
      family: 'changes',
      eventId: randomUUID(),
      eventKind: 'order.created',
      subject: `purchase/${id}`,
      payload: {},
      state: 'held',
      createdAt: at,
    });
    await pool.query('UPDATE push_deliveries SET state = $2, updated_at = $3 WHERE id = $1', [id, state, at]);
    await pool.query(
      `INSERT INTO push_attempts (delivery_id, attempt, retry_count, started_at, latency_ms, outcome, callback_url)
       VALUES ($1, 1, 0, $2, 5, 'failed', 'https://bank.example.com/hook')`,
      [id, at],
    );
    return id;
  };

  it('deletes finished deliveries older than the retention with their attempts, and nothing still to be made', async () => {
    const old = {
      delivered: await delivery('delivered', 100),
      dead: await delivery('dead', 91),
      superseded: await delivery('superseded', 200),
      cancelled: await delivery('cancelled', 95),
    };
    const kept = [
      await delivery('delivered', 10),
      await delivery('dead', 89),
      // Still to be made, however old: a paused subscription's held pushes, a retry, a request.
      await delivery('held', 300),
      await delivery('scheduled', 120),
      await delivery('pending', 120),
      await delivery('requested', 120),
    ];
    const sweep = createRetentionSweep({
      pool,
      settings: { retentionMs: 90 * day, retentionSweepMs: 60_000 },
      logger: quietLogger,
      now: () => now,
    });
    expect(await sweep.sweep()).toBe(4);
    const { rows } = await pool.query('SELECT id FROM push_deliveries');
    expect(rows.map((row) => row.id).sort()).toEqual([...kept].sort());
    const attempts = await pool.query(
      'SELECT count(*)::int AS n FROM push_attempts WHERE delivery_id = ANY($1)',
      [Object.values(old)],
    );
    expect(attempts.rows[0].n).toBe(0);
    expect(await sweep.sweep()).toBe(0);

    // PUSH_RETENTION_DAYS=0 keeps everything.
    const forever = createRetentionSweep({
      pool,
      settings: { retentionMs: 0, retentionSweepMs: 60_000 },
      logger: quietLogger,
      now: () => new Date(now.getTime() + 1000 * day),
    });
    expect(await forever.sweep()).toBe(0);
  });
});
