import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { generateApiKey } from '@tradelog/projections/access/apiKey';
import { createApiKey } from '@tradelog/projections/access/store';
import {
  applyServiceRoles,
  type DatabaseService,
  databaseServices,
  type ServiceRole,
  serviceTablePrivileges,
} from '@tradelog/projections/databaseRoles';
import { migrate, migrationsDir } from '@tradelog/projections/migrate';
import { insertOutboxEntries } from '@tradelog/projections/outbox';
import { cancelOpenDeliveries } from '@tradelog/projections/push/redelivery';
import { createVersionTables } from '@tradelog/projections/tables';
import { dropVersion, insertNextVersion, markVersionFailed } from '@tradelog/projections/versions';
import { findApiKeyByHash } from '@tradelog/schemas/kit/access/keyStore';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testServices } from '../harness/index.ts';

/**
 * A database role per service (deploy/README.md "Postgres: one role per service"): on a database
 * of its own, migrated as deploy/migrate.ts does and with the roles granted as it grants them,
 * each service's role does what the service does (with the services' own statement functions
 * where they exist) and is refused what it does not: schema changes, other services' tables.
 */
describe('database roles per service', () => {
  const services = testServices();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let roles: Record<DatabaseService, ServiceRole>;
  let ownerName: string;
  const clients = {} as Record<DatabaseService | 'owner', pg.Client>;
  const now = () => new Date();
  let liveSchema: string;
  let retiredVersion: number;

  const urlOf = (user: string | undefined) => {
    const url = new URL(database.databaseUrl);
    if (user !== undefined) {
      url.username = user;
      url.password = Object.values(roles ?? {}).find((role) => role.name === user)?.password ?? '';
    }
    return url.toString();
  };
  const connectAs = async (user: string | undefined) => {
    const client = new pg.Client({ connectionString: urlOf(user) });
    await client.connect();
    return client;
  };
  const idempotencyInsert = `INSERT INTO ingest_idempotency (partner_id, interface_id, idempotency_key, body_sha256,
      document_id, state, reserved_at, expires_at) VALUES ('P001', 'purchase', 'k1', 'h', 'd1', 'pending', now(), now())`;
  /** Refused for want of privilege (SQLSTATE 42501), not for any other reason. */
  const refused = async (client: pg.Client, sql: string, params: unknown[] = []) => {
    const error = await client.query(sql, params).then(
      () => undefined,
      (e: unknown) => e as { code?: string; message: string },
    );
    expect(error?.code, `${sql} should be refused`).toBe('42501');
  };

  beforeAll(async () => {
    database = await createTestDatabase(services.databaseUrl, 'roles');
    // As in production: the migrations' role owns the database and may create roles, and is no
    // superuser (deploy/README.md "Postgres: one role per service").
    ownerName = `${database.name}__owner`;
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE "${ownerName}" LOGIN CREATEROLE`);
    await admin.query(`ALTER DATABASE "${database.name}" OWNER TO "${ownerName}"`);
    await admin.end();
    await migrate(urlOf(ownerName));
    clients.owner = await connectAs(ownerName);
    // A deployment that ran as one role until now: a live version built before the split.
    const live = await insertNextVersion(clients.owner, 'proj', 'order-status', 'live', now());
    await createVersionTables(clients.owner, 'order-status', live.schemaName);
    liveSchema = live.schemaName;
    roles = Object.fromEntries(
      databaseServices.map((service) => [
        service,
        { name: `${database.name}__${service}`, password: randomUUID() },
      ]),
    ) as Record<DatabaseService, ServiceRole>;
    await applyServiceRoles(urlOf(ownerName), { schema: 'public', roles, bossSchema: 'pgboss' });
    // Idempotent, as every release runs it.
    await applyServiceRoles(urlOf(ownerName), { schema: 'public', roles, bossSchema: 'pgboss' });
    for (const service of databaseServices) clients[service] = await connectAs(roles[service].name);
  });

  afterAll(async () => {
    for (const client of Object.values(clients)) await client.end().catch(() => undefined);
    await database?.drop();
    const admin = new pg.Client({ connectionString: services.databaseUrl });
    await admin.connect();
    for (const name of [...Object.values(roles ?? {}).map((role) => role.name), ownerName])
      await admin.query(`DROP ROLE IF EXISTS "${name}"`);
    await admin.end();
  });

  it('declares every table the migrations create, for some service', () => {
    const created = new Set(
      readdirSync(migrationsDir).flatMap((file) =>
        [
          ...readFileSync(`${migrationsDir}/${file}`, 'utf8').matchAll(
            /CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi,
          ),
        ].map((m) => m[1]!),
      ),
    );
    const declared = new Set(
      databaseServices.flatMap((s) => [
        ...serviceTablePrivileges[s].reads,
        ...serviceTablePrivileges[s].writes,
      ]),
    );
    expect([...created].filter((table) => !declared.has(table))).toEqual([]);
  });

  it('lets ingest read keys and keep its own records, and nothing more', async () => {
    const db = clients.ingest;
    const key = generateApiKey();
    await createApiKey(clients.owner, {
      id: randomUUID(),
      kind: 'partner',
      ownerId: 'P001',
      ownerName: 'Partner',
      enterprises: ['E1'],
      feeds: [],
      keyPrefix: key.prefix,
      keyHash: key.hash,
      createdAt: now(),
    });
    expect((await findApiKeyByHash(db, key.hash))?.ownerId).toBe('P001');
    await db.query(idempotencyInsert);
    await db.query(`DELETE FROM ingest_idempotency WHERE idempotency_key = 'k1'`);
    await db.query(`INSERT INTO call_limits (key, points, expire) VALUES ('ip:1', 1, 0)`);
    await db.query(`DELETE FROM call_limits WHERE key = 'ip:1'`);

    await refused(db, `UPDATE accounts SET enterprises = '{E1,E2}'`);
    await refused(db, 'SELECT * FROM portal_accounts');
    await refused(db, 'SELECT * FROM push_subscriptions');
    await refused(db, `SELECT * FROM "${liveSchema}".orders`);
    await refused(db, 'DROP TABLE api_keys');
    await refused(db, 'CREATE TABLE scratch (id int)');
  });

  it('lets the processors build a version in a schema of their own and write their tables, and nothing more', async () => {
    const db = clients.processors;
    const version = await insertNextVersion(db, 'proj', 'order-status', 'building', now());
    await createVersionTables(db, 'order-status', version.schemaName);
    await db.query(`INSERT INTO "${version.schemaName}".orders SELECT * FROM "${liveSchema}".orders`);
    // The version built before the roles existed is handed over: the processors keep writing it.
    await db.query(`DELETE FROM "${liveSchema}".orders`);
    await insertOutboxEntries(
      db,
      [{ eventId: 'e1', projection: 'order-status', recordKey: 'k', payload: {} }],
      now(),
    );
    await db.query(
      `SELECT * FROM push_subscriptions s JOIN api_keys k ON k.id = s.key_id JOIN accounts a ON a.id = k.account_id`,
    );
    await markVersionFailed(db, 'order-status', version.version, 'test');
    // pg-boss makes its schema at the push processor's start.
    const boss = new PgBoss({ connectionString: urlOf(roles.processors.name), schema: 'pgboss', max: 1 });
    await boss.start();
    await boss.stop({ graceful: false });
    retiredVersion = version.version;

    await refused(db, 'SELECT * FROM portal_accounts');
    await refused(db, `UPDATE api_keys SET revoked_at = now()`);
    await refused(db, `DELETE FROM push_subscriptions`);
    await refused(db, 'DROP TABLE projection_versions');
    await refused(db, 'CREATE TABLE scratch (id int)');
  });

  it('lets query-api read the views and write what its endpoints manage, and nothing more', async () => {
    const db = clients['query-api'];
    const created = await insertNextVersion(clients.processors, 'proj', 'link-node', 'building', now());
    await createVersionTables(clients.processors, 'link-node', created.schemaName);
    // Reads every version schema the processors made, before and after the roles.
    await db.query(`SELECT count(*) FROM "${liveSchema}".orders`);
    await db.query(`SELECT count(*) FROM "${created.schemaName}".nodes`);
    await db.query(
      `INSERT INTO portal_leads (form, fields, lang, created_at) VALUES ('contact', '{}', 'en', now())`,
    );
    await db.query('UPDATE accounts SET name = name WHERE false');
    await db.query('UPDATE push_deliveries SET id = id WHERE false');
    expect(await cancelOpenDeliveries(db, randomUUID(), now())).toBe(0);
    await db.query('UPDATE push_subject_sequences SET last_sequence = last_sequence WHERE false');
    await db.query('DELETE FROM tracking_usage WHERE false');
    // Drops a retired version through the processors' function, never a live one.
    const pool = new pg.Pool({ connectionString: urlOf(roles['query-api'].name), max: 1 });
    try {
      expect(await dropVersion(pool, 'order-status', retiredVersion)).toBe(true);
    } finally {
      await pool.end();
    }
    await refused(db, 'SELECT drop_projection_version_schema($1)', [liveSchema]);
    await refused(db, `DROP SCHEMA "${liveSchema}" CASCADE`);

    await refused(db, idempotencyInsert);
    await refused(db, `DELETE FROM "${liveSchema}".orders`);
    await refused(db, 'DELETE FROM change_outbox');
    await refused(db, 'DROP TABLE push_subscriptions');
    await refused(db, 'CREATE SCHEMA scratch');
  });
});
