import pg from 'pg';
import { ident } from './db.ts';

/**
 * A database role per service (deploy/README.md "Postgres: one role per service"). The role that
 * runs the migrations owns the schema and its tables; each service logs in with a role of its own
 * that may read and write exactly the tables it uses, and can neither change the schema nor
 * touch another service's tables. This declaration is the one list of who writes what; read from
 * the services' SQL (projections' statement modules and the services' own), and checked against
 * the migrations' tables and a real Postgres by tests/foundation/databaseRoles.int.test.ts.
 */
export const databaseServices = ['ingest', 'query-api', 'processors'] as const;
export type DatabaseService = (typeof databaseServices)[number];

export interface ServiceTablePrivileges {
  /** SELECT only. */
  reads: readonly string[];
  /** SELECT, INSERT, UPDATE, DELETE. */
  writes: readonly string[];
}

export const serviceTablePrivileges: Readonly<Record<DatabaseService, ServiceTablePrivileges>> = {
  // Validates and appends (ARCHITECTURE "ingest only validates and appends"): reads keys and
  // grants, keeps its idempotency records and call-limit blocks.
  ingest: {
    reads: ['accounts', 'api_keys'],
    writes: ['ingest_idempotency', 'call_limits'],
  },
  // Reads every view; writes what its endpoints manage: accounts and keys (operators), the
  // portal's tables, subscriptions and their deliveries (first tracking pushes and redelivery
  // insert them with their subject sequences; cancelling ends their claims), dead letters
  // (retry, discard), rebuild requests and their checkpoints, tracking first asks and usage,
  // the operators' audit, call-limit blocks.
  'query-api': {
    reads: ['change_outbox', 'push_attempts', 'push_deliveries_for_attempt'],
    writes: [
      'accounts',
      'api_keys',
      'call_limits',
      'dead_letters',
      'lender_coverage_thresholds',
      'operator_audit',
      'portal_accounts',
      'portal_attempts',
      'portal_codes',
      'portal_leads',
      'portal_sessions',
      'projection_checkpoints',
      'projection_versions',
      'push_deliveries',
      'push_delivery_claims',
      'push_subject_sequences',
      'push_subscriptions',
      'tracking_first_asks',
      'tracking_usage',
    ],
  },
  // Projects the log: checkpoints, versions (their schemas are its own, created at run time),
  // dead letters, the change outbox and the push deliveries; reads the subscriptions and the
  // keys and grants behind them, and first asks (the NODATA sweep).
  processors: {
    reads: [
      'accounts',
      'api_keys',
      'lender_coverage_thresholds',
      'push_subscriptions',
      'tracking_first_asks',
      'push_deliveries_for_attempt',
    ],
    writes: [
      'change_outbox',
      'dead_letters',
      'projection_checkpoints',
      'projection_versions',
      'push_attempts',
      'push_deliveries',
      'push_delivery_claims',
      'push_subject_sequences',
    ],
  },
};

export interface ServiceRole {
  name: string;
  /** Set (or changed) on every run when given; a role without one logs in as pg_hba allows. */
  password?: string;
}

export interface ServiceRolesOptions {
  /** The schema the migrations ran in (`public` in a deployment). */
  schema: string;
  roles: Readonly<Record<DatabaseService, ServiceRole>>;
  /** pg-boss's schema (processors' PUSH_BOSS_SCHEMA), handed to the processors' role if it exists. */
  bossSchema?: string;
}

/** The role of a service's DATABASE_URL, with its password, or undefined when none is given. */
export function serviceRoleFromUrl(databaseUrl: string | undefined): ServiceRole | undefined {
  if (databaseUrl === undefined) return undefined;
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.username);
  if (name === '') return undefined;
  return url.password === '' ? { name } : { name, password: decodeURIComponent(url.password) };
}

/**
 * Creates the services' roles (or updates their passwords), and grants each exactly its
 * declaration, in one transaction; idempotent, run after every migration by deploy/migrate.ts.
 * Runs as the role that owns the schema, which needs CREATEROLE (or as a superuser). Also:
 * - the processors' role may create schemas in the database (projection versions, pg-boss) and
 *   owns them; query-api reads every schema and table it creates (default privileges), and
 *   drops a retired version only through `drop_projection_version_schema`, owned by it;
 * - version schemas and pg-boss's schema made before the roles existed are handed over to it.
 */
export async function applyServiceRoles(databaseUrl: string, options: ServiceRolesOptions): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await grantInOneTransaction(db, options);
  } finally {
    await db.end();
  }
}

async function grantInOneTransaction(db: pg.ClientBase, options: ServiceRolesOptions): Promise<void> {
  const schema = ident(options.schema);
  const role = (service: DatabaseService) => quoteName(options.roles[service].name);
  const tables = (names: readonly string[]) =>
    names
      .map(ident)
      .map((t) => `${schema}.${t}`)
      .join(', ');
  await db.query('BEGIN');
  try {
    for (const service of databaseServices) {
      const { name, password } = options.roles[service];
      const { rows } = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
      const verb = rows.length === 0 ? 'CREATE' : 'ALTER';
      const { rows: statement } = await db.query(
        password === undefined
          ? `SELECT format('${verb} ROLE %I LOGIN', $1::text) AS sql`
          : `SELECT format('${verb} ROLE %I LOGIN PASSWORD %L', $1::text, $2::text) AS sql`,
        password === undefined ? [name] : [name, password],
      );
      await db.query(statement[0].sql);
      await db.query(`GRANT CONNECT ON DATABASE ${quoteName(await currentDatabase(db))} TO ${role(service)}`);
      await db.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role(service)}`);
      // From the declaration alone: what an earlier run granted and the declaration dropped goes.
      await db.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${role(service)}`);
      const { reads, writes } = serviceTablePrivileges[service];
      await db.query(`GRANT SELECT ON ${tables([...reads, ...writes])} TO ${role(service)}`);
      await db.query(`GRANT INSERT, UPDATE, DELETE ON ${tables(writes)} TO ${role(service)}`);
      // bigserial columns of the tables it inserts into.
      await db.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role(service)}`);
    }

    const processors = options.roles.processors.name;
    // ALTER DEFAULT PRIVILEGES FOR ROLE and handing objects over need membership in the role;
    // a CREATEROLE owner grants itself that (a superuser has it already).
    const { rows: member } = await db.query(
      `SELECT pg_has_role(current_user, $1::text, 'MEMBER') AS member`,
      [processors],
    );
    if (!member[0].member) await db.query(`GRANT ${role('processors')} TO current_user`);
    await db.query(
      `GRANT CREATE ON DATABASE ${quoteName(await currentDatabase(db))} TO ${role('processors')}`,
    );
    await db.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${role('processors')} GRANT USAGE ON SCHEMAS TO ${role('query-api')}`,
    );
    await db.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${role('processors')} GRANT SELECT ON TABLES TO ${role('query-api')}`,
    );
    // A new owner needs CREATE on the function's schema, which the processors' role must not keep.
    await db.query(`GRANT CREATE ON SCHEMA ${schema} TO ${role('processors')}`);
    await db.query(
      `ALTER FUNCTION ${schema}.drop_projection_version_schema(text) OWNER TO ${role('processors')}`,
    );
    await db.query(`REVOKE CREATE ON SCHEMA ${schema} FROM ${role('processors')}`);
    await db.query(
      `GRANT EXECUTE ON FUNCTION ${schema}.drop_projection_version_schema(text) TO ${role('query-api')}, ${role('processors')}`,
    );

    const { rows: versionSchemas } = await db.query<{ name: string }>(
      `SELECT n.nspname AS name FROM ${schema}.projection_versions v JOIN pg_namespace n ON n.nspname = v.schema_name
       ORDER BY 1`,
    );
    for (const { name } of versionSchemas) {
      await handOver(db, name, processors);
      await db.query(`GRANT USAGE ON SCHEMA ${ident(name)} TO ${role('query-api')}`);
      await db.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${ident(name)} TO ${role('query-api')}`);
    }
    if (options.bossSchema !== undefined) {
      const { rows: boss } = await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
        options.bossSchema,
      ]);
      if (boss.length > 0) await handOver(db, options.bossSchema, processors);
    }
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A role or database name, quoted (they may hold characters `ident` refuses). */
function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function currentDatabase(db: pg.ClientBase): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
  return rows[0]!.name;
}

/** Makes `owner` the owner of a schema and of every table, sequence, view, function and type in it. */
async function handOver(db: pg.ClientBase, schemaName: string, owner: string): Promise<void> {
  const to = quoteName(owner);
  await db.query(`ALTER SCHEMA ${ident(schemaName)} OWNER TO ${to}`);
  const { rows } = await db.query<{ sql: string }>(
    `SELECT format('ALTER %s %s OWNER TO %s',
              CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
              c.oid::regclass, $2::text) AS sql
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
        -- a sequence owned by a column follows its table
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i') AND c.relkind = 'S')
     UNION ALL
     SELECT format('ALTER ROUTINE %s OWNER TO %s', p.oid::regprocedure, $2::text)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
     UNION ALL
     SELECT format('ALTER TYPE %s OWNER TO %s', t.oid::regtype, $2::text)
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype IN ('e', 'd', 'r')`,
    [schemaName, to],
  );
  for (const { sql } of rows) await db.query(sql);
}
