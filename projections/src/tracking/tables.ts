import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';
import type { TrackedItem } from './item.ts';

/** Tracking tables: one row per tracked item, its history travelling with it as a JSON array. */
export async function createTrackingTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  await db.query(`
    CREATE TABLE IF NOT EXISTS ${s}.items (
      subject text PRIMARY KEY,
      family text NOT NULL,
      aliases text[] NOT NULL,
      facts jsonb NOT NULL,
      events jsonb NOT NULL,
      derived jsonb NOT NULL,
      reports jsonb NOT NULL,
      last_event_id text,
      first_received_at text NOT NULL,
      last_received_at text NOT NULL
    );
    CREATE INDEX IF NOT EXISTS items_aliases ON ${s}.items USING gin (aliases);`);
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toItem = (row: any): TrackedItem => ({
  family: row.family,
  subject: row.subject,
  aliases: row.aliases,
  facts: row.facts,
  events: row.events,
  derived: row.derived,
  reports: row.reports,
  lastEventId: row.last_event_id,
  firstReceivedAt: row.first_received_at,
  lastReceivedAt: row.last_received_at,
});

export async function findItems(
  db: Queryable,
  schema: string,
  subjects: readonly string[],
): Promise<TrackedItem[]> {
  const { rows } = await db.query(`SELECT * FROM ${ident(schema)}.items WHERE subject = ANY($1)`, [subjects]);
  return rows.map(toItem);
}

/**
 * The item a query names: by its own subject first, else by an alias (an ocean container or
 * booking number); among several items sharing an alias, the most recently reported.
 */
export async function findItemByKey(db: Queryable, schema: string, key: string): Promise<TrackedItem | null> {
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.items WHERE subject = $1 OR aliases @> ARRAY[$1]::text[]
     ORDER BY (subject = $1) DESC, last_received_at DESC LIMIT 1`,
    [key],
  );
  return rows[0] ? toItem(rows[0]) : null;
}

/** Aliases become a text array: the GIN index finds an item by any of its numbers. */
const itemColumns: readonly Column<TrackedItem>[] = [
  ['subject', 'text', (item) => item.subject],
  ['family', 'text', (item) => item.family],
  ['aliases', 'text[]', (item) => item.aliases],
  ['facts', 'jsonb', (item) => item.facts],
  ['events', 'jsonb', (item) => item.events],
  ['derived', 'jsonb', (item) => item.derived],
  ['reports', 'jsonb', (item) => item.reports],
  ['last_event_id', 'text', (item) => item.lastEventId],
  ['first_received_at', 'text', (item) => item.firstReceivedAt],
  ['last_received_at', 'text', (item) => item.lastReceivedAt],
];

/** Writes a batch's changed items with one statement (rows in key order: concurrent writers never deadlock). */
export async function upsertItems(
  db: Queryable,
  schema: string,
  items: readonly TrackedItem[],
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: `${ident(schema)}.items`,
      key: ['subject'],
      columns: itemColumns,
      // An item's family and first sighting stay as first written.
      onConflict: {
        update: ['aliases', 'facts', 'events', 'derived', 'reports', 'last_event_id', 'last_received_at'],
      },
    },
    items,
  );
}
