import { insertOutboxEntries, parkOutboxEntries } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../../tests/harness/index.ts';
import { createHealthMonitor } from './health.ts';

/**
 * The outbox as the health probe exports it, on the real Postgres (processors/README.md "Change
 * events waiting in the outbox"): what waits to be published and since when, per projection,
 * apart from what was parked for its size.
 */
describe('the health probe’s outbox gauges', () => {
  const services = testServices();
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'health');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const entry = (projection: string) => ({
    eventId: uniqueName('evt'),
    projection,
    recordKey: 'K',
    payload: { kind: 'express.traces', subject: 'SF1', data: {} },
  });

  it('says how many change events wait and how long the oldest has, per projection, and nothing once published', async () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const [old1, old2, parked] = [entry('tracking'), entry('tracking'), entry('tracking')];
    await insertOutboxEntries(pool, [old1, old2, parked], new Date(now.getTime() - 600_000));
    await parkOutboxEntries(pool, [parked.eventId], 'DOCUMENT_TOO_LARGE_FOR_LOG', now);
    await insertOutboxEntries(pool, [entry('order-status')], new Date(now.getTime() - 2_000));
    const monitor = createHealthMonitor({
      pool,
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      logger: quietLogger,
      lagSources: () => [],
      now: () => now,
    });
    const gauges = async () => {
      await monitor.probe();
      return (await monitor.registry.metrics())
        .split('\n')
        .filter((line) => line.startsWith('tradelog_change'));
    };
    expect(await gauges()).toEqual(
      expect.arrayContaining([
        'tradelog_change_events_parked{projection="tracking"} 1',
        'tradelog_change_outbox_waiting{projection="tracking"} 2',
        'tradelog_change_outbox_oldest_seconds{projection="tracking"} 600',
        'tradelog_change_outbox_waiting{projection="order-status"} 1',
        'tradelog_change_outbox_oldest_seconds{projection="order-status"} 2',
      ]),
    );
    // Published (deleted from the outbox): tracking's wait is over; its parked event stays counted.
    await pool.query('DELETE FROM change_outbox WHERE event_id = ANY($1)', [[old1.eventId, old2.eventId]]);
    const after = await gauges();
    expect(after).toContain('tradelog_change_events_parked{projection="tracking"} 1');
    expect(after.filter((line) => line.includes('outbox') && line.includes('"tracking"'))).toEqual([]);
  });
});
