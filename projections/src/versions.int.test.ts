import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testServices } from '../../tests/harness/index.ts';
import { inTransaction } from './db.ts';
import { insertDeadLetter, listDeadLetters, markDeadLetterRetrying } from './deadLetters.ts';
import { migrate } from './migrate.ts';
import {
  insertNextVersion,
  lockProjectionExclusive,
  lockProjectionShared,
  switchLiveVersion,
} from './versions.ts';

// Advisory locks are database-wide; two namespaces sharing a database (tests, a benchmark
// beside a deployment) must never wait for each other's switch or batches (db.ts advisoryLockKey).
describe('projection locks of two namespaces in one database', () => {
  const { databaseUrl } = testServices();
  const schemas: Awaited<ReturnType<typeof createTestSchema>>[] = [];
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    for (const prefix of ['locka', 'lockb']) {
      const schema = await createTestSchema(databaseUrl, prefix);
      await migrate(databaseUrl, { schema: schema.schema });
      schemas.push(schema);
      pools.push(new pg.Pool({ connectionString: schema.databaseUrl, max: 3 }));
    }
  });

  afterAll(async () => {
    for (const pool of pools) await pool.end();
    for (const schema of schemas) await schema.drop();
  });

  /** Whether `lock` is granted on `pool` while another transaction holds the exclusive lock in `holder`. */
  async function grantedBeside(
    holder: pg.Pool,
    pool: pg.Pool,
    lock: typeof lockProjectionShared,
  ): Promise<boolean> {
    const held = await holder.connect();
    try {
      await held.query('BEGIN');
      await lockProjectionExclusive(held, 'link-node');
      return await inTransaction(pool, async (db) => {
        await db.query("SET LOCAL lock_timeout = '500ms'");
        try {
          await lock(db, 'link-node');
          return true;
        } catch (error) {
          if ((error as { code?: string }).code === '55P03') return false;
          throw error;
        }
      });
    } finally {
      await held.query('ROLLBACK');
      held.release();
    }
  }

  it('a switch in one namespace holds back batches of its own, not of another', async () => {
    const [a, b] = pools as [pg.Pool, pg.Pool];
    expect(await grantedBeside(a, b, lockProjectionShared)).toBe(true);
    expect(await grantedBeside(a, b, lockProjectionExclusive)).toBe(true);
    expect(await grantedBeside(a, a, lockProjectionShared)).toBe(false);
  });
});

// A switch leaves the replaced versions' dead letters done with (processors/README.md "Dead
// letters"): the new version read their records itself.
describe('the switch to a rebuilt version', () => {
  const { databaseUrl } = testServices();
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    schema = await createTestSchema(databaseUrl, 'switchdl');
    await migrate(databaseUrl, { schema: schema.schema });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await schema?.drop();
  });

  it('supersedes the open and retrying letters of the other versions, not the new live one’s nor push’s', async () => {
    const at = new Date();
    const live = await inTransaction(pool, (db) => insertNextVersion(db, 'sw', 'link-node', 'live', at));
    const built = await inTransaction(pool, (db) => insertNextVersion(db, 'sw', 'link-node', 'building', at));
    const letter = (projection: string, consumerGroup: string, offset: string) => ({
      projection,
      consumerGroup,
      topic: 'tradelog.doc.pod.v1',
      partition: 0,
      offset,
      recordKey: null,
      headers: {},
      value: null,
      errorCode: 'APPLY_BUG',
      errorMessage: 'cannot apply',
      failedAt: at,
    });
    await insertDeadLetter(pool, letter('link-node', live.consumerGroup, '1'));
    await insertDeadLetter(pool, letter('link-node', live.consumerGroup, '2'));
    await insertDeadLetter(pool, letter('link-node', built.consumerGroup, '1'));
    await insertDeadLetter(pool, letter('push', 'tradelog-push', '1'));
    const [open, retrying] = await listDeadLetters(pool, { projection: 'link-node', limit: 10 });
    await markDeadLetterRetrying(pool, retrying!.id);

    await inTransaction(pool, (db) => switchLiveVersion(db, 'link-node', built.version, new Date()));

    const states = (await listDeadLetters(pool, { limit: 10 })).map((l) => [
      l.consumerGroup,
      l.offset,
      l.state,
    ]);
    expect(states).toEqual([
      [live.consumerGroup, open!.offset, 'superseded'],
      [live.consumerGroup, retrying!.offset, 'superseded'],
      [built.consumerGroup, '1', 'open'],
      ['tradelog-push', '1', 'open'],
    ]);
  });
});
